/**
 * CAS single sign-on (`/sys/cas/client/validateLogin`, also at `/cas/client/validateLogin`). The browser comes back
 * from the CAS login page with a service ticket; the server validates it against the configured CAS server
 * (`/p3/serviceValidate`) for **this app's own service URL** — never a service named by the caller, or a ticket
 * issued to another CAS client could be replayed here — and signs in the account with the CAS user name.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail } from '../core/envelope.ts';
import { completeLogin } from './routes.ts';

const VALIDATE_TIMEOUT_MS = 5000;

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]);

export type CasValidation = { ok: true; user: string } | { ok: false; reason: string };

/** Reads a CAS 2.0/3.0 `serviceResponse`: the user on success, the failure text otherwise. */
export function parseServiceResponse(xml: string): CasValidation {
  const success = /<cas:authenticationSuccess>([\s\S]*?)<\/cas:authenticationSuccess>/.exec(xml);
  if (success) {
    const user = /<cas:user>\s*([^<]+?)\s*<\/cas:user>/.exec(success[1]);
    if (user) return { ok: true, user: decodeXml(user[1]) };
  }
  const failure = /<cas:authenticationFailure[^>]*>([\s\S]*?)<\/cas:authenticationFailure>/.exec(xml);
  return { ok: false, reason: failure ? decodeXml(failure[1].trim()) : 'CAS服务器返回了无法识别的应答' };
}

/** The browser's CAS login address for this app, or '' when single sign-on is not configured. */
export function casLoginUrl(ctx: AppContext): string {
  const { casServerUrl, casServiceUrl } = ctx.config;
  return casServerUrl && casServiceUrl ? `${casServerUrl}/login?service=${encodeURIComponent(casServiceUrl)}` : '';
}

async function validateTicket(server: string, service: string, ticket: string): Promise<CasValidation> {
  const url = `${server}/p3/serviceValidate?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket)}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS) });
  if (!response.ok) return { ok: false, reason: `CAS服务器应答 ${response.status}` };
  return parseServiceResponse(await response.text());
}

export function registerCasRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const handler = async (request: FastifyRequest) => {
    const { casServerUrl, casServiceUrl } = ctx.config;
    if (!casServerUrl || !casServiceUrl) return fail('未启用CAS单点登录');
    const input = { ...(request.query as Record<string, unknown>), ...((request.body ?? {}) as Record<string, unknown>) };
    const ticket = typeof input.ticket === 'string' ? input.ticket.trim() : '';
    if (!/^[A-Za-z0-9._-]{1,256}$/.test(ticket)) return fail('票据无效，请重新登录');
    let validation: CasValidation;
    try {
      validation = await validateTicket(casServerUrl, casServiceUrl, ticket);
    } catch (cause: unknown) {
      request.log.warn({ err: cause }, 'CAS ticket validation failed');
      return fail('无法连接CAS服务器，请稍后再试');
    }
    if (!validation.ok) {
      request.log.info({ reason: validation.reason }, 'CAS refused a ticket');
      return fail('票据无效，请重新登录');
    }
    const user = await ctx.db.selectFrom('sys_user').selectAll().where('username', '=', validation.user).executeTakeFirst();
    if (!user) return fail('该用户不存在，请联系管理员开通账号');
    return completeLogin(ctx, user, request.ip);
  };
  for (const path of ['/sys/cas/client/validateLogin', '/cas/client/validateLogin']) {
    app.get(`${prefix}${path}`, { config: { public: true, audit: 'login' } }, handler);
    app.post(`${prefix}${path}`, { config: { public: true, audit: 'login' } }, handler);
  }
}
