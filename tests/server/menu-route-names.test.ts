/**
 * Issue 24, point 6: the stock JeecgBoot Vue2 client builds one vue-router route per menu row, named by its
 * component_name, and opens `src/views/<component>.vue`. So no two menu rows share a route name, the system screens
 * name JeecgBoot's Vue2 view paths, and a database made before this change gets the same on upgrade.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { MenuNode, PermissionResult } from '../../src/contracts/menu.ts';
import { menusMigrations } from '../../server/domains/system/menus/migrations.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

/** Screens JeecgBoot 3.4.3's Vue2 client has under src/views (ant-design-vue-jeecg), by our menu title. */
const VUE2_SCREENS: Record<string, string> = {
  用户管理: 'system/UserList',
  角色管理: 'system/RoleList',
  菜单管理: 'system/PermissionList',
  部门管理: 'system/DepartList',
  租户管理: 'system/TenantList',
  职务管理: 'system/SysPositionList',
  数据字典: 'system/DictList',
  系统日志: 'system/LogList',
  定时任务: 'system/QuartzJobList',
  通知公告: 'system/SysAnnouncementList',
  我的消息: 'system/UserAnnouncementList',
  首页: 'dashboard/Analysis',
};

function flatten(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
}

interface MenuRow { id: string; name: string; url: string | null; component: string | null; component_name: string | null }

async function menuRows(db: Kysely<unknown>): Promise<MenuRow[]> {
  const { rows } = await sql<MenuRow>`select id, name, url, component, component_name from sys_permission
    where del_flag = 0 and menu_type in (0, 1) order by id`.execute(db);
  return rows;
}

function sharedNames(rows: MenuRow[]): string[] {
  const seen = new Map<string, number>();
  for (const row of rows) seen.set(String(row.component_name), (seen.get(String(row.component_name)) ?? 0) + 1);
  return [...seen].filter(([, count]) => count > 1).map(([name]) => name);
}

describe.each(BACKENDS)('menu route names and Vue2 components on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const menuOf = async (token: string) =>
    flatten((await t.call<PermissionResult>({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token })).body.result.menu);

  it('gives every menu row a route name of its own', async () => {
    const rows = await menuRows(t.ctx.db as Kysely<unknown>);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((row) => !row.component_name)).toEqual([]);
    expect(sharedNames(rows)).toEqual([]);
    for (const user of ['admin', 'ops', 'shipper', 'shipperadmin']) {
      const names = (await menuOf(user === 'admin' ? admin : await t.login(user))).map((node) => node.name);
      expect(new Set(names).size, user).toBe(names.length);
    }
  });

  it('names the system screens by their JeecgBoot Vue2 view, the route after the view and folders after their url', async () => {
    const menu = await menuOf(admin);
    for (const [title, component] of Object.entries(VUE2_SCREENS)) {
      const node = menu.find((n) => n.meta.title === title);
      expect(node, title).toMatchObject({ component, name: component.split('/').pop(), meta: { componentName: component.split('/').pop() } });
    }
    expect(menu.find((n) => n.meta.title === '系统管理')).toMatchObject({ path: '/isystem', component: 'layouts/RouteView', name: 'isystem' });
    expect(menu.find((n) => n.meta.title === '数据报表')).toMatchObject({ component: 'layouts/RouteView', name: 'online-cgreport' });
    const reports = menu.filter((n) => n.component === 'modules/online/cgreport/auto/OnlCgreportAutoList');
    expect(reports.length).toBeGreaterThan(1);
    // Report pages are named after their url; the hidden route that opens them all keeps JeecgBoot's own name.
    for (const report of reports) {
      expect(report.name).toBe(report.path === '/online/cgreport/:code' ? 'onlineAutoList' : report.path.slice(1).replaceAll('/', '-'));
    }
  });

  it('brings a database made before issue 24 to the same names on upgrade', async () => {
    const db = t.ctx.db as Kysely<unknown>;
    const fresh = await menuRows(db);
    // What the menu sync and the report menus wrote before.
    await sql`update sys_permission set component = 'system/AnnouncementList', component_name = 'AnnouncementList' where id = 'page:sysAnnouncement'`.execute(db);
    await sql`update sys_permission set component_name = 'RouteView' where component = 'layouts/RouteView'`.execute(db);
    await sql`update sys_permission set component_name = 'OnlCgreportAutoList' where id like 'report:%'`.execute(db);
    // A folder an admin renamed keeps its name.
    await sql`update sys_permission set component_name = 'myFreight' where id = 'menu:wlhy'`.execute(db);
    expect(sharedNames(await menuRows(db))).not.toEqual([]);
    await menusMigrations['0141_vue2_menu_components'].up(db);
    const upgraded = await menuRows(db);
    expect(upgraded).toEqual(fresh.map((row) => (row.id === 'menu:wlhy' ? { ...row, component_name: 'myFreight' } : row)));
    await sql`update sys_permission set component_name = 'wlhy' where id = 'menu:wlhy'`.execute(db);
  });

  it('names a menu added without a route name by its view, or by its url when the view is taken; refuses a taken name', async () => {
    const add = async (payload: Record<string, unknown>) =>
      (await t.call<string>({ method: 'POST', url: '/jeecg-boot/sys/permission/add', token: admin, payload })).body;
    const named = async (id: string) => (await menuRows(t.ctx.db as Kysely<unknown>)).find((row) => row.id === id)?.component_name;
    const folder = await add({ menuType: 0, name: '运营看板', url: '/board', component: 'layouts/RouteView' });
    expect(folder.success, folder.message).toBe(true);
    expect(await named(folder.result)).toBe('board');
    const second = await add({ menuType: 1, parentId: folder.result, name: '用户一览', url: '/board/users', component: 'system/UserList' });
    expect(second.success, second.message).toBe(true);
    expect(await named(second.result)).toBe('board-users');
    const clash = await add({ menuType: 1, parentId: folder.result, name: '角色一览', url: '/board/roles', component: 'system/RoleList', componentName: 'UserList' });
    expect(clash).toMatchObject({ success: false });
    expect(clash.message).toContain('UserList');
    expect(sharedNames(await menuRows(t.ctx.db as Kysely<unknown>))).toEqual([]);
  });
});
