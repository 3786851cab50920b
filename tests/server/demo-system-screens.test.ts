/**
 * Issue 22, item 10: a fresh database holds demo rows for 用户回收站, 部门角色 and 短信发件箱 too, as the README
 * promises for every screen — and they behave like rows the screens made (a restored user can sign in).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const P = '/jeecg-boot';

describe.each(BACKENDS)('demo rows of the system screens on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (api: string) => {
    const { body } = await t.call<Page<WireRecord>>({ method: 'GET', url: `${P}${api}/list`, token: admin });
    expect(body.success).toBe(true);
    return body.result;
  };

  it('部门角色 lists roles of two departments, one held by admin', async () => {
    const page = await list('/sys/sysDepartRole');
    expect(page.records.map((r) => [r.roleName, r.departId_dictText]).sort()).toEqual([
      ['出纳', '财务部'], ['平台审核员', '平台运营中心'], ['结算专员', '财务部'],
    ]);
    const reviewer = page.records.find((r) => r.roleCode === 'platform_reviewer')!;
    const members = await t.call<Page<WireRecord>>({ method: 'GET', url: `${P}/sys/sysDepartRoleUser/list?roleId=${String(reviewer.id)}`, token: admin });
    expect(members.body.result.records.map((r) => r.realname)).toEqual(['系统管理员']);
  });

  it('短信发件箱 shows the texts the built-in provider sent, newest first', async () => {
    const page = await list('/sys/smsOutbox');
    expect(page.total).toBeGreaterThanOrEqual(3);
    const demo = page.records.filter((r) => ['13947701235', '13991225608', '13831567720'].includes(String(r.mobile)));
    expect(demo.map((r) => r.smsMode_dictText)).toEqual(['找回密码', '登录', '注册']);
    expect(String(demo[0].content)).toMatch(/^【找回密码验证码】\d{6}，5分钟内有效/);
  });

  it('用户回收站 holds a deleted employee, who can be restored and then signs in', async () => {
    const page = await list('/sys/userRecycleBin');
    expect(page.records).toEqual([expect.objectContaining({ username: 'liuyang', realname: '刘洋', orgCodeTxt: '运营部' })]);
    const live = await t.call<Page<WireRecord>>({ method: 'GET', url: `${P}/sys/user/list?username=liuyang`, token: admin });
    expect(live.body.result.records).toEqual([]);
    const restored = await t.call({ method: 'PUT', url: `${P}/sys/userRecycleBin/putRecycleBin`, token: admin, payload: { id: page.records[0].id } });
    expect(restored.body).toMatchObject({ success: true });
    expect(await t.login('liuyang')).toBeTruthy();
  });
});
