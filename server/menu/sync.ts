/**
 * Menu rows come from schemas/menus.json (folders, code pages) and from each entity's `menu` block, plus one
 * button row per entity action carrying its permission code. Rows are inserted when missing and never
 * overwritten, so admins' later edits stay; a row created here is granted to the roles its schema names.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { entityActions, permissionCode, type EntityAction } from '../../src/contracts/entity.ts';
import type { MenuCatalog } from '../../src/contracts/menu.ts';
import { CAPABILITIES, type CapabilityContract } from '../../capabilities/index.ts';
import type { SysPermissionTable, SystemTables } from '../db/schema.ts';
import type { EntityRuntime } from '../entity/registry.ts';
import { defaultComponentName } from './route-names.ts';

// has_child is the table trigger's (server/domains/system/menus migration 0140).
type PermissionRow = Omit<SysPermissionTable, 'create_time' | 'has_child'>;

const PARTS: readonly CapabilityContract[] = CAPABILITIES;

/** Permission codes the entity's capabilities add to its CRUD actions' (an operation's button). */
function capabilityPermissions(schema: EntityRuntime['schema']): Array<{ key: string; code: string; label: string }> {
  return PARTS.flatMap((part) => part.permissions?.(schema) ?? []);
}

const ACTION_NAMES: Record<EntityAction, string> = {
  list: '查询', add: '新增', edit: '编辑', delete: '删除', exportXls: '导出', importExcel: '导入',
};

const baseRow = {
  redirect: null, perms: null, perms_type: '1', always_show: false, is_route: true, is_leaf: true,
  keep_alive: false, hidden: false, hide_tab: false, internal_or_external: false, status: '1', del_flag: 0,
  description: null, icon: null, url: null, component: null, component_name: null,
} satisfies Partial<PermissionRow>;

export function readMenuCatalog(schemasDir: string): MenuCatalog {
  return JSON.parse(fs.readFileSync(path.join(schemasDir, 'menus.json'), 'utf8')) as MenuCatalog;
}

function plannedRows(catalog: MenuCatalog, entities: EntityRuntime[]): Array<{ row: PermissionRow; roles: string[] }> {
  const planned: Array<{ row: PermissionRow; roles: string[] }> = [];
  const hasChildren = new Set([
    ...catalog.menus.map((m) => m.parent).filter(Boolean),
    ...entities.map((e) => e.schema.menu?.parent).filter(Boolean),
  ]);
  for (const menu of catalog.menus) {
    planned.push({
      roles: menu.roles,
      row: {
        ...baseRow,
        id: `menu:${menu.key}`,
        parent_id: menu.parent ? `menu:${menu.parent}` : null,
        name: menu.title,
        url: menu.path,
        component: menu.component,
        component_name: defaultComponentName(menu.component, menu.path),
        menu_type: menu.parent ? 1 : 0,
        sort_no: menu.order,
        icon: menu.icon ?? null,
        is_leaf: !hasChildren.has(menu.key),
        hidden: menu.hidden ?? false,
      },
    });
  }
  for (const { schema } of entities) {
    if (!schema.menu) continue;
    const grants = schema.defaultGrants ?? {};
    const pageId = `page:${schema.name}`;
    planned.push({
      roles: Object.keys(grants).filter((role) => grants[role].length > 0),
      row: {
        ...baseRow,
        id: pageId,
        parent_id: `menu:${schema.menu.parent}`,
        name: schema.menu.title ?? `${schema.title}管理`,
        url: schema.menu.path,
        component: schema.menu.component,
        component_name: defaultComponentName(schema.menu.component, schema.menu.path),
        menu_type: 1,
        sort_no: schema.menu.order,
        icon: schema.menu.icon ?? null,
      },
    });
    entityActions(schema).forEach((action, index) => {
      planned.push({
        roles: Object.keys(grants).filter((role) => grants[role].includes(action)),
        row: {
          ...baseRow,
          id: `perm:${permissionCode(schema, action)}`,
          parent_id: pageId,
          name: `${ACTION_NAMES[action]}${schema.title}`,
          menu_type: 2,
          perms: permissionCode(schema, action),
          sort_no: index,
        },
      });
    });
    // The capabilities' permission codes (an operation's 审核通过, 驳回, …) get a button row each, after the CRUD ones.
    capabilityPermissions(schema).forEach(({ key, code, label }, index) => {
      planned.push({
        roles: Object.keys(grants).filter((role) => grants[role].includes(key)),
        row: { ...baseRow, id: `perm:${code}`, parent_id: pageId, name: `${label}${schema.title}`, menu_type: 2, perms: code, sort_no: 100 + index },
      });
    });
  }
  planned.push(...childEntityRows(entities));
  return planned;
}

/**
 * An entity without a menu shown inside another's screen (a panel operation whose `props.entity` names it, e.g.
 * sysDictItem in 数据字典's items drawer, or an openForm operation's form, e.g. 垫付还款's 还款) gets its button rows under that screen's page, granted per its own
 * `defaultGrants`; otherwise nobody could ever be given its permission codes.
 */
function childEntityRows(entities: EntityRuntime[]): Array<{ row: PermissionRow; roles: string[] }> {
  const rows: Array<{ row: PermissionRow; roles: string[] }> = [];
  for (const { schema } of entities) {
    if (schema.menu) continue;
    const host = entities.find(
      (e) => e.schema.menu && PARTS.some((part) => part.shownInside?.(e.schema).includes(schema.name)),
    );
    if (!host) continue;
    const grants = schema.defaultGrants ?? {};
    entityActions(schema).forEach((action, index) => {
      rows.push({
        roles: Object.keys(grants).filter((role) => grants[role].includes(action)),
        row: {
          ...baseRow,
          id: `perm:${permissionCode(schema, action)}`,
          parent_id: `page:${host.schema.name}`,
          name: `${ACTION_NAMES[action]}${schema.title}`,
          menu_type: 2,
          perms: permissionCode(schema, action),
          sort_no: 200 + index,
        },
      });
    });
  }
  return rows;
}

async function grant(tx: Transaction<SystemTables>, permissionId: string, roleCodes: string[]): Promise<void> {
  if (roleCodes.length === 0) return;
  const roles = await tx.selectFrom('sys_role').select('id').where('role_code', 'in', roleCodes).execute();
  if (roles.length === 0) return;
  await tx
    .insertInto('sys_role_permission')
    .values(roles.map((r) => ({ role_id: r.id, permission_id: permissionId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function syncMenus(db: Kysely<SystemTables>, schemasDir: string, entities: EntityRuntime[]): Promise<void> {
  const planned = plannedRows(readMenuCatalog(schemasDir), entities);
  await db.transaction().execute(async (tx) => {
    for (const { row, roles } of planned) {
      const inserted = await tx
        .insertInto('sys_permission')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) await grant(tx, row.id, roles);
    }
  });
}
