/**
 * Forgotten password, reset by SMS (`/user/alteration`). Step 1 proves the phone with a mode-2 code and receives
 * a short-lived reset ticket — JeecgBoot echoed the SMS code back and then took the new password in a GET query
 * string; here the ticket is random, single use, bound to the user, and the password travels in a POST body.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { fail, ok } from '../core/envelope.ts';
import { isMobile } from '../../src/contracts/validation/formats.ts';
import { verifySmsCode, VERIFY_MESSAGES } from '../sms/codes.ts';
import { PASSWORD_POLICY_MESSAGE } from '../../src/contracts/password-policy.ts';
import { hashPassword, isStrongPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';
import { loginThrottle, TOO_MANY_TRIES } from './login-throttle.ts';

const TICKET_TTL_SECONDS = 600;
const ticketKey = (ticket: string) => `reset:${crypto.createHash('sha256').update(ticket).digest('hex')}`;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function registerResetRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  app.post(`${prefix}/sys/user/phoneVerification`, { config: { public: true } }, async (request) => {
    const body = (request.body ?? {}) as { phone?: unknown; smscode?: unknown };
    const phone = text(body.phone);
    const code = text(body.smscode);
    if (!isMobile(phone) || !/^\d{6}$/.test(code)) return fail('请输入手机号和6位验证码');
    const throttle = loginThrottle(ctx.kv, `phone:${phone}`, request.ip);
    if (await throttle.lockedOut()) return fail(TOO_MANY_TRIES, 429);
    if ((await throttle.begin('not-used')) !== 'go') return fail(TOO_MANY_TRIES, 429);
    const outcome = await verifySmsCode(ctx.kv, '2', phone, code);
    if (outcome !== 'ok') {
      await throttle.failed();
      return fail(VERIFY_MESSAGES[outcome]);
    }
    const user = await ctx.db
      .selectFrom('sys_user')
      .select(['id', 'username'])
      .where('phone', '=', phone)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!user) return fail(VERIFY_MESSAGES.expired);
    const ticket = crypto.randomBytes(24).toString('base64url');
    await ctx.kv.set(ticketKey(ticket), JSON.stringify({ userId: user.id, phone }), TICKET_TTL_SECONDS);
    return ok({ username: user.username, ticket }, '验证成功');
  });

  app.post(`${prefix}/sys/user/passwordChange`, { config: { public: true } }, async (request) => {
    const body = (request.body ?? {}) as { ticket?: unknown; password?: unknown; confirmpassword?: unknown };
    const password = typeof body.password === 'string' ? body.password : '';
    if (!isStrongPassword(password)) return fail(PASSWORD_POLICY_MESSAGE);
    if (password !== body.confirmpassword) return fail('两次输入密码不一致!');
    const stored = await ctx.kv.take(ticketKey(text(body.ticket)));
    if (!stored) return fail('重置链接已失效，请重新验证手机号');
    const { userId } = JSON.parse(stored) as { userId: string };
    const hash = await hashPassword(password);
    await ctx.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('sys_user')
        .set({ password_hash: hash, must_change_password: false, password_changed_at: sql<string>`now()`, update_time: sql<string>`now()` })
        .where('id', '=', userId)
        .execute();
      // Whoever knew the old password is signed out everywhere.
      await revokeUserSessions(tx, userId);
    });
    return ok(null, '密码重置成功!');
  });
}
