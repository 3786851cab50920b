/**
 * `GET /sys/thirdApp/getEnabledType`: which third-party apps (企业微信, 钉钉) user and message sync is switched on
 * for — JeecgBoot answers a map of type → enabled, and the stock admin shows its sync buttons only for enabled
 * ones. This server integrates neither, so there is nothing to configure and each type answers false; a type
 * becomes true only when an integration for it exists and is configured.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../core/envelope.ts';

/** JeecgBoot's third-app type names → whether this server has that integration configured (none is built). */
const ENABLED_THIRD_APPS: Readonly<Record<'wechatEnterprise' | 'dingtalk', boolean>> = { wechatEnterprise: false, dingtalk: false };

export function registerThirdAppRoutes(app: FastifyInstance, prefix: string): void {
  app.get(`${prefix}/sys/thirdApp/getEnabledType`, { config: { authenticated: true } }, async () => ok({ ...ENABLED_THIRD_APPS }));
}
