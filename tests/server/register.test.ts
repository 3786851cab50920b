import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { latestSmsCode } from './helpers/sms.ts';
import type { MenuNode } from '../../src/contracts/menu.ts';

const P = '/jeecg-boot';
const GOOD = { username: 'newcarrier', realname: '新用户', password: 'Join@2026x', confirmpassword: 'Join@2026x', phone: '13966660001' };

describe.each(BACKENDS)('self-registration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const register = (payload: Record<string, unknown>) => t.call<{ username: string } | { errors: Array<{ field: string }> }>({ method: 'POST', url: `${P}/sys/user/register`, payload });
  async function codeFor(phone: string): Promise<string> {
    expect((await t.call({ method: 'POST', url: `${P}/sys/sms`, payload: { mobile: phone, smsmode: '1' } })).body.success).toBe(true);
    return latestSmsCode(t, phone);
  }
  const userCount = async () => (await t.ctx.db.selectFrom('sys_user').select(t.ctx.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  it('creates an account with a texted code that signs in and sees only the dashboard and the personal office', async () => {
    const smscode = await codeFor(GOOD.phone);
    const done = await register({ ...GOOD, smscode });
    expect(done.body).toMatchObject({ success: true, message: '注册成功', result: { username: 'newcarrier' } });
    const token = await t.login('newcarrier', GOOD.password);
    const perms = await t.call<{ menu: MenuNode[]; auth: unknown[] }>({ method: 'GET', url: `${P}/sys/permission/getUserPermissionByToken`, token });
    expect(perms.body.result.menu.map((m) => m.path)).toEqual(['/dashboard/analysis', '/isps']);
    const drivers = await t.call({ method: 'GET', url: `${P}/hydriver/hyDriver/list`, token });
    expect(drivers.body).toMatchObject({ success: false, code: 510 });
    // The code was used up.
    expect((await register({ ...GOOD, username: 'another1', smscode })).body).toMatchObject({ success: false });
  });

  it('refuses bad input field by field and writes nothing', async () => {
    const before = await userCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...GOOD, username: '1abc' }, 'username', '用户名须以字母开头，由4-30位字母、数字或下划线组成'],
      [{ ...GOOD, password: 'short', confirmpassword: 'short' }, 'password', '密码不能少于8位，且包含大写字母、小写字母、数字、特殊符号!'],
      [{ ...GOOD, confirmpassword: 'Other@2026x' }, 'confirmpassword', '两次输入密码不一致!'],
      [{ ...GOOD, phone: '123' }, 'phone', '请输入正确的11位手机号码'],
      [{ ...GOOD, smscode: '12' }, 'smscode', '请输入6位短信验证码'],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await register({ smscode: '123456', ...payload });
      expect(answer.body).toMatchObject({ success: false, message, result: { errors: [{ field, message }] } });
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a taken username before spending the code, and a wrong code', async () => {
    const smscode = await codeFor('13966660002');
    const taken = await register({ ...GOOD, username: 'admin', phone: '13966660002', smscode });
    expect(taken.body).toMatchObject({ success: false, message: '用户账号已存在' });
    const wrong = await register({ ...GOOD, username: 'fresh01', phone: '13966660002', smscode: smscode === '000000' ? '111111' : '000000' });
    expect(wrong.body).toMatchObject({ success: false, message: '手机验证码错误' });
    const right = await register({ ...GOOD, username: 'fresh01', phone: '13966660002', smscode });
    expect(right.body).toMatchObject({ success: true });
  });

  it('does not accept a code sent for login', async () => {
    await t.call({ method: 'POST', url: `${P}/sys/sms`, payload: { mobile: '13800000001', smsmode: '0' } });
    const code = await latestSmsCode(t, '13800000001');
    const answer = await register({ ...GOOD, username: 'sneaky1', phone: '13800000001', smscode: code });
    expect(answer.body.success).toBe(false);
    expect(await t.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'sneaky1').executeTakeFirst()).toBeUndefined();
  });
});
