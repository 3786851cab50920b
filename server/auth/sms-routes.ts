/** SMS codes and phone login (`/sys/sms`, `/sys/phoneLogin`, `/sys/loginBySMS`). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail, ok } from '../core/envelope.ts';
import { isMobile } from '../../src/contracts/validation/formats.ts';
import { issueSmsCode, SMS_CODE_TTL_SECONDS, verifySmsCode, VERIFY_MESSAGES } from '../sms/codes.ts';
import type { SmsMode, SmsProvider } from '../sms/provider.ts';
import { completeLogin } from './routes.ts';
import { loginThrottle, TOO_MANY } from './login-throttle.ts';

const SEND_LIMIT_PER_HOUR = 30;
const MODES = new Set<SmsMode>(['0', '1', '2']);
const PURPOSE: Record<SmsMode, string> = { '0': '登录', '1': '注册', '2': '找回密码' };
/** New self-registered accounts land in the platform's first tenant. */
const DEFAULT_TENANT_ID = 1;

interface SmsBody {
  mobile?: unknown;
  smsmode?: unknown;
  captcha?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

async function findLiveUserByPhone(ctx: AppContext, mobile: string) {
  return ctx.db.selectFrom('sys_user').selectAll().where('phone', '=', mobile).where('del_flag', '=', 0).executeTakeFirst();
}

export function registerSmsRoutes(app: FastifyInstance, ctx: AppContext, prefix: string, sms: SmsProvider): void {
  app.post(`${prefix}/sys/sms`, { config: { public: true } }, async (request) => {
    const body = (request.body ?? {}) as SmsBody;
    const mobile = text(body.mobile);
    const mode = text(body.smsmode) as SmsMode;
    if (!isMobile(mobile)) return fail('请输入正确的11位手机号码');
    if (!MODES.has(mode)) return fail('短信用途不正确');
    const sentFromIp = await ctx.kv.incr(`sms:ip:${request.ip}`, 3600);
    if (sentFromIp > SEND_LIMIT_PER_HOUR) return fail('短信发送过于频繁，请稍后再试', 429);
    const user = await findLiveUserByPhone(ctx, mobile);
    if (mode === '1' && user) return fail('该手机号已注册，请直接登录');
    const issued = await issueSmsCode(ctx.kv, mode, mobile);
    if (!issued.ok) return fail(`验证码已发送，请${issued.waitSeconds}秒后再获取`);
    // For login and password reset, an unknown number gets the same answer but no message: the endpoint must
    // not tell strangers which numbers have accounts.
    if (mode === '1' || user) {
      const tenantId = Number((user?.rel_tenant_ids ?? '').split(',')[0]) || DEFAULT_TENANT_ID;
      await sms.send({
        mobile,
        mode,
        tenantId,
        content: `【${PURPOSE[mode]}验证码】${issued.code}，${SMS_CODE_TTL_SECONDS / 60}分钟内有效，请勿告诉他人。`,
      });
    }
    return ok(null, '验证码已发送');
  });

  const phoneLogin = async (request: FastifyRequest) => {
    const body = (request.body ?? {}) as SmsBody;
    const mobile = text(body.mobile);
    const code = text(body.captcha);
    if (!isMobile(mobile) || !/^\d{6}$/.test(code)) return fail('请输入手机号和6位验证码');
    const throttle = loginThrottle(ctx.kv, `phone:${mobile}`, request.ip);
    if (await throttle.lockedOut()) return fail(TOO_MANY, 429);
    // No image captcha here: the texted code is single use and dropped after five wrong tries (sms/codes.ts).
    if ((await throttle.begin('not-used')) !== 'go') return fail(TOO_MANY, 429);
    const outcome = await verifySmsCode(ctx.kv, '0', mobile, code);
    if (outcome !== 'ok') {
      await throttle.failed();
      return fail(VERIFY_MESSAGES[outcome]);
    }
    const user = await findLiveUserByPhone(ctx, mobile);
    if (!user) return fail(VERIFY_MESSAGES.expired);
    await throttle.succeeded();
    return completeLogin(ctx, user, request.ip);
  };
  app.post(`${prefix}/sys/phoneLogin`, { config: { public: true, audit: 'login' } }, phoneLogin);
  app.post(`${prefix}/sys/loginBySMS`, { config: { public: true, audit: 'login' } }, phoneLogin);
}
