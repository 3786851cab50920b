/** Builds the `getUserPermissionByToken` answer (contract §3) from the rows a user's roles reach. */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { pathMatches, type AuthEntry, type MenuNode, type PermissionResult } from '../../src/contracts/menu.ts';
import type { SysPermissionTable, SystemTables } from '../db/schema.ts';
import { grantedPermissionIds } from '../auth/role-grants.ts';
import { routeNameOfUrl } from './route-names.ts';

type Row = Pick<
  SysPermissionTable,
  | 'id' | 'parent_id' | 'name' | 'url' | 'component' | 'component_name' | 'redirect' | 'menu_type' | 'perms'
  | 'perms_type' | 'always_show' | 'icon' | 'is_route' | 'keep_alive' | 'hidden' | 'hide_tab'
  | 'internal_or_external' | 'status' | 'sort_no'
>;

const COLUMNS = [
  'p.id', 'p.parent_id', 'p.name', 'p.url', 'p.component', 'p.component_name', 'p.redirect', 'p.menu_type', 'p.perms',
  'p.perms_type', 'p.always_show', 'p.icon', 'p.is_route', 'p.keep_alive', 'p.hidden', 'p.hide_tab',
  'p.internal_or_external', 'p.status', 'p.sort_no',
] as const;

function isExternal(url: string): boolean {
  return /^(https?:\/\/|\{\{)/.test(url);
}

function toNode(row: Row, children: MenuNode[]): MenuNode {
  const url = row.url ?? '';
  const external = isExternal(url);
  const component = row.component ?? '';
  const node: MenuNode = {
    id: row.id,
    route: row.is_route ? '1' : '0',
    path: external ? crypto.createHash('md5').update(url).digest('hex') : url,
    name: row.component_name || routeNameOfUrl(url),
    component,
    meta: {
      keepAlive: row.keep_alive,
      internalOrExternal: row.internal_or_external,
      title: row.name,
      componentName: row.component_name || component.split('/').pop() || '',
      ...(row.icon ? { icon: row.icon } : {}),
      ...(external ? { url } : {}),
      ...(row.hide_tab ? { hideTab: true } : {}),
    },
  };
  if (row.redirect && !row.parent_id) node.redirect = row.redirect;
  if (row.hidden) node.hidden = true;
  if (row.always_show) node.alwaysShow = true;
  if (children.length > 0) {
    node.children = children;
    if (children.every((c) => c.hidden)) {
      node.hidden = true;
      node.meta.hideMenu = true;
    }
  }
  return node;
}

function buildTree(rows: Row[]): MenuNode[] {
  const byParent = new Map<string | null, Row[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    // A row whose parent the user cannot see is not shown at all (no orphan menus at the top).
    const parent = row.parent_id && ids.has(row.parent_id) ? row.parent_id : row.parent_id ? undefined : null;
    if (parent === undefined) continue;
    if (!byParent.has(parent)) byParent.set(parent, []);
    byParent.get(parent)!.push(row);
  }
  const build = (parent: string | null): MenuNode[] =>
    (byParent.get(parent) ?? []).map((row) => toNode(row, build(row.id)));
  return build(null);
}

/**
 * A menu link without a route of its own (`is_route` off, JeecgBoot's "参数URL菜单") opens through a parameter
 * route such as `/online/cgreport/:code`: whoever is granted the link gets the route that opens it. The route
 * grants nothing by itself — the screen's endpoints check their own permissions on every call.
 */
async function withParameterRoutes(db: Kysely<SystemTables>, granted: Row[]): Promise<Row[]> {
  const links = granted.filter((r) => !r.is_route && r.menu_type !== 2 && r.url && !isExternal(r.url));
  if (links.length === 0) return granted;
  const routes = await db
    .selectFrom('sys_permission as p')
    .select(COLUMNS)
    .where('p.is_route', '=', true)
    .where('p.del_flag', '=', 0)
    .where('p.menu_type', '<>', 2)
    .where('p.url', 'like', '%/:%')
    .orderBy('p.sort_no')
    .orderBy('p.id')
    .execute();
  const have = new Set(granted.map((r) => r.id));
  const implied = routes.filter((route) => !have.has(route.id) && !isExternal(route.url ?? '') && links.some((link) => pathMatches(route.url ?? '', link.url ?? '')));
  return implied.length > 0 ? [...granted, ...implied] : granted;
}

/** `hiddenComponents`: menu entries this user does not get (customer-menus.ts), whatever their grants. */
export async function permissionsForUser(db: Kysely<SystemTables>, userId: string, hiddenComponents: ReadonlySet<string> = new Set()): Promise<PermissionResult> {
  const granted = await db
    .selectFrom('sys_permission as p')
    .select(COLUMNS)
    // Grants through roles and department roles (contract §3).
    .where(sql<boolean>`p.id in (${grantedPermissionIds(sql`${userId}`)})`)
    .where('p.del_flag', '=', 0)
    .orderBy('p.sort_no')
    .orderBy('p.id')
    .execute();
  const menus = (await withParameterRoutes(db, granted)).filter((r) => r.menu_type !== 2 && !(r.component && hiddenComponents.has(r.component)));
  const auth: AuthEntry[] = granted
    .filter((r) => r.menu_type === 2 && r.status === '1' && r.perms)
    .map((r) => ({ action: r.perms!, type: r.perms_type === '2' ? '2' : '1', describe: r.name }));
  const allButtons = await db
    .selectFrom('sys_permission as p')
    .select(['p.perms', 'p.perms_type', 'p.name', 'p.status'])
    .where('p.menu_type', '=', 2)
    .where('p.del_flag', '=', 0)
    .orderBy('p.sort_no')
    .execute();
  const allAuth: AuthEntry[] = allButtons
    .filter((r) => r.perms)
    .map((r) => ({
      action: r.perms!,
      type: r.perms_type === '2' ? '2' : '1',
      describe: r.name,
      status: r.status === '0' ? '0' : '1',
    }));
  return { menu: buildTree(menus), auth, allAuth, sysSafeMode: false };
}
