import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope.ts';
import type { PermissionResult } from '../../src/contracts/menu.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const P = '/jeecg-boot';
const ROLE = `${P}/sys/sysDepartRole`;
const GRANT = `${P}/sys/sysDepartPermission`;
const MEMBERS = `${P}/sys/sysDepartRoleUser`;

interface DepartRole {
  id: string;
  roleName: string;
  roleCode: string;
  departId: string;
  departId_dictText: string;
}

describe.each(BACKENDS)('department roles (/sys/sysDepartRole, sysDepartPermission, sysDepartRoleUser) on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ops: string;
  let roleId: string;
  let menuId: string;
  let buttonId: string;
  let parentId: string;
  let opsId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
    ops = await t.login('ops');
    const rows = await t.ctx.db.selectFrom('sys_permission').select(['id', 'url', 'perms']).where('del_flag', '=', 0).execute();
    menuId = rows.find((r) => r.url === '/isystem/user')!.id;
    // 系统管理, the page's parent: a menu shows only under a parent the user may see.
    parentId = (await t.ctx.db.selectFrom('sys_permission').select('parent_id').where('id', '=', menuId).executeTakeFirstOrThrow()).parent_id!;
    buttonId = rows.find((r) => r.perms === 'system:user:list')!.id;
    opsId = (await t.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'ops').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const saveDepartPermission = async (ids: string[]) =>
    expect((await t.call({ method: 'POST', url: `${P}/sys/sysDepart/saveDepartPermission`, token: admin, payload: { departId: 'd-ops', permissionIds: ids.join(',') } })).body).toMatchObject({ success: true });
  const opsSeesUsers = async () => (await t.call({ method: 'GET', url: `${P}/sys/user/list`, token: ops })).body.success;

  it('creates, lists and edits roles owned by a department, with the add rules', async () => {
    const added = await t.call<{ id: string }>({ method: 'POST', url: `${ROLE}/add`, token: admin, payload: { departId: 'd-ops', roleName: '调度组长', roleCode: 'dispatch_lead' } });
    expect(added.body).toMatchObject({ success: true });
    roleId = added.body.result.id;
    const dup = await t.call({ method: 'POST', url: `${ROLE}/add`, token: admin, payload: { departId: 'd-ops', roleName: '重复', roleCode: 'dispatch_lead' } });
    expect(JSON.stringify(dup.body)).toContain('部门角色编码已存在');
    // The same code in another department is a different role.
    expect((await t.call({ method: 'POST', url: `${ROLE}/add`, token: admin, payload: { departId: 'd-finance', roleName: '财务组长', roleCode: 'dispatch_lead' } })).body).toMatchObject({ success: true });
    const badCode = await t.call({ method: 'POST', url: `${ROLE}/add`, token: admin, payload: { departId: 'd-ops', roleName: '坏', roleCode: 'bad code!' } });
    expect(JSON.stringify(badCode.body)).toContain('部门角色编码只能包含字母、数字和下划线');
    const noDepart = await t.call({ method: 'POST', url: `${ROLE}/add`, token: admin, payload: { departId: 'nope', roleName: '无', roleCode: 'none' } });
    expect(JSON.stringify(noDepart.body)).toContain('部门');
    expect(noDepart.body.success).toBe(false);

    const list = await t.call<Page<DepartRole>>({ method: 'GET', url: `${ROLE}/list?deptId=d-ops`, token: admin });
    expect(list.body.result.records.map((r) => [r.roleCode, r.departId_dictText])).toEqual([['dispatch_lead', '运营部']]);
    const edited = await t.call({ method: 'PUT', url: `${ROLE}/edit`, token: admin, payload: { id: roleId, roleName: '调度主管' } });
    expect(edited.body).toMatchObject({ success: true });
    const moved = await t.call({ method: 'PUT', url: `${ROLE}/edit`, token: admin, payload: { id: roleId, departId: 'd-finance' } });
    expect(JSON.stringify(moved.body)).toContain('所属部门不能修改');
    const byId = await t.call<DepartRole>({ method: 'GET', url: `${ROLE}/queryById?id=${roleId}`, token: admin });
    expect(byId.body.result).toMatchObject({ roleName: '调度主管', departId: 'd-ops' });
  });

  it('grants only the department\'s own permissions, and a member holding the role gets them in menu and buttons', async () => {
    await saveDepartPermission([parentId, menuId, buttonId]);
    const tree = await t.call<{ ids: string[] }>({ method: 'GET', url: `${GRANT}/queryTreeListForDeptRole?roleId=${roleId}`, token: admin });
    expect(tree.body.result.ids.sort()).toEqual([parentId, menuId, buttonId].sort());

    const other = (await t.ctx.db.selectFrom('sys_permission').select('id').where('url', '=', '/isystem/role').executeTakeFirstOrThrow()).id;
    const outside = await t.call({ method: 'POST', url: `${GRANT}/saveDeptRolePermission`, token: admin, payload: { roleId, permissionIds: `${menuId},${other}`, lastpermissionIds: '' } });
    expect(JSON.stringify(outside.body)).toContain('只能授予部门拥有的权限');
    const saved = await t.call({ method: 'POST', url: `${GRANT}/saveDeptRolePermission`, token: admin, payload: { roleId, permissionIds: `${parentId},${menuId},${buttonId}`, lastpermissionIds: '' } });
    expect(saved.body).toMatchObject({ success: true, result: { added: 3, removed: 0 } });
    const granted = await t.call<string[]>({ method: 'GET', url: `${GRANT}/queryDeptRolePermission?roleId=${roleId}`, token: admin });
    expect(granted.body.result.sort()).toEqual([parentId, menuId, buttonId].sort());

    expect(await opsSeesUsers()).toBe(false);
    const shipper = await t.call({ method: 'POST', url: `${MEMBERS}/add`, token: admin, payload: { roleId, username: 'shipper' } });
    expect(JSON.stringify(shipper.body)).toContain('该用户不属于此部门角色的部门');
    expect((await t.call({ method: 'POST', url: `${MEMBERS}/add`, token: admin, payload: { roleId, username: 'ops' } })).body).toMatchObject({ success: true });
    const members = await t.call<Page<{ username: string; username_dictText: string }>>({ method: 'GET', url: `${MEMBERS}/list?roleId=${roleId}`, token: admin });
    expect(members.body.result.records.map((m) => [m.username, m.username_dictText])).toEqual([['ops', '运营专员']]);

    // The same open session now holds the grant.
    expect(await opsSeesUsers()).toBe(true);
    const menu = await t.call<PermissionResult>({ method: 'GET', url: `${P}/sys/permission/getUserPermissionByToken`, token: ops });
    expect(JSON.stringify(menu.body.result.menu)).toContain('/isystem/user');
    expect(menu.body.result.auth.map((a) => a.action)).toContain('system:user:list');

    // The department losing the permission takes it from its roles at once.
    await saveDepartPermission([parentId, menuId]);
    expect(await opsSeesUsers()).toBe(false);
    await saveDepartPermission([parentId, menuId, buttonId]);
    expect(await opsSeesUsers()).toBe(true);
  });

  it('sets a member\'s roles in a department (deptRoleUserAdd) and removing the member or the role ends the grant', async () => {
    const set = await t.call({ method: 'POST', url: `${ROLE}/deptRoleUserAdd`, token: admin, payload: { userId: opsId, newRoleId: roleId, oldRoleId: roleId } });
    expect(set.body).toMatchObject({ success: true });
    const held = await t.call<Array<{ droleId: string }>>({ method: 'GET', url: `${ROLE}/getDeptRoleByUserId?userId=${opsId}&departId=d-ops`, token: admin });
    expect(held.body.result.map((r) => r.droleId)).toEqual([roleId]);
    const adminId = (await t.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const notMember = await t.call({ method: 'POST', url: `${ROLE}/deptRoleUserAdd`, token: admin, payload: { userId: adminId, newRoleId: roleId } });
    expect(notMember.body).toMatchObject({ success: false, message: '该用户不属于此部门' });

    const cleared = await t.call({ method: 'POST', url: `${ROLE}/deptRoleUserAdd`, token: admin, payload: { userId: opsId, newRoleId: '', departId: 'd-ops' } });
    expect(cleared.body).toMatchObject({ success: true });
    expect(await opsSeesUsers()).toBe(false);

    await t.call({ method: 'POST', url: `${MEMBERS}/add`, token: admin, payload: { roleId, username: 'ops' } });
    const member = (await t.call<Page<{ id: string }>>({ method: 'GET', url: `${MEMBERS}/list?roleId=${roleId}`, token: admin })).body.result.records[0];
    expect((await t.call({ method: 'DELETE', url: `${MEMBERS}/delete?id=${member.id}`, token: admin })).body).toMatchObject({ success: true });
    expect(await opsSeesUsers()).toBe(false);

    await t.call({ method: 'POST', url: `${MEMBERS}/add`, token: admin, payload: { roleId, username: 'ops' } });
    expect(await opsSeesUsers()).toBe(true);
    expect((await t.call({ method: 'DELETE', url: `${ROLE}/delete?id=${roleId}`, token: admin })).body).toMatchObject({ success: true });
    expect(await opsSeesUsers()).toBe(false);
    expect((await t.call({ method: 'GET', url: `${GRANT}/queryDeptRolePermission?roleId=${roleId}`, token: admin })).body).toMatchObject({ success: false, message: '部门角色不存在' });
  });

  it('refuses callers without the permission codes', async () => {
    const calls = [
      ['GET', `${ROLE}/list`, undefined],
      ['POST', `${ROLE}/add`, { departId: 'd-ops', roleName: 'x', roleCode: 'x' }],
      ['DELETE', `${ROLE}/delete?id=x`, undefined],
      ['GET', `${GRANT}/queryTreeListForDeptRole?departId=d-ops`, undefined],
      ['POST', `${GRANT}/saveDeptRolePermission`, { roleId: 'x', permissionIds: '' }],
      ['GET', `${MEMBERS}/list?roleId=x`, undefined],
      ['POST', `${MEMBERS}/add`, { roleId: 'x', username: 'ops' }],
      ['POST', `${ROLE}/deptRoleUserAdd`, { userId: opsId, newRoleId: 'x' }],
    ] as const;
    for (const [method, url, payload] of calls) {
      const refused = await t.call({ method, url, token: ops, payload });
      expect(refused.body, `${method} ${url}`).toMatchObject({ success: false, code: 510 });
    }
    expect(await t.ctx.db.selectFrom('sys_permission').select('id').where('perms', '=', 'system:departRole:authorize').execute()).toHaveLength(1);
  });
});
