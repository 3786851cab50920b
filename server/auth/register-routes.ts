/**
 * Self-registration (`POST /sys/user/register`, page `/user/register`). The phone is proved with a mode-1 SMS code;
 * the new account joins the platform's first tenant with the `registered` role only (the dashboard), and an admin
 * grants it more. JeecgBoot did the same with a fixed default role id.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail, fieldFailure, ok } from '../core/envelope.ts';
import { newId } from '../core/ids.ts';
import { isMobile } from '../../src/contracts/validation/formats.ts';
import { PASSWORD_POLICY_MESSAGE } from '../../src/contracts/password-policy.ts';
import { USERNAME_MESSAGE, USERNAME_PATTERN } from '../../src/contracts/registration.ts';
import { verifySmsCode, VERIFY_MESSAGES } from '../sms/codes.ts';
import { hashPassword, isStrongPassword } from './passwords.ts';
import { loginThrottle, TOO_MANY_TRIES } from './login-throttle.ts';

export const REGISTERED_ROLE = { code: 'registered', name: '注册用户', description: '自助注册的账号，待管理员分配权限' } as const;
const DEFAULT_TENANT_ID = 1;

interface RegisterBody {
  username?: unknown;
  realname?: unknown;
  password?: unknown;
  confirmpassword?: unknown;
  phone?: unknown;
  smscode?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The role self-registered accounts receive; created on first use so databases seeded before it existed work too. */
async function registeredRoleId(ctx: AppContext): Promise<string> {
  await ctx.db
    .insertInto('sys_role')
    .values({ id: newId(), role_code: REGISTERED_ROLE.code, role_name: REGISTERED_ROLE.name, description: REGISTERED_ROLE.description })
    .onConflict((oc) => oc.column('role_code').doNothing())
    .execute();
  const role = await ctx.db.selectFrom('sys_role').select('id').where('role_code', '=', REGISTERED_ROLE.code).executeTakeFirstOrThrow();
  return role.id;
}

export function registerRegistrationRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  app.post(`${prefix}/sys/user/register`, { config: { public: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = (request.body ?? {}) as RegisterBody;
    const username = text(body.username);
    const realname = text(body.realname) || username;
    const phone = text(body.phone);
    const code = text(body.smscode);
    const password = typeof body.password === 'string' ? body.password : '';
    if (!USERNAME_PATTERN.test(username)) return fieldFailure([{ field: 'username', message: USERNAME_MESSAGE }]);
    if (realname.length > 50) return fieldFailure([{ field: 'realname', message: '姓名不能超过50个字' }]);
    if (!isStrongPassword(password)) return fieldFailure([{ field: 'password', message: PASSWORD_POLICY_MESSAGE }]);
    if (password !== body.confirmpassword) return fieldFailure([{ field: 'confirmpassword', message: '两次输入密码不一致!' }]);
    if (!isMobile(phone)) return fieldFailure([{ field: 'phone', message: '请输入正确的11位手机号码' }]);
    if (!/^\d{6}$/.test(code)) return fieldFailure([{ field: 'smscode', message: '请输入6位短信验证码' }]);

    // Registration tells whether a name is taken, so probing it counts against the address like a failed login.
    const throttle = loginThrottle(ctx.kv, `register:${phone}`, request.ip);
    if (await throttle.lockedOut()) return fail(TOO_MANY_TRIES, 429);
    if ((await throttle.begin('not-used')) !== 'go') return fail(TOO_MANY_TRIES, 429);
    const taken = await ctx.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirst();
    if (taken) {
      await throttle.failed();
      return fieldFailure([{ field: 'username', message: '用户账号已存在' }]);
    }
    const outcome = await verifySmsCode(ctx.kv, '1', phone, code);
    if (outcome !== 'ok') {
      await throttle.failed();
      return fieldFailure([{ field: 'smscode', message: VERIFY_MESSAGES[outcome] }]);
    }

    const roleId = await registeredRoleId(ctx);
    const hash = await hashPassword(password);
    const userId = newId();
    try {
      await ctx.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('sys_user')
          .values({
            id: userId, username, realname, password_hash: hash, phone, status: 1, del_flag: 0, user_type: 1,
            rel_tenant_ids: String(DEFAULT_TENANT_ID), create_by: username,
          })
          .execute();
        await tx.insertInto('sys_user_role').values({ user_id: userId, role_id: roleId }).execute();
      });
    } catch (cause: unknown) {
      // Two registrations racing for the same name or phone: the unique indexes decide, nothing is half-written.
      if ((cause as { code?: string }).code === '23505') return fail('该用户名或手机号已注册，请直接登录');
      throw cause;
    }
    await throttle.succeeded();
    return ok({ username }, '注册成功');
  });
}
