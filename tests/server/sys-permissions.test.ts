import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, PASSWORD, startTestApp, type TestApp } from './helpers/test-app.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { syncMenus } from '../../server/menu/sync.ts';
import { knownComponents } from '../../server/domains/system/menus/validation.ts';
import type { PermissionResult } from '../../src/contracts/menu.ts';

const API = '/jeecg-boot/sys/permission';

interface Node {
  id: string;
  name: string;
  menuType: string;
  perms: string | null;
  hasChild: string;
  url: string | null;
  children?: Node[];
}
interface TreeModel {
  key: string;
  title: string;
  menuType: number;
  children?: TreeModel[];
}

function flatten<T extends { children?: T[] }>(nodes: T[]): T[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

describe.each(BACKENDS)('menu editor and role grants on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let roleId: string;

  async function tree(): Promise<Node[]> {
    const answer = await t.call<Node[]>({ method: 'GET', url: `${API}/list`, token: admin });
    expect(answer.body.success, answer.body.message).toBe(true);
    return flatten(answer.body.result);
  }
  async function add(payload: Record<string, unknown>) {
    return (await t.call<string>({ method: 'POST', url: `${API}/add`, token: admin, payload })).body;
  }
  async function granted(): Promise<string[]> {
    const answer = await t.call<string[]>({ method: 'GET', url: `${API}/queryRolePermission?roleId=${roleId}`, token: admin });
    expect(answer.body.success, answer.body.message).toBe(true);
    return answer.body.result;
  }
  async function save(permissionIds: string[], lastpermissionIds: string[]) {
    return (
      await t.call({
        method: 'POST',
        url: `${API}/saveRolePermission`,
        token: admin,
        payload: { roleId, permissionIds: permissionIds.join(','), lastpermissionIds: lastpermissionIds.join(',') },
      })
    ).body;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
    roleId = `role${kind}`.slice(0, 32);
    await sql`insert into sys_role (id, role_code, role_name) values (${roleId}, ${'clerk'}, ${'文员'})`.execute(t.ctx.db);
    const hash = await hashPassword(PASSWORD);
    await sql`insert into sys_user (id, username, realname, password_hash, rel_tenant_ids, user_type)
      values ('clerk1', 'clerk1', '文员一', ${hash}, '1', 1)`.execute(t.ctx.db);
    await sql`insert into sys_user_role (user_id, role_id) values ('clerk1', ${roleId})`.execute(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the whole menu tree with pages, buttons and the editor itself', async () => {
    const nodes = await tree();
    const page = nodes.find((n) => n.id === 'page:sysPermission');
    expect(page).toMatchObject({ name: '菜单管理', menuType: '1', hasChild: '1', url: '/isystem/permission' });
    expect(page?.children?.map((c) => c.perms)).toEqual(
      expect.arrayContaining(['system:permission:list', 'system:permission:add', 'system:permission:edit', 'system:permission:delete']),
    );
    const children = await t.call<Node[]>({ method: 'GET', url: `${API}/childList?pid=page:sysPermission`, token: admin });
    expect(children.body.result.every((c) => c.menuType === '2')).toBe(true);
    // The roles screen's 授权 button row exists and admin holds it.
    expect(nodes.some((n) => n.perms === 'system:role:authorize')).toBe(true);
  });

  it('refuses menus without url or with an unknown component, buttons without perms, duplicate perms and script urls', async () => {
    const noUrl = await add({ menuType: '0', name: '报表', component: 'layouts/RouteView' });
    expect(noUrl.success).toBe(false);
    expect(noUrl.message).toContain('访问路径');
    const unknown = await add({ menuType: '0', name: '报表', url: '/report', component: 'report/Nowhere' });
    expect(unknown.success).toBe(false);
    expect(unknown.message).toContain('前端组件“report/Nowhere”不存在');
    const noPerms = await add({ menuType: '2', name: '审核', parentId: 'page:sysPermission' });
    expect(noPerms.success).toBe(false);
    expect(noPerms.message).toBe('按钮必须填写授权标识');
    const dup = await add({ menuType: '2', name: '再查询', parentId: 'page:sysPermission', perms: 'system:permission:list' });
    expect(dup.success).toBe(false);
    expect(dup.message).toContain('已存在');
    const script = await add({ menuType: '0', name: 'x', url: 'javascript:alert(1)', component: 'layouts/RouteView' });
    expect(script.success).toBe(false);
    expect(script.message).toBe('访问路径不能使用脚本地址');
    const badType = await add({ menuType: '7', name: 'x', url: '/x', component: 'layouts/RouteView' });
    expect(badType.success).toBe(false);
    const underButton = await add({ menuType: '2', name: 'x', parentId: 'perm:system:permission:list', perms: 'x:y' });
    expect(underButton.message).toBe('上级不能是按钮');
    expect((await tree()).some((n) => n.name === '报表' || n.name === '审核')).toBe(false);
  });

  it('accepts every component a menu can name: layouts, entity screens, code pages (menus.json) and online lists', () => {
    const known = knownComponents(t.ctx.config.schemasDir, t.ctx.entities);
    // tests/web/permission-tree.test.tsx checks that every code page of src/app/code-pages.ts is in menus.json.
    expect(known.has('dashboard/Analysis')).toBe(true);
    expect(known.has('wlhy/hydriver/HyDriverList')).toBe(true);
    expect(known.has('modules/online/cgform/auto/OnlCgformAutoList')).toBe(true);
    expect(known.has('layouts/IframePageView')).toBe(true);
  });

  it('adds, edits (PUT and POST) and deletes a menu with its buttons; grants go with them', async () => {
    const created = await add({ menuType: '0', name: '报表中心', url: '/report', component: 'layouts/RouteView', sortNo: 95, icon: 'bar-chart' });
    expect(created.success, created.message).toBe(true);
    const menuId = created.result;
    const page = await add({ menuType: '1', name: '外部报表', parentId: menuId, url: '{{ window._CONFIG["domianURL"] }}/jmreport/list', component: 'layouts/IframePageView' });
    expect(page.success, page.message).toBe(true);
    const button = await add({ menuType: '2', name: '导出报表', parentId: page.result, perms: 'report:export', permsType: '2' });
    expect(button.success, button.message).toBe(true);

    const put = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: menuId, name: '报表中心2' } });
    expect(put.body.success, put.body.message).toBe(true);
    const post = await t.call({ method: 'POST', url: `${API}/edit`, token: admin, payload: { id: menuId, sortNo: 96 } });
    expect(post.body.success, post.body.message).toBe(true);
    const cycle = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: page.result, parentId: page.result } });
    expect(cycle.body.success).toBe(false);
    const one = await t.call<Node & { sortNo: number }>({ method: 'GET', url: `${API}/queryById?id=${menuId}`, token: admin });
    expect(one.body.result).toMatchObject({ name: '报表中心2', sortNo: 96, hasChild: '1', menuType: '0' });

    // Granted and visible; the {{ }} url is served as plain data (meta.url), never resolved by the server.
    expect((await save([menuId, page.result, button.result], [])).success).toBe(true);
    const clerk = await t.login('clerk1');
    const perms = (await t.call<PermissionResult>({ method: 'GET', url: `${API}/getUserPermissionByToken`, token: clerk })).body.result;
    const external = flatten(perms.menu).find((m) => m.meta.title === '外部报表');
    expect(external?.meta.url).toBe('{{ window._CONFIG["domianURL"] }}/jmreport/list');
    expect(perms.auth).toEqual([{ action: 'report:export', type: '2', describe: '导出报表' }]);

    const removed = await t.call({ method: 'DELETE', url: `${API}/delete?id=${menuId}`, token: admin });
    expect(removed.body.success, removed.body.message).toBe(true);
    expect(removed.body.message).toContain('3');
    const ids = (await tree()).map((n) => n.id);
    expect(ids).not.toContain(page.result);
    expect(ids).not.toContain(button.result);
    expect(await granted()).toEqual([]);
    const after = (await t.call<PermissionResult>({ method: 'GET', url: `${API}/getUserPermissionByToken`, token: clerk })).body.result;
    expect(after.menu).toEqual([]);
    expect(after.auth).toEqual([]);
  });

  it('refuses to delete the menu editor itself', async () => {
    const answer = await t.call({ method: 'DELETE', url: `${API}/delete?id=page:sysPermission`, token: admin });
    expect(answer.body.success).toBe(false);
    const folder = await t.call({ method: 'DELETE', url: `${API}/deleteBatch?ids=menu:isystem`, token: admin });
    expect(folder.body.success).toBe(false);
    expect((await tree()).some((n) => n.id === 'page:sysPermission')).toBe(true);
  });

  it('keeps admin edits and deletions of synced rows across a restart sync', async () => {
    const edit = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: 'page:hyDriver', name: '司机档案', icon: 'idcard' } });
    expect(edit.body.success, edit.body.message).toBe(true);
    const drop = await t.call({ method: 'DELETE', url: `${API}/delete?id=perm:hydriver:hyDriver:importExcel`, token: admin });
    expect(drop.body.success, drop.body.message).toBe(true);
    await syncMenus(t.ctx.db, t.ctx.config.schemasDir, t.ctx.entities);
    const nodes = await tree();
    expect(nodes.find((n) => n.id === 'page:hyDriver')?.name).toBe('司机档案');
    expect(nodes.some((n) => n.id === 'perm:hydriver:hyDriver:importExcel')).toBe(false);
  });

  it('saves role grants as a diff: a grant saved by someone else in between survives', async () => {
    const treeAnswer = await t.call<{ treeList: TreeModel[]; ids: string[] }>({ method: 'GET', url: `${API}/queryTreeList`, token: admin });
    expect(treeAnswer.body.success).toBe(true);
    const models = flatten(treeAnswer.body.result.treeList);
    expect(models.find((m) => m.key === 'page:sysPermission')).toMatchObject({ title: '菜单管理', menuType: 1 });
    expect(treeAnswer.body.result.ids).toContain('perm:system:permission:list');
    const roleTree = await t.call<{ ids: string[] }>({ method: 'GET', url: '/jeecg-boot/sys/role/queryTreeList', token: admin });
    expect(roleTree.body.result.ids.length).toBe(treeAnswer.body.result.ids.length);

    expect(await granted()).toEqual([]);
    const loaded: string[] = [];
    // Editor A loads nothing granted; meanwhile editor B grants the driver page.
    expect((await save(['page:hyDriver'], [])).success).toBe(true);
    // A then grants the menu editor's list button, sending what it loaded as last.
    const saved = await save(['menu:isystem', 'page:sysPermission', 'perm:system:permission:list'], loaded);
    expect(saved.success, saved.message).toBe(true);
    expect(saved.message).toBe('保存成功！');
    expect((await granted()).sort()).toEqual(['menu:isystem', 'page:hyDriver', 'page:sysPermission', 'perm:system:permission:list'].sort());
    // Unchecking removes only what the editor had and dropped.
    expect((await save(['menu:isystem', 'page:sysPermission'], ['menu:isystem', 'page:sysPermission', 'perm:system:permission:list'])).success).toBe(true);
    expect((await granted()).sort()).toEqual(['menu:isystem', 'page:hyDriver', 'page:sysPermission']);
  });

  it('refuses ids that are not permission rows and changes nothing', async () => {
    const before = await granted();
    const answer = await save([...before, 'perm:system:permission:add', 'nope:1'], before);
    expect(answer.success).toBe(false);
    expect(answer.message).toContain('nope:1');
    expect(await granted()).toEqual(before);
    const role = await t.call({ method: 'POST', url: `${API}/saveRolePermission`, token: admin, payload: { roleId: 'missing', permissionIds: 'page:hyDriver' } });
    expect(role.body.message).toBe('角色不存在');
  });

  it('reflects a grant in getUserPermissionByToken at the next request of an open session', async () => {
    const clerk = await t.login('clerk1');
    const read = async () => (await t.call<PermissionResult>({ method: 'GET', url: `${API}/getUserPermissionByToken`, token: clerk })).body.result;
    expect((await read()).auth.map((a) => a.action)).not.toContain('system:permission:add');
    const denied = await t.call({ method: 'POST', url: `${API}/add`, token: clerk, payload: {} });
    expect(denied.body.success).toBe(false);
    const current = await granted();
    expect((await save([...current, 'perm:system:permission:add'], current)).success).toBe(true);
    const now = await read();
    expect(now.auth.map((a) => a.action)).toContain('system:permission:add');
    expect(flatten(now.menu).map((m) => m.meta.title)).toContain('菜单管理');
    const allowed = await t.call({ method: 'POST', url: `${API}/add`, token: clerk, payload: { menuType: '0', name: 'x' } });
    expect(allowed.body.message).toContain('访问路径');
  });

  it('guards the grant endpoints with system:role:authorize', async () => {
    const ops = await t.login('ops');
    for (const url of [`${API}/queryTreeList`, `${API}/queryRolePermission?roleId=${roleId}`, `/jeecg-boot/sys/role/datarule/page:hyDriver/${roleId}`]) {
      const answer = await t.call({ method: 'GET', url, token: ops });
      expect(answer.body.success, url).toBe(false);
    }
    const save2 = await t.call({ method: 'POST', url: `${API}/saveRolePermission`, token: ops, payload: { roleId, permissionIds: 'page:hyDriver' } });
    expect(save2.body.success).toBe(false);
  });

  it('manages data rules of a page and binds them to a role', async () => {
    const rule = (payload: Record<string, unknown>) => t.call<string>({ method: 'POST', url: `${API}/addPermissionRule`, token: admin, payload });
    const sqlRule = await rule({ permissionId: 'page:hyDriver', ruleName: 'sql', ruleColumn: 'driverName', ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1' });
    expect(sqlRule.body.success).toBe(false);
    expect(sqlRule.body.message).toBe('不支持自定义SQL规则');
    const badColumn = await rule({ permissionId: 'page:hyDriver', ruleName: 'c', ruleColumn: 'password_hash', ruleConditions: '=', ruleValue: 'x' });
    expect(badColumn.body.message).toContain('不是该页面的字段');
    const onButton = await rule({ permissionId: 'perm:system:permission:list', ruleName: 'c', ruleColumn: 'x', ruleConditions: '=', ruleValue: 'x' });
    expect(onButton.body.success).toBe(false);
    const good = await rule({ permissionId: 'page:hyDriver', ruleName: '只看张三', ruleColumn: 'driverName', ruleConditions: 'LIKE', ruleValue: '张' });
    expect(good.body.success, good.body.message).toBe(true);
    const edited = await t.call({ method: 'PUT', url: `${API}/editPermissionRule`, token: admin, payload: { id: good.body.result, ruleConditions: 'RIGHT_LIKE' } });
    expect(edited.body.success, edited.body.message).toBe(true);
    const rules = await t.call<Array<{ id: string; ruleConditions: string }>>({ method: 'GET', url: `${API}/getPermRuleListByPermId?permissionId=page:hyDriver`, token: admin });
    expect(rules.body.result).toEqual([expect.objectContaining({ id: good.body.result, ruleConditions: 'RIGHT_LIKE' })]);
    const treeNode = flatten((await t.call<{ treeList: TreeModel[] }>({ method: 'GET', url: `${API}/queryTreeList`, token: admin })).body.result.treeList).find((m) => m.key === 'page:hyDriver');
    expect(treeNode).toMatchObject({ ruleFlag: 1 });

    // The role holds page:hyDriver (granted above): bind the rule, read it back.
    const url = `/jeecg-boot/sys/role/datarule/page:hyDriver/${roleId}`;
    expect((await t.call<{ drChecked: string }>({ method: 'GET', url, token: admin })).body.result.drChecked).toBe('');
    const bind = await t.call({ method: 'POST', url: '/jeecg-boot/sys/role/datarule', token: admin, payload: { permissionId: 'page:hyDriver', roleId, dataRuleIds: good.body.result } });
    expect(bind.body.success, bind.body.message).toBe(true);
    const read = await t.call<{ datarule: Array<{ ruleName: string }>; drChecked: string }>({ method: 'GET', url, token: admin });
    expect(read.body.result.drChecked).toBe(good.body.result);
    expect(read.body.result.datarule.map((r) => r.ruleName)).toEqual(['只看张三']);
    const foreign = await t.call({ method: 'POST', url: '/jeecg-boot/sys/role/datarule', token: admin, payload: { permissionId: 'page:sysPermission', roleId, dataRuleIds: good.body.result } });
    expect(foreign.body.success).toBe(false);

    const removed = await t.call({ method: 'DELETE', url: `${API}/deletePermissionRule?id=${good.body.result}`, token: admin });
    expect(removed.body.success).toBe(true);
    const grant = await sql<{ data_rule_ids: string | null }>`select data_rule_ids from sys_role_permission where role_id = ${roleId} and permission_id = 'page:hyDriver'`.execute(t.ctx.db);
    expect(grant.rows[0].data_rule_ids).toBeNull();
  });

  it('serves the same data rules as an entity for the menu editor’s 数据规则 drawer', async () => {
    const RULES = '/jeecg-boot/sys/permissionDataRule';
    const refused = await t.call({ method: 'POST', url: `${RULES}/add`, token: admin, payload: { permissionId: 'page:hyDriver', ruleName: 'x', ruleColumn: 'driverName', ruleConditions: 'USE_SQL_RULES', ruleValue: '1' } });
    expect(refused.body.success).toBe(false);
    const added = await t.call<string>({ method: 'POST', url: `${RULES}/add`, token: admin, payload: { permissionId: 'page:hyDriver', ruleName: '本部门', ruleColumn: 'sysOrgCode', ruleConditions: '=', ruleValue: '#{sys_org_code}', status: '1' } });
    expect(added.body.success, added.body.message).toBe(true);
    const list = await t.call<Array<{ id: string; ruleName: string }>>({ method: 'GET', url: `${RULES}/list?permissionId=page:hyDriver&pageNo=1&pageSize=10`, token: admin });
    expect(list.body.result.map((r) => r.ruleName)).toEqual(['本部门']);
    const edited = await t.call({ method: 'PUT', url: `${RULES}/edit`, token: admin, payload: { id: added.body.result, ruleName: '本部门数据', permissionId: 'page:sysPermission' } });
    expect(edited.body.success, edited.body.message).toBe(true);
    const one = await t.call<{ ruleName: string; permissionId: string }>({ method: 'GET', url: `${RULES}/queryById?id=${added.body.result}`, token: admin });
    expect(one.body.result).toMatchObject({ ruleName: '本部门数据', permissionId: 'page:hyDriver' });
    const ops = await t.login('ops');
    expect((await t.call({ method: 'GET', url: `${RULES}/list?permissionId=page:hyDriver`, token: ops })).body.success).toBe(false);
    const removed = await t.call({ method: 'DELETE', url: `${RULES}/deleteBatch?ids=${added.body.result}`, token: admin });
    expect(removed.body.success).toBe(true);
    expect((await t.call<unknown[]>({ method: 'GET', url: `${RULES}/list?permissionId=page:hyDriver`, token: admin })).body.result).toEqual([]);
  });
});
