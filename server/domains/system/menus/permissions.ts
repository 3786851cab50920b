/**
 * Menus and buttons (`/sys/permission`, issue 5) on the engine: list/childList/queryById/add/edit/delete are the
 * engine's over sys_permission (schema: a platform tree answered whole as one array, `tree.wholeList`; soft-deleted,
 * `storage.deletedFlag`, so the menu sync — which inserts missing ids only — never brings a deleted row back; a delete
 * takes the subtree, `tree.deleteSubtree`). A page's data rules are ../data-rules.ts.
 *
 * What is the domain's own: the menu rules (validation.ts: what each menu type needs, a known component, a sane
 * parent, unique perms, no script urls), JeecgBoot's extra row fields (key, title, leaf, ruleFlag), the editor page
 * that cannot be deleted, the grants and data rules that go with deleted rows, and the endpoints below: the lazy menu
 * pickers' levels and the role grants (grants.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { WireRecord } from '../../../../src/contracts/envelope.ts';
import type { AppContext } from '../../../context.ts';
import { ok } from '../../../core/envelope.ts';
import { BusinessError } from '../../../core/errors.ts';
import type { DomainModule, EntityHooks } from '../../../entity/hooks.ts';
import { childLevel, liveRows, pagesWithRules, toWire } from './rows.ts';
import { componentNameFor, knownComponents, menuErrors, menuValues } from './validation.ts';
import { registerGrantRoutes } from './grants.ts';
import { acceptNumberCode } from '../values.ts';

const CODE_LIST = 'system:permission:list';
/** The editor's own page: deleting it would lock every admin out of menu editing. */
const EDITOR_PAGE = 'page:sysPermission';
const MAX_BATCH = 500;

type Query = Record<string, string | undefined>;

function splitIds(value: unknown): string[] {
  return String(value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

const permissionHooks: EntityHooks = {
  // JeecgBoot clients send menuType as a number (0/1/2); the dictionary's values are strings.
  fieldErrors: (record, errors, event) => acceptNumberCode(record, errors, event, 'menuType'),
  async checkRecord({ ctx, record, id }) {
    const components = knownComponents(ctx.config.schemasDir, ctx.entities);
    return menuErrors({ db: ctx.db, components, id, values: menuValues(record), rows: await liveRows(ctx.db) });
  },
  async beforeWrite({ tx, id, entity, record }) {
    // A row written without a route name gets a free one (route names must be unique for the stock Vue2 client).
    if (typeof record.component === 'string' && record.component !== '' && (record.componentName === undefined || record.componentName === null || record.componentName === '')) {
      record.componentName = await componentNameFor(tx, id, record.component, typeof record.url === 'string' && record.url !== '' ? record.url : null);
    }
    // A choice or switch sent empty keeps the column's rule (not null): its default, as on add.
    for (const [name, field] of Object.entries(entity.schema.fields)) {
      if (!field.readOnly && field.default !== undefined && (field.type === 'boolean' || field.dict) && record[name] === undefined) record[name] = field.default;
    }
  },
  async beforeDelete({ tx, rows }) {
    const ids = rows.map((row) => String(row.id));
    if (ids.includes(EDITOR_PAGE)) throw new BusinessError('不能删除菜单管理本身（或包含它的菜单），否则将无法再编辑菜单');
    await tx.deleteFrom('sys_role_permission').where('permission_id', 'in', ids).execute();
    await tx.deleteFrom('sys_permission_data_rule').where('permission_id', 'in', ids).execute();
  },
  /** JeecgBoot's SysPermissionTree fields besides the columns. */
  async present(rows, { ctx }) {
    const rules = await pagesWithRules(ctx.db);
    return rows.map((row): WireRecord => ({
      ...row,
      leaf: row.hasChild !== '1',
      ruleFlag: rules.has(String(row.id)) ? 1 : 0,
      key: row.id,
      title: row.name,
    }));
  },
  reads: ['sys_permission_data_rule'],
  // JeecgBoot's add answers the new id itself.
  addResult: (id) => id,
  texts: { deleteBatch: '删除成功!', noEditId: '未找到对应数据', noDeleteIds: '请选择要删除的菜单' },
};

/** Top-level menus and one level below, for JeecgBoot's lazy menu pickers. */
function registerMenuPickers(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const base = `${prefix}/sys/permission`;
  const config = { permission: CODE_LIST };
  app.get(`${base}/getSystemMenuList`, { config }, async () => {
    const [rows, rules] = await Promise.all([liveRows(ctx.db), pagesWithRules(ctx.db)]);
    const parents = new Set(rows.map((r) => r.parent_id));
    return ok(rows.filter((r) => r.menu_type === 0).map((r) => toWire(r, parents.has(r.id), rules.has(r.id))));
  });
  app.get(`${base}/getSystemSubmenu`, { config }, async (request) => {
    const parentId = String((request.query as Query).parentId ?? '');
    const [rows, rules] = await Promise.all([liveRows(ctx.db), pagesWithRules(ctx.db)]);
    return ok(childLevel(rows, parentId, rules));
  });
  app.get(`${base}/getSystemSubmenuBatch`, { config }, async (request) => {
    const parentIds = splitIds((request.query as Query).parentIds).slice(0, MAX_BATCH);
    const [rows, rules] = await Promise.all([liveRows(ctx.db), pagesWithRules(ctx.db)]);
    const result: Record<string, ReturnType<typeof childLevel>> = {};
    for (const id of parentIds) result[id] = childLevel(rows, id, rules);
    return ok(result);
  });
  registerGrantRoutes(app, ctx, prefix);
}

export const permissionsDomain: DomainModule = {
  name: 'system/menus',
  hooks: { sysPermission: permissionHooks },
  routes: registerMenuPickers,
};
