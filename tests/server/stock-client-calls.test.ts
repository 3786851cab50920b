/**
 * Issue 24: calls of the stock clients found by `npm run docs:compat` beyond the list — the 角色管理 → 用户
 * tab (a role's users listed, added and taken off, with the caller's permission codes, inside the tenant), the Vue3
 * session calls (`GET /sys/logout`, `/sys/user/getUserInfo`, `/sys/permission/getPermCode`) and the Vue2
 * dictionary tree (`/sys/dict/treeList`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const BASE = '/jeecg-boot';

describe.each(BACKENDS)('role users and the Vue3 session calls on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminRoleId: string;
  let opsUserId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
    const roles = await t.call<{ records: Array<{ id: string }> }>({ method: 'GET', url: `${BASE}/sys/role/list?roleCode=admin`, token: admin });
    adminRoleId = roles.body.result.records[0].id;
    const users = await t.call<{ records: Array<{ id: string }> }>({ method: 'GET', url: `${BASE}/sys/user/list?username=ops`, token: admin });
    opsUserId = users.body.result.records[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const usernamesInRole = async (token: string, roleId: string) => {
    const { body } = await t.call<{ records: Array<{ username: string }>; total: number }>({
      method: 'GET', url: `${BASE}/sys/user/userRoleList?roleId=${roleId}&pageNo=1&pageSize=10`, token,
    });
    expect(body.success).toBe(true);
    return body.result.records.map((user) => user.username);
  };

  it('lists the users holding a role, and adding and taking off a user changes what that user may do', async () => {
    expect(await usernamesInRole(admin, adminRoleId)).toEqual(['admin']);
    let ops = await t.login('ops');
    expect((await t.call({ method: 'GET', url: `${BASE}/sys/user/list`, token: ops })).body).toMatchObject({ success: false, code: 510 });

    const added = await t.call({ method: 'POST', url: `${BASE}/sys/user/addSysUserRole`, token: admin, payload: { roleId: adminRoleId, userIdList: [opsUserId] } });
    expect(added.body).toMatchObject({ success: true, message: '添加成功!' });
    expect((await usernamesInRole(admin, adminRoleId)).sort()).toEqual(['admin', 'ops']);
    // Adding again changes nothing (no duplicate grant, no error).
    expect((await t.call({ method: 'POST', url: `${BASE}/sys/user/addSysUserRole`, token: admin, payload: { roleId: adminRoleId, userIdList: [opsUserId] } })).body.success).toBe(true);
    ops = await t.login('ops');
    expect((await t.call({ method: 'GET', url: `${BASE}/sys/user/list`, token: ops })).body.success).toBe(true);

    const removed = await t.call({ method: 'DELETE', url: `${BASE}/sys/user/deleteUserRole?roleId=${adminRoleId}&userId=${opsUserId}`, token: admin });
    expect(removed.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await usernamesInRole(admin, adminRoleId)).toEqual(['admin']);
    expect((await t.call({ method: 'GET', url: `${BASE}/sys/user/list`, token: ops })).body).toMatchObject({ success: false, code: 510 });
  });

  it('refuses an unknown role or user and a caller without the user permissions, changing nothing', async () => {
    const unknownRole = await t.call({ method: 'POST', url: `${BASE}/sys/user/addSysUserRole`, token: admin, payload: { roleId: 'no-such-role', userIdList: [opsUserId] } });
    expect(unknownRole.body).toMatchObject({ success: false, message: '未找到对应角色' });
    const unknownUser = await t.call({ method: 'POST', url: `${BASE}/sys/user/addSysUserRole`, token: admin, payload: { roleId: adminRoleId, userIdList: [opsUserId, 'nobody'] } });
    expect(unknownUser.body).toMatchObject({ success: false, message: '未找到对应用户' });
    expect(await usernamesInRole(admin, adminRoleId)).toEqual(['admin']);

    const ops = await t.login('ops');
    const refused = await t.call({ method: 'POST', url: `${BASE}/sys/user/addSysUserRole`, token: ops, payload: { roleId: adminRoleId, userIdList: [opsUserId] } });
    expect(refused.body).toMatchObject({ success: false, code: 510 });
    expect((await t.call({ method: 'GET', url: `${BASE}/sys/user/userRoleList?roleId=${adminRoleId}`, token: ops })).body).toMatchObject({ success: false, code: 510 });
    expect((await t.call({ method: 'GET', url: `${BASE}/sys/user/userRoleList?roleId=${adminRoleId}` })).status).toBe(401);
  });

  it('answers the Vue3 session calls: who is signed in, the button codes, and a GET logout', async () => {
    const token = await t.login('ops');
    const info = await t.call<{ userInfo: { username: string }; sysAllDictItems: Record<string, unknown> }>({ method: 'GET', url: `${BASE}/sys/user/getUserInfo`, token });
    expect(info.body.success).toBe(true);
    expect(info.body.result.userInfo.username).toBe('ops');
    expect(Object.keys(info.body.result.sysAllDictItems).length).toBeGreaterThan(0);

    const codes = await t.call<{ codeList: string[]; auth: Array<{ action: string }> }>({ method: 'GET', url: `${BASE}/sys/permission/getPermCode`, token });
    expect(codes.body.success).toBe(true);
    expect(codes.body.result.codeList).toEqual(codes.body.result.auth.map((entry) => entry.action));
    expect(codes.body.result.codeList.length).toBeGreaterThan(0);

    expect((await t.call({ method: 'GET', url: `${BASE}/sys/logout`, token })).body).toMatchObject({ success: true, message: '退出登录成功！' });
    expect((await t.call({ method: 'GET', url: `${BASE}/sys/user/getUserInfo`, token })).status).toBe(401);
  });

  it('answers the Vue2 dictionary tree: every live dictionary as a node, narrowed by name', async () => {
    const tree = await t.call<Array<{ key: string; title: string; dictCode: string }>>({ method: 'GET', url: `${BASE}/sys/dict/treeList`, token: admin });
    expect(tree.body.success).toBe(true);
    const list = await t.call<{ total: number; records: Array<{ id: string; dictName: string }> }>({ method: 'GET', url: `${BASE}/sys/dict/list?pageSize=1`, token: admin });
    expect(tree.body.result).toHaveLength(list.body.result.total);
    const sample = list.body.result.records[0];
    expect(tree.body.result).toContainEqual(expect.objectContaining({ key: sample.id, title: sample.dictName }));
    const narrowed = await t.call<Array<{ title: string }>>({ method: 'GET', url: `${BASE}/sys/dict/treeList?dictName=${encodeURIComponent(sample.dictName)}`, token: admin });
    expect(narrowed.body.result.length).toBeGreaterThan(0);
    expect(narrowed.body.result.every((node) => node.title.includes(sample.dictName))).toBe(true);
    const ops = await t.login('ops');
    expect((await t.call({ method: 'GET', url: `${BASE}/sys/dict/treeList`, token: ops })).body).toMatchObject({ success: false, code: 510 });
  });
});
