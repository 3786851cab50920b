import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, PASSWORD, startTestApp, type TestApp } from './helpers/test-app.ts';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { idCardCheckChar } from '../../src/contracts/validation/formats.ts';
import { maskParams, requestParamText } from '../../server/domains/system/logs/params.ts';
import { multipart, TINY_PNG } from './helpers/multipart.ts';

const API = '/jeecg-boot';

interface LoginInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}
interface VisitDay {
  visit: number;
  ip: number;
  tian: string;
  type: string;
}

/** yyyy-MM-dd of a day `daysAgo` before today in Asia/Shanghai, the server's time zone. */
function shanghaiDate(daysAgo: number): string {
  const day = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(day);
}

describe('log parameters', () => {
  it('masks secrets at any depth and cuts long values', () => {
    const masked = maskParams({
      username: 'admin',
      password: 'p1',
      nested: { oldPassword: 'p2', apiSecret: 's', accessToken: 't', captcha: '1234', smscode: '555666', keep: 'x'.repeat(500) },
    }) as Record<string, Record<string, string> | string>;
    expect(masked.username).toBe('admin');
    expect(masked.password).toBe('******');
    const nested = masked.nested as Record<string, string>;
    expect([nested.oldPassword, nested.apiSecret, nested.accessToken, nested.captcha, nested.smscode]).toEqual(Array(5).fill('******'));
    expect(nested.keep.length).toBeLessThan(210);
  });

  it('never keeps an upload body and drops the cache buster', () => {
    const text = requestParamText({ biz: 'driver', _t: '1700000000' }, { file: 'binary-content' }, true)!;
    expect(text).toContain('driver');
    expect(text).not.toContain('binary-content');
    expect(text).not.toContain('_t');
    expect(requestParamText({}, undefined, false)).toBeNull();
  });
});

describe.each(BACKENDS)('login and operation logs on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ops: string;
  let shipper: string;
  let adminId: string;

  async function list(params: Record<string, string>, token = admin) {
    const query = new URLSearchParams({ pageSize: '100', ...params }).toString();
    return t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/sys/log/list?${query}`, token });
  }

  async function loginFrom(ip: string, username: string, password: string) {
    return t.call<{ token: string }>({ method: 'POST', url: `${API}/sys/login`, remoteAddress: ip, payload: { username, password } });
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    // The logins of this file, in order: the dashboard figures below are computed from exactly these.
    expect((await loginFrom('10.1.2.3', 'admin', 'Wrong#Pass1')).body.success).toBe(false);
    expect((await loginFrom('10.1.2.4', 'ghost', 'Wrong#Pass2')).body.success).toBe(false);
    const answer = await loginFrom('10.9.9.9', 'admin', PASSWORD);
    expect(answer.body.success).toBe(true);
    admin = answer.body.result.token;
    ops = await t.login('ops');
    shipper = await t.login('shipper');
    adminId = (await t.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs a failed login with the reason and the address, never the password', async () => {
    const { body } = await list({ logType: '1', keyWord: '登录失败' });
    expect(body.success).toBe(true);
    const failed = body.result.records.find((r) => r.ip === '10.1.2.3');
    expect(failed).toMatchObject({
      logType: 1,
      logType_dictText: '登录日志',
      username: 'admin',
      userid: adminId,
      requestType: 'POST',
      requestUrl: '/sys/login',
    });
    expect(failed?.logContent).toBe('用户 admin 登录失败：用户名或密码错误');
    expect(String(failed?.requestParam)).toContain('"password":"******"');
    expect(JSON.stringify(body.result.records)).not.toContain('Wrong#Pass');
    const unknown = body.result.records.find((r) => r.ip === '10.1.2.4');
    expect(unknown).toMatchObject({ username: 'ghost', userid: null });
  });

  it('logs a successful login with who and where', async () => {
    const { body } = await list({ logType: '1', keyWord: '10.9.9.9' });
    expect(body.result.records).toHaveLength(1);
    const row = body.result.records[0];
    expect(row).toMatchObject({ username: 'admin', userid: adminId, logContent: '用户 admin 登录成功', createBy: 'admin' });
    expect(typeof row.costTime).toBe('number');
    expect(String(row.createTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
  });

  it('logs a failed phone login against the account of that phone, code masked', async () => {
    const answer = await t.call({ method: 'POST', url: `${API}/sys/phoneLogin`, remoteAddress: '10.5.5.5', payload: { mobile: '13800000002', captcha: '987654' } });
    expect(answer.body.success).toBe(false);
    const { body } = await list({ logType: '1', keyWord: '10.5.5.5' });
    expect(body.result.records).toHaveLength(1);
    const row = body.result.records[0];
    expect(row).toMatchObject({ username: 'ops', requestUrl: '/sys/phoneLogin' });
    expect(row.logContent).toBe(`用户 ops 登录失败：${answer.body.message}`);
    expect(JSON.parse(String(row.requestParam))).toEqual({ mobile: '13800000002', captcha: '******' });
  });

  it('logs a write with its secrets masked and its outcome', async () => {
    const refused = await t.call({
      method: 'PUT',
      url: `${API}/sys/user/updatePassword`,
      token: ops,
      payload: { oldpassword: 'Old#Wrong1', password: 'New@2026xy', confirmpassword: 'New@2026xy' },
    });
    expect(refused.body.success).toBe(false);
    const { body } = await list({ logType: '2', keyWord: 'updatePassword' });
    expect(body.result.records).toHaveLength(1);
    const row = body.result.records[0];
    expect(row).toMatchObject({ username: 'ops', requestType: 'PUT', requestUrl: '/sys/user/updatePassword', operateType: 3, operateType_dictText: '修改' });
    expect(row.logContent).toBe('PUT /sys/user/updatePassword（失败：旧密码输入错误!）');
    const param = JSON.parse(String(row.requestParam)) as Record<string, string>;
    expect(param).toEqual({ oldpassword: '******', password: '******', confirmpassword: '******' });
  });

  it('names entity writes after the screen and action', async () => {
    const first17 = '11010119900101777';
    const added = await t.call({
      method: 'POST',
      url: `${API}/hydriver/hyDriver/add`,
      token: ops,
      payload: { driverName: '日志测试', idCard: first17 + idCardCheckChar(first17), telephone: '13712340001', vehicleClass: 'A2', ownerType: '1', reviewStatus: '1' },
    });
    expect(added.body.success, added.body.message).toBe(true);
    const refused = await t.call({ method: 'POST', url: `${API}/hydriver/hyDriver/add`, token: shipper, payload: { driverName: '越权' } });
    expect(refused.body.code).toBe(510);
    const { body } = await list({ logType: '2', keyWord: '司机-添加' });
    const byUser = Object.fromEntries(body.result.records.map((r) => [r.username, r]));
    expect(byUser.ops).toMatchObject({ logContent: '司机-添加', operateType: 2, operateType_dictText: '添加', requestUrl: '/hydriver/hyDriver/add' });
    expect(String(byUser.ops.requestParam)).toContain('日志测试');
    expect(byUser.shipper.logContent).toBe('司机-添加（失败：没有权限，请联系管理员授权）');
  });

  it('logs a GET that is not a read (an export) as 导出, but no list reads', async () => {
    const exported = await t.app.inject({ method: 'GET', url: `${API}/hydriver/hyDriver/exportXls?reviewStatus=2&_t=1`, headers: { 'x-access-token': ops } });
    expect(exported.statusCode).toBe(200);
    await t.call({ method: 'GET', url: `${API}/hydriver/hyDriver/list`, token: ops });
    const rows = (await list({ logType: '2', keyWord: '司机-导出' })).body.result.records;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'ops', requestType: 'GET', operateType: 6, operateType_dictText: '导出' });
    expect(JSON.parse(String(rows[0].requestParam))).toEqual({ reviewStatus: '2' });
    expect((await list({ logType: '2', keyWord: '查询' })).body.result.total).toBe(0);
  });

  it('logs an upload without its file', async () => {
    const marker = Buffer.concat([TINY_PNG, Buffer.from('FILE-BODY-MARKER')]);
    const body = multipart({ biz: 'driver' }, { name: 'a.png', data: marker });
    const response = await t.app.inject({ method: 'POST', url: `${API}/sys/common/upload`, headers: { ...body.headers, 'x-access-token': ops }, payload: body.payload });
    expect(response.statusCode).toBe(200);
    const rows = (await list({ logType: '2', keyWord: '/sys/common/upload' })).body.result.records;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'ops', requestUrl: '/sys/common/upload' });
    expect(String(rows[0].requestParam)).toContain('上传的文件内容不记录');
    expect(JSON.stringify(rows[0])).not.toContain('FILE-BODY-MARKER');
  });

  it('logs a logout, which is not a visit', async () => {
    const extra = await t.login('shipperadmin');
    const out = await t.call({ method: 'POST', url: `${API}/sys/logout`, token: extra });
    expect(out.body.success).toBe(true);
    const { body } = await list({ logType: '1', keyWord: '退出登录' });
    expect(body.result.records.map((r) => r.logContent)).toEqual(['用户 shipperadmin 退出登录']);
  });

  it('filters by type and time range, and refuses a malformed type', async () => {
    const logins = (await list({ logType: '1' })).body.result.records;
    expect(logins.length).toBeGreaterThan(0);
    expect(logins.every((r) => r.logType === 1)).toBe(true);
    const operations = (await list({ logType: '2' })).body.result.records;
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.every((r) => r.logType === 2)).toBe(true);
    const today = shanghaiDate(0);
    expect((await list({ createTime_begin: today, createTime_end: today })).body.result.total).toBe(logins.length + operations.length);
    expect((await list({ createTime_end: shanghaiDate(1) })).body.result.total).toBe(0);
    const bad = await list({ logType: "1' or '1'='1" });
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toBe('日志类型的查询条件不正确');
  });

  it('lets only holders of system:log:list read the logs', async () => {
    const refused = await list({}, shipper);
    expect(refused.body.success).toBe(false);
    expect(refused.body.code).toBe(510);
    const anonymous = await t.call({ method: 'GET', url: `${API}/sys/loginfo` });
    expect(anonymous.status).toBe(401);
  });

  it('computes the dashboard figures from the tenant’s successful logins for staff, from their own for a shipper', async () => {
    const insert = (tenantId: number, daysAgo: number, ip: string, success: number, event = 'login') =>
      sql`insert into sys_log (id, log_type, log_content, tenant_id, ip, success, audit_event, create_time)
        values (${`t${Math.random().toString(36).slice(2, 12)}`}, 1, 'test', ${tenantId}, ${ip}, ${success}, ${event},
          now() - make_interval(days => ${daysAgo}))`.execute(t.ctx.db);
    await insert(1, 3, '10.3.0.1', 1);
    await insert(1, 3, '10.3.0.1', 1);
    await insert(1, 3, '10.3.0.2', 1);
    await insert(1, 3, '10.3.0.3', 0); // a failed login is no visit
    await insert(1, 3, '10.3.0.4', 1, 'logout'); // nor is a logout
    await insert(1, 9, '10.9.0.1', 1); // outside the seven days, inside the total
    await insert(2, 0, '10.2.0.1', 1); // another tenant's
    // This file's successful logins today: admin from 10.9.9.9; ops, shipper, shipperadmin from 127.0.0.1.
    const info = await t.call<LoginInfo>({ method: 'GET', url: `${API}/sys/loginfo`, token: ops });
    expect(info.body.message).toBe('登录成功');
    expect(info.body.result).toEqual({ totalVisitCount: 4 + 3 + 1, todayVisitCount: 4, todayIp: 2 });
    // How busy the platform is stays the platform's: a shipper's home page counts the shipper's own logins.
    const own = await t.call<LoginInfo>({ method: 'GET', url: `${API}/sys/loginfo`, token: shipper });
    expect(own.body.result).toEqual({ totalVisitCount: 1, todayVisitCount: 1, todayIp: 1 });
    const ownDays = await t.call<VisitDay[]>({ method: 'GET', url: `${API}/sys/visitInfo`, token: shipper });
    expect(ownDays.body.result.map((day) => day.visit)).toEqual([0, 0, 0, 0, 0, 0, 1]);

    const visits = await t.call<VisitDay[]>({ method: 'GET', url: `${API}/sys/visitInfo`, token: admin });
    expect(visits.body.success).toBe(true);
    const expected = [6, 5, 4, 3, 2, 1, 0].map((daysAgo) => {
      const tian = shanghaiDate(daysAgo);
      const counts = daysAgo === 0 ? { visit: 4, ip: 2 } : daysAgo === 3 ? { visit: 3, ip: 2 } : { visit: 0, ip: 0 };
      return { ...counts, tian, type: tian.slice(5) };
    });
    expect(visits.body.result).toEqual(expected);
  });
});
