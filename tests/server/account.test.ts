import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, PASSWORD, startTestApp, type TestApp } from './helpers/test-app.ts';

const URL = '/jeecg-boot/sys/user/updatePassword';
const MENU = '/jeecg-boot/sys/permission/getUserPermissionByToken';

describe.each(BACKENDS)('changing one’s own password on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('returns int8 values as numbers, like PGlite', async () => {
    // The four demo accounts (the demo's deleted employee in 用户回收站 has del_flag 1).
    const { rows } = await sql<{ big: number; n: number }>`select 9007199254740991::int8 as big, count(*) as n from sys_user where del_flag = 0`.execute(t.ctx.db);
    expect(rows[0]).toEqual({ big: 9007199254740991, n: 4 });
  });

  it('refuses weak, mismatched or wrongly-authorised changes and changes nothing', async () => {
    const token = await t.login('ops');
    const cases: Array<[Record<string, string>, string]> = [
      [{ oldpassword: PASSWORD, password: 'short', confirmpassword: 'short' }, '密码不能少于8位，且包含大写字母、小写字母、数字、特殊符号!'],
      [{ oldpassword: PASSWORD, password: 'NoSpecial123', confirmpassword: 'NoSpecial123' }, '密码不能少于8位，且包含大写字母、小写字母、数字、特殊符号!'],
      [{ oldpassword: PASSWORD, password: 'Good@Pass1', confirmpassword: 'Good@Pass2' }, '两次输入密码不一致!'],
      [{ oldpassword: 'Wrong@2026', password: 'Good@Pass1', confirmpassword: 'Good@Pass1' }, '旧密码输入错误!'],
      [{ username: 'admin', oldpassword: PASSWORD, password: 'Good@Pass1', confirmpassword: 'Good@Pass1' }, '只能修改自己的密码'],
    ];
    for (const [payload, message] of cases) {
      const { body } = await t.call({ method: 'PUT', url: URL, token, payload });
      expect(body).toMatchObject({ success: false, message });
    }
    expect(await t.login('ops')).toBeTruthy();
  });

  it('changes the password and ends the user’s other sessions, keeping the caller’s', async () => {
    const other = await t.login('shipper');
    const mine = await t.login('shipper');
    const { body } = await t.call({
      method: 'PUT',
      url: URL,
      token: mine,
      payload: { username: 'shipper', oldpassword: PASSWORD, password: 'New@Pass2026', confirmpassword: 'New@Pass2026' },
    });
    expect(body).toMatchObject({ success: true, message: '密码重置成功!' });
    expect((await t.call({ method: 'GET', url: MENU, token: other })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: MENU, token: mine })).status).toBe(200);
    await expect(t.login('shipper')).rejects.toThrow('用户名或密码错误');
    expect(await t.login('shipper', 'New@Pass2026')).toBeTruthy();
  });
});
