import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, PASSWORD, startTestApp, type TestApp } from './helpers/test-app.ts';
import { peekCaptcha } from '../../server/auth/captcha.ts';
import type { LoginResult, PermissionResult, MenuNode } from '../../src/contracts/menu.ts';

const LOGIN = '/jeecg-boot/sys/login';

describe.each(BACKENDS)('authentication on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { captchaEnabled: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function captcha(key: string): Promise<string> {
    const { body } = await t.call<string>({ method: 'GET', url: `/jeecg-boot/sys/randomImage/${key}` });
    expect(body.success).toBe(true);
    expect(body.result).toMatch(/^data:image\/svg\+xml;base64,/);
    return (await peekCaptcha(t.ctx.kv, key))!;
  }

  it('reports health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok', db: kind });
  });

  it('logs in with the right captcha and password and returns the JeecgBoot login shape', async () => {
    const answer = await captcha('k-ok');
    const { body } = await t.call<LoginResult>({
      method: 'POST',
      url: LOGIN,
      payload: { username: 'admin', password: PASSWORD, captcha: answer.toUpperCase(), checkKey: 'k-ok' },
    });
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(body.result.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.result.userInfo).toMatchObject({ username: 'admin', userType: 1 });
    expect(body.result.userInfo).not.toHaveProperty('password_hash');
    expect(body.result.multi_depart).toBe(1);
    expect(body.result.sysAllDictItems.review_status).toContainEqual({ value: '2', text: '审核通过', title: '审核通过', label: '审核通过' });
  });

  it('refuses a wrong captcha with code 412 and burns the captcha', async () => {
    const answer = await captcha('k-burn');
    const wrong = await t.call({ method: 'POST', url: LOGIN, payload: { username: 'admin', password: PASSWORD, captcha: 'zzzz', checkKey: 'k-burn' } });
    expect(wrong.body).toMatchObject({ success: false, code: 412, message: '验证码错误' });
    const retry = await t.call({ method: 'POST', url: LOGIN, payload: { username: 'admin', password: PASSWORD, captcha: answer, checkKey: 'k-burn' } });
    expect(retry.body).toMatchObject({ success: false, code: 412 });
  });

  it('takes checkKey as the JSON number the stock JeecgBoot client sends (a timestamp), right answer only', async () => {
    const key = Date.now();
    await captcha(String(key));
    const wrong = await t.call({ method: 'POST', url: LOGIN, payload: { username: 'admin', password: PASSWORD, captcha: 'zzzz', checkKey: key } });
    expect(wrong.body).toMatchObject({ success: false, code: 412, message: '验证码错误' });
    const next = key + 1;
    const nextAnswer = await captcha(String(next));
    const { body } = await t.call<LoginResult>({
      method: 'POST',
      url: LOGIN,
      payload: { username: 'admin', password: PASSWORD, captcha: nextAnswer, checkKey: next },
    });
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(body.result.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const objectKey = await t.call({ method: 'POST', url: LOGIN, payload: { username: 'admin', password: PASSWORD, captcha: 'zzzz', checkKey: { key } } });
    expect(objectKey.body).toMatchObject({ success: false, message: '验证码无效' });
  });

  it('refuses a missing captcha', async () => {
    const { body } = await t.call({ method: 'POST', url: LOGIN, payload: { username: 'admin', password: PASSWORD } });
    expect(body).toMatchObject({ success: false, message: '验证码无效' });
  });
});

describe.each(BACKENDS)('credentials and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the same message and no token for a wrong password or an unknown user', async () => {
    for (const payload of [{ username: 'ops', password: 'Wrong@2026' }, { username: 'nobody', password: PASSWORD }]) {
      const { body } = await t.call({ method: 'POST', url: LOGIN, payload });
      expect(body).toMatchObject({ success: false, message: '用户名或密码错误', result: null });
    }
  });

  it('refuses a frozen user after checking the password, and ends their sessions', async () => {
    const token = await t.login('shipperadmin');
    await t.ctx.db.updateTable('sys_user').set({ status: 2 }).where('username', '=', 'shipperadmin').execute();
    const { body } = await t.call({ method: 'POST', url: LOGIN, payload: { username: 'shipperadmin', password: PASSWORD } });
    expect(body).toMatchObject({ success: false, message: '该用户已冻结', result: null });
    const menu = await t.call({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token });
    expect(menu.status).toBe(401);
    await t.ctx.db.updateTable('sys_user').set({ status: 1 }).where('username', '=', 'shipperadmin').execute();
  });

  it('locks an account for the address that failed five times, even with the right password', async () => {
    // From the third failure on the account demands a captcha (tests/server/login-throttle.test.ts has the rest).
    const attempt = async (password: string, key: string) => {
      await t.call({ method: 'GET', url: `/jeecg-boot/sys/randomImage/${key}` });
      const payload = { username: 'shipper', password, captcha: await peekCaptcha(t.ctx.kv, key), checkKey: key };
      return t.call({ method: 'POST', url: LOGIN, remoteAddress: '10.84.0.1', payload });
    };
    for (let i = 0; i < 5; i++) expect((await attempt(`Bad@${i}`, `lock-${i}`)).body.message).toBe('用户名或密码错误');
    const { body } = await attempt(PASSWORD, 'lock-right');
    expect(body).toMatchObject({ success: false, message: '登录失败次数过多，请15分钟后再试' });
    expect(body.result).toBeNull();
  });

  it('answers a missing or forged token with HTTP 401 and the JeecgBoot message', async () => {
    for (const token of [undefined, 'forged-token', 'x'.repeat(500)]) {
      const { status, body } = await t.call({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token });
      expect(status).toBe(401);
      expect(body).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录!' });
    }
  });

  it('does not let a path suffix bypass authentication', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/jeecg-boot/hydriver/hyDriver/list.js' });
    expect(response.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/jeecg-boot/hydriver/hyDriver/list;.js' });
    expect([401, 404]).toContain(list.statusCode);
  });

  it('refuses a tenant the user does not belong to', async () => {
    const token = await t.login('ops');
    const { status, body } = await t.call({
      method: 'GET',
      url: '/jeecg-boot/hydriver/hyDriver/list',
      token,
      headers: { 'tenant-id': '999' },
    });
    expect(status).toBe(401);
    expect(body.message).toBe('用户租户信息变更,请重新登陆!');
  });

  it('revokes the token on logout', async () => {
    const token = await t.login('ops');
    const out = await t.call({ method: 'POST', url: '/jeecg-boot/sys/logout', token });
    expect(out.body).toMatchObject({ success: true, message: '退出登录成功！' });
    const after = await t.call({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token });
    expect(after.status).toBe(401);
  });

  it('builds the menu and button permissions from the caller’s roles', async () => {
    const adminMenu = await t.call<PermissionResult>({
      method: 'GET',
      url: '/jeecg-boot/sys/permission/getUserPermissionByToken',
      token: await t.login('admin'),
    });
    const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
    const drivers = flatten(adminMenu.body.result.menu).find((n) => n.path === '/wlhy/hydriver/HyDriverList');
    expect(drivers).toMatchObject({ route: '1', component: 'wlhy/hydriver/HyDriverList', meta: { title: '司机管理', componentName: 'HyDriverList' } });
    expect(adminMenu.body.result.menu[0]).toMatchObject({ path: '/dashboard/analysis', meta: { title: '首页' } });
    expect(adminMenu.body.result.auth.map((a) => a.action)).toEqual(
      expect.arrayContaining(['hydriver:hyDriver:list', 'hydriver:hyDriver:add', 'hydriver:hyDriver:edit', 'hydriver:hyDriver:delete']),
    );

    const shipperMenu = await t.call<PermissionResult>({
      method: 'GET',
      url: '/jeecg-boot/sys/permission/getUserPermissionByToken',
      token: await t.login('shipperadmin'),
    });
    // Drivers: list only; besides that just the personal office (我的消息) every role has.
    const shipperCodes = shipperMenu.body.result.auth.map((a) => a.action);
    expect(shipperCodes.filter((code) => code.startsWith('hydriver:'))).toEqual(['hydriver:hyDriver:list']);
    // Elsewhere a shipper admin only reads: no add, edit, delete, import or approval codes outside their own inbox,
    // the accounts of the shippers it manages (server/domains/freight/customer-*.ts), its own 货源 (orders it posts, publishes
    // and closes; no delete), the 轨迹 of its waybills, its bills (确认账单 — bills wait for the customer's
    // confirmation — 申请开票 and the 明细/回款 panels), its invoices (the buyer corrected while 待审核, export, lines),
    // its wallet's 流水 panel and the top-ups it records (issue 25).
    const own = ['system:myAnnouncement:', 'customer:hyCustomerUser:', 'hyorder:hyOrder:', 'hyshipping:hyShippingNote:history', 'hybill:hyBill:',
      'hyinvoice:hyInvoice:', 'hywallet:hyWallet:txns', 'hywallet:hyWalletRecharge:add'];
    expect(shipperCodes).not.toContain('hyorder:hyOrder:delete');
    expect(shipperCodes.filter((code) => !code.endsWith(':list') && !own.some((prefix) => code.startsWith(prefix)))).toEqual([]);
    expect(shipperMenu.body.result.allAuth.map((a) => a.action)).toContain('hydriver:hyDriver:add');
  });

  it('serves branding publicly and dictionaries only to logged-in users', async () => {
    const settings = await t.call<{ platformName: string }>({ method: 'GET', url: '/jeecg-boot/setting/hySetting/queryPlatformSettings' });
    expect(settings.body.result.platformName).toBe('鑫源网络货运平台');
    const anonymous = await t.call({ method: 'GET', url: '/jeecg-boot/sys/dict/getDictItems/review_status' });
    expect(anonymous.status).toBe(401);
    const token = await t.login('ops');
    const dict = await t.call<Array<{ value: string }>>({ method: 'GET', url: '/jeecg-boot/sys/dict/getDictItems/review_status', token });
    expect(dict.body.result.map((i) => i.value)).toEqual(['0', '1', '2', '3']);
    const tableDict = await t.call({ method: 'GET', url: `/jeecg-boot/sys/dict/getDictItems/${encodeURIComponent('sys_user,password_hash,username')}`, token });
    expect(tableDict.body).toMatchObject({ success: false, message: '字典Code格式不正确！' });
  });
});
