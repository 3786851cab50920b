/**
 * sys_permission rows read directly (JeecgBoot's SysPermission / SysPermissionTree) for what is not the engine's
 * list: the lazy menu pickers' levels (getSystemMenuList, getSystemSubmenu) and the role-grant tree
 * (`queryTreeList`, TreeModel). The editor's list, childList and queryById are the engine's (schema tree.wholeList).
 */
import type { Kysely } from 'kysely';
import type { SysPermissionTable, SystemTables } from '../../../db/schema.ts';

export type PermissionRow = Omit<SysPermissionTable, 'create_time' | 'has_child'> & { create_time: unknown; has_child?: unknown };

/** The editor's record. menuType is a string so the form's dictionary radio ('0'/'1'/'2') matches it. */
export interface PermissionWire {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: string;
  perms: string | null;
  permsType: string;
  sortNo: number;
  alwaysShow: boolean;
  icon: string | null;
  route: boolean;
  leaf: boolean;
  keepAlive: boolean;
  hidden: boolean;
  hideTab: boolean;
  internalOrExternal: boolean;
  status: string;
  delFlag: number;
  description: string | null;
  /** '1' when a live row names this one as parent (the tree-list renderer's expand marker). */
  hasChild: '0' | '1';
  /** Whether the page has data rules (JeecgBoot's ruleFlag: 1 yes, 0 no). */
  ruleFlag: number;
  key: string;
  title: string;
  menuType_dictText?: string;
  children?: PermissionWire[];
}

/** JeecgBoot's TreeModel for role grants, plus menuType so clients can mark buttons. */
export interface TreeModel {
  key: string;
  title: string;
  slotTitle: string;
  value: string;
  label: string;
  parentId: string | null;
  isLeaf: boolean;
  icon: string | null;
  ruleFlag: number;
  menuType: number;
  perms: string | null;
  children?: TreeModel[];
}

const MENU_TYPE_TEXT: Record<number, string> = { 0: '一级菜单', 1: '子菜单', 2: '按钮/权限' };

export async function liveRows(db: Kysely<SystemTables>): Promise<PermissionRow[]> {
  return db.selectFrom('sys_permission').selectAll().where('del_flag', '=', 0).orderBy('sort_no').orderBy('id').execute();
}

export async function pagesWithRules(db: Kysely<SystemTables>): Promise<Set<string>> {
  const rows = await db.selectFrom('sys_permission_data_rule').select('permission_id').distinct().execute();
  return new Set(rows.map((r) => r.permission_id));
}

export function toWire(row: PermissionRow, hasChild: boolean, ruleFlag: boolean): PermissionWire {
  return {
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    url: row.url,
    component: row.component,
    componentName: row.component_name,
    redirect: row.redirect,
    menuType: String(row.menu_type),
    menuType_dictText: MENU_TYPE_TEXT[row.menu_type] ?? '',
    perms: row.perms,
    permsType: row.perms_type,
    sortNo: row.sort_no,
    alwaysShow: row.always_show,
    icon: row.icon,
    route: row.is_route,
    leaf: !hasChild,
    keepAlive: row.keep_alive,
    hidden: row.hidden,
    hideTab: row.hide_tab,
    internalOrExternal: row.internal_or_external,
    status: row.status,
    delFlag: row.del_flag,
    description: row.description,
    hasChild: hasChild ? '1' : '0',
    ruleFlag: ruleFlag ? 1 : 0,
    key: row.id,
    title: row.name,
  };
}

function childrenByParent<T extends { parent_id: string | null; id: string }>(rows: T[]): Map<string | null, T[]> {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<string | null, T[]>();
  for (const row of rows) {
    // A row whose parent is gone (deleted) shows at the top, so an editor can still reach and fix it.
    const parent = row.parent_id && ids.has(row.parent_id) ? row.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  return byParent;
}

/** One level of the tree (the tree-list renderer's `childList`). */
export function childLevel(rows: PermissionRow[], parentId: string, rules: Set<string>): PermissionWire[] {
  const parents = new Set(rows.map((r) => r.parent_id).filter((p): p is string => Boolean(p)));
  return rows.filter((r) => r.parent_id === parentId).map((r) => toWire(r, parents.has(r.id), rules.has(r.id)));
}

export function grantTree(rows: PermissionRow[], rules: Set<string>): TreeModel[] {
  const byParent = childrenByParent(rows);
  const build = (parent: string | null): TreeModel[] =>
    (byParent.get(parent) ?? []).map((row) => {
      const children = build(row.id);
      const node: TreeModel = {
        key: row.id,
        title: row.name,
        slotTitle: row.name,
        value: row.id,
        label: row.name,
        parentId: row.parent_id,
        isLeaf: children.length === 0,
        icon: row.icon,
        ruleFlag: rules.has(row.id) ? 1 : 0,
        menuType: row.menu_type,
        perms: row.perms,
      };
      return children.length > 0 ? { ...node, children } : node;
    });
  return build(null);
}
