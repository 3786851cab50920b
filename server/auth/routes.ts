/** Captcha, login, logout and the caller's menu (contract §2, §3). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResult, UserInfo } from '../../src/contracts/menu.ts';
import type { Result } from '../../src/contracts/envelope.ts';
import type { AppContext } from '../context.ts';
import { fail, ok } from '../core/envelope.ts';
import { BusinessError } from '../core/errors.ts';
import { permissionsForUser } from '../menu/permissions.ts';
import { hiddenMenuComponents } from '../menu/customer-menus.ts';
import { consumeCaptcha, issueCaptcha } from './captcha.ts';
import { requireCaller } from './guard.ts';
import { DECOY_HASH_PROMISE, verifyPassword } from './passwords.ts';
import { createSession, findSession, hashToken, revokeSession } from './sessions.ts';
import { loginThrottle, TOO_MANY, type CaptchaState } from './login-throttle.ts';
import { attachRememberToken, forgetRememberToken, wantsRemember } from './remember.ts';
import { sql, type Selectable } from 'kysely';
import type { SysUserTable } from '../db/schema.ts';

type UserRow = Selectable<SysUserTable>;

/** An account with several recent failures asks for the captcha even when LOGIN_CAPTCHA=off (code 412). */
export const CAPTCHA_DEMANDED = '登录失败次数较多，请输入验证码';
const BAD_CREDENTIALS = '用户名或密码错误';

interface LoginBody {
  username?: unknown;
  password?: unknown;
  captcha?: unknown;
  checkKey?: unknown;
}

export function toUserInfo(user: UserRow): UserInfo {
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    avatar: user.avatar,
    phone: user.phone,
    email: user.email,
    orgCode: user.org_code,
    status: user.status,
    delFlag: user.del_flag,
    userIdentity: user.user_type === 1 ? 2 : 1,
    userType: user.user_type,
    relTenantIds: user.rel_tenant_ids,
    departIds: user.depart_ids,
    homePath: '/dashboard/analysis',
  };
}

async function loginResult(ctx: AppContext, user: UserRow, token: string): Promise<LoginResult> {
  const departs = await ctx.db
    .selectFrom('sys_depart as d')
    .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
    .select(['d.id', 'd.depart_name as departName', 'd.org_code as orgCode'])
    .where('ud.user_id', '=', user.id)
    .where('d.del_flag', '=', 0)
    .orderBy('d.depart_order')
    .execute();
  const tenantIds = (user.rel_tenant_ids ?? '').split(',').map(Number).filter((n) => n > 0);
  const tenants = tenantIds.length
    ? await ctx.db.selectFrom('sys_tenant').select(['id', 'name', 'status']).where('id', 'in', tenantIds).execute()
    : [];
  return {
    token,
    userInfo: toUserInfo(user),
    userType: user.user_type,
    cid: user.customer_id,
    departs,
    multi_depart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
    sysAllDictItems: ctx.dicts.all(),
    ...(tenants.length ? { tenantList: tenants } : {}),
  };
}

/**
 * The captcha's key as the client named it to /sys/randomImage/{key}. The stock JeecgBoot Vue2 client sends the
 * timestamp it used there as a JSON number (Jackson turns it into SysLoginModel's String); our client sends a string.
 */
function captchaKey(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return '';
}

/** Which accounts an entry point accepts: the shipper login page takes customers only. */
type Audience = 'any' | 'customer';
const CUSTOMER_TYPES = new Set([2, 6]);

/**
 * Account checks shared by every way of logging in, after the credential itself was verified: deleted, frozen,
 * wrong entry point, frozen tenants. Then a session; code 406 when the password must be changed first.
 */
export async function completeLogin(
  ctx: AppContext,
  user: UserRow,
  ip: string | null,
  audience: Audience = 'any',
): Promise<Result<unknown>> {
  if (user.del_flag === 1) return fail('该用户已注销');
  if (user.status === 2) return fail('该用户已冻结');
  if (audience === 'customer' && !CUSTOMER_TYPES.has(user.user_type)) return fail('该入口仅供货主登录，请使用平台登录页');
  const tenantIds = (user.rel_tenant_ids ?? '').split(',').map(Number).filter((n) => n > 0);
  if (tenantIds.length > 0) {
    const live = await ctx.db
      .selectFrom('sys_tenant')
      .select('id')
      .where('id', 'in', tenantIds)
      .where('status', '=', 1)
      // An expired (or not yet started) tenant counts as frozen too (server/domains/system/tenants.ts).
      .where(sql<boolean>`(begin_date is null or begin_date <= current_date) and (end_date is null or end_date >= current_date)`)
      .executeTakeFirst();
    if (!live) return fail('与该用户关联的租户均已被冻结，无法登录！');
  }
  const token = await createSession(ctx.db, user.id, ip);
  const result = await loginResult(ctx, user, token);
  if (user.must_change_password) {
    // Resolved, not rejected: the client opens the change-password dialog and the server allows nothing else.
    return { success: true, message: '首次登录或密码已被重置，请先修改密码', code: 406, result, timestamp: Date.now() };
  }
  return ok(result, '登录成功');
}

async function passwordLogin(ctx: AppContext, request: FastifyRequest, audience: Audience): Promise<Result<unknown>> {
  const body = (request.body ?? {}) as LoginBody;
  const username = typeof body.username === 'string' ? body.username.trim() : '';
  const password = typeof body.password === 'string' ? body.password : '';
  const captcha = typeof body.captcha === 'string' ? body.captcha : '';
  const checkKey = captchaKey(body.checkKey);
  if (ctx.config.captchaEnabled) {
    if (!captcha || !checkKey) return fail('验证码无效');
    if (!(await consumeCaptcha(ctx.kv, checkKey, captcha))) return fail('验证码错误', 412);
  }
  if (!username || !password) return fail('请输入用户名和密码');
  const throttle = loginThrottle(ctx.kv, `account:${username.toLowerCase()}`, request.ip);
  if (await throttle.lockedOut()) return fail(TOO_MANY, 429);
  let captchaState: CaptchaState = ctx.config.captchaEnabled ? 'answered' : 'unanswered';
  // With captchas off, an account that keeps failing asks for one anyway (the login page always shows it).
  if (!ctx.config.captchaEnabled && (await throttle.captchaDemanded())) {
    if (!captcha || !checkKey) return fail(CAPTCHA_DEMANDED, 412, { captchaRequired: true });
    if (!(await consumeCaptcha(ctx.kv, checkKey, captcha))) return fail('验证码错误', 412, { captchaRequired: true });
    captchaState = 'answered';
  }
  const verdict = await throttle.begin(captchaState);
  if (verdict === 'locked') return fail(TOO_MANY, 429);
  if (verdict === 'captcha-required') return fail(CAPTCHA_DEMANDED, 412, { captchaRequired: true });
  const user = await ctx.db.selectFrom('sys_user').selectAll().where('username', '=', username).executeTakeFirst();
  // Always run scrypt so an unknown user takes as long as a wrong password.
  const passwordOk = await verifyPassword(password, user?.password_hash ?? (await DECOY_HASH_PROMISE));
  if (!user || !passwordOk) {
    await throttle.failed();
    return fail(BAD_CREDENTIALS);
  }
  await throttle.succeeded();
  return completeLogin(ctx, user, request.ip, audience);
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  app.get<{ Params: { key: string } }>(`${prefix}/sys/randomImage/:key`, { config: { public: true } }, async (request) => {
    const key = request.params.key;
    if (!key || key.length > 64) throw new BusinessError('验证码的key不正确');
    return ok(await issueCaptcha(ctx.kv, key));
  });

  const login = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const answer = await passwordLogin(ctx, request, 'any');
    return wantsRemember(request.body) ? attachRememberToken(ctx, answer) : answer;
  };
  app.post(`${prefix}/sys/login`, { config: { public: true, audit: 'login' } }, login);
  app.post(`${prefix}/sys/loginByUsername`, { config: { public: true, audit: 'login' } }, login);
  app.post(`${prefix}/sys/customerlogin`, { config: { public: true, audit: 'login' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const answer = await passwordLogin(ctx, request, 'customer');
    return wantsRemember(request.body) ? attachRememberToken(ctx, answer) : answer;
  });

  // The Vue2 client logs out with POST, the Vue3 client with GET (JeecgBoot maps /sys/logout to every method).
  const logout = async (request: FastifyRequest) => {
    const header = request.headers['x-access-token'];
    const token = typeof header === 'string' ? header : '';
    const session = token ? await findSession(ctx.db, token) : null;
    // The browser's remembered value goes with the session: logging out means not coming back automatically.
    const remembered = (request.body as { rememberToken?: unknown } | null)?.rememberToken;
    if (typeof remembered === 'string') await forgetRememberToken(ctx.db, remembered);
    if (!session) return fail('Token无效!');
    await revokeSession(ctx.db, hashToken(token));
    return ok(null, '退出登录成功！');
  };
  app.post(`${prefix}/sys/logout`, { config: { public: true, audit: 'logout' } }, logout);
  app.get(`${prefix}/sys/logout`, { config: { public: true, audit: 'logout' } }, logout);

  // The Vue3 client reads who is signed in, and the button codes, from these two after login.
  app.get(`${prefix}/sys/user/getUserInfo`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const user = await ctx.db.selectFrom('sys_user').selectAll().where('id', '=', caller.userId).executeTakeFirstOrThrow();
    return ok({ userInfo: toUserInfo(user), sysAllDictItems: ctx.dicts.all() });
  });
  app.get(`${prefix}/sys/permission/getPermCode`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const { auth, allAuth, sysSafeMode } = await permissionsForUser(ctx.db, caller.userId, await hiddenMenuComponents(ctx, caller));
    return ok({ codeList: auth.map((entry) => entry.action), auth, allAuth, sysSafeMode });
  });

  app.get(`${prefix}/sys/permission/getUserPermissionByToken`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    return ok(await permissionsForUser(ctx.db, caller.userId, await hiddenMenuComponents(ctx, caller)));
  });
}
