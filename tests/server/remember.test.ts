import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, PASSWORD, startTestApp, type TestApp } from './helpers/test-app.ts';

const P = '/jeecg-boot';
type Login = { token: string; rememberToken?: string; userInfo: { username: string } };

describe.each(BACKENDS)('remember-me on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (username: string, extra: Record<string, unknown> = {}) =>
    t.call<Login>({ method: 'POST', url: `${P}/sys/login`, payload: { username, password: PASSWORD, ...extra } });
  const remember = (value: string) => t.call<Login>({ method: 'GET', url: `${P}/sys/remember/${encodeURIComponent(value)}` });

  it('hands out a value only when asked, and each use signs in once and rotates it', async () => {
    expect((await login('ops')).body.result.rememberToken).toBeUndefined();
    const first = (await login('ops', { remember_me: true })).body.result.rememberToken!;
    expect(first).toMatch(/^[\w-]{40,}$/);
    const again = await remember(first);
    expect(again.body).toMatchObject({ success: true, code: 200, result: { userInfo: { username: 'ops' } } });
    const perms = await t.call({ method: 'GET', url: `${P}/sys/permission/getUserPermissionByToken`, token: again.body.result.token });
    expect(perms.body.success).toBe(true);
    const second = again.body.result.rememberToken!;
    expect(second).not.toBe(first);
    expect((await remember(first)).body).toMatchObject({ success: false, message: '自动登录已失效，请重新登录' });
    expect((await remember(second)).body.success).toBe(true);
  });

  it('stores only hashes and refuses expired or made-up values', async () => {
    const value = (await login('shipper', { remember_me: true })).body.result.rememberToken!;
    const stored = await t.ctx.db.selectFrom('sys_remember_token').select('token_hash').execute();
    expect(stored.some((row) => row.token_hash === value)).toBe(false);
    await sql`update sys_remember_token set expires_at = now() - interval '1 minute'`.execute(t.ctx.db);
    expect((await remember(value)).body.success).toBe(false);
    expect((await remember('made-up-value')).body.success).toBe(false);
  });

  it('drops remembered values on logout, password change and for frozen accounts', async () => {
    const onLogout = (await login('admin', { remember_me: true })).body.result;
    await t.call({ method: 'POST', url: `${P}/sys/logout`, headers: { 'x-access-token': onLogout.token }, payload: { rememberToken: onLogout.rememberToken } });
    expect((await remember(onLogout.rememberToken!)).body.success).toBe(false);

    const elsewhere = (await login('shipperadmin', { remember_me: true })).body.result.rememberToken!;
    const session = await t.login('shipperadmin');
    const changed = await t.call({
      method: 'PUT', url: `${P}/sys/user/updatePassword`, token: session,
      payload: { oldpassword: PASSWORD, password: 'Newer@2026x', confirmpassword: 'Newer@2026x' },
    });
    expect(changed.body.success).toBe(true);
    expect((await remember(elsewhere)).body.success).toBe(false);

    const frozen = (await login('ops', { remember_me: 'true' })).body.result.rememberToken!;
    await t.ctx.db.updateTable('sys_user').set({ status: 2 }).where('username', '=', 'ops').execute();
    expect((await remember(frozen)).body).toMatchObject({ success: false, message: '该用户已冻结' });
    await t.ctx.db.updateTable('sys_user').set({ status: 1 }).where('username', '=', 'ops').execute();
  });
});
