/**
 * Menu tree editor and button/data rules: /sys/permission (issue 5). Menus are soft-deleted (del_flag 1) so the
 * schema sync (server/menu/sync.ts inserts missing ids only) never brings a deleted row back on restart; a delete
 * takes the row's whole subtree with it and drops the grants and data rules of those rows. A page's data rules are
 * server/domains/system/data-rules.ts (the engine entity sysPermissionDataRule and JeecgBoot's rule endpoints).
 */
import type { FastifyInstance } from 'fastify';
import { normaliseRecord } from '../../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { recordErrors } from '../../entity/validation.ts';
import type { EntityRuntime } from '../../entity/registry.ts';
import { childLevel, editorTree, liveRows, pagesWithRules, subtreeIds, toWire, type PermissionRow } from './rows.ts';
import { knownComponents, menuErrors, toColumns } from './validation.ts';
import { registerGrantRoutes } from './grants.ts';

const CODE = {
  list: 'system:permission:list',
  add: 'system:permission:add',
  edit: 'system:permission:edit',
  delete: 'system:permission:delete',
} as const;

/** The editor's own page: deleting it would lock every admin out of menu editing. */
const EDITOR_PAGE = 'page:sysPermission';
const MAX_BATCH = 500;

type Query = Record<string, string | undefined>;

function bodyOf(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BusinessError('请求数据格式不正确');
  return body as Record<string, unknown>;
}

function splitIds(value: unknown): string[] {
  return String(value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

export function registerMenusRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const base = `${prefix}/sys/permission`;
  const entity = (): EntityRuntime => {
    const found = ctx.entities.find((e) => e.schema.name === 'sysPermission');
    if (!found) throw new BusinessError('菜单管理未配置');
    return found;
  };

  /** Validates a full wire record (schema rules, then the menu rules) and returns its columns. */
  const checked = async (db: AppContext['db'], record: Record<string, unknown>, rows: PermissionRow[], id?: string) => {
    const runtime = entity();
    if (typeof record.menuType === 'number') record.menuType = String(record.menuType);
    const clean = normaliseRecord(runtime.schema, record);
    for (const [name, field] of Object.entries(runtime.schema.fields)) {
      if (clean[name] === undefined && field.default !== undefined && !field.readOnly) clean[name] = field.default;
    }
    const schemaErrors = recordErrors(ctx, runtime, clean);
    if (schemaErrors.length > 0) throw new ValidationError(schemaErrors);
    const columns = toColumns(clean);
    const components = knownComponents(ctx.config.schemasDir, ctx.entities);
    const errors = await menuErrors({ db, components, id, columns, rows });
    if (errors.length > 0) throw new ValidationError(errors);
    return columns;
  };

  app.get(`${base}/list`, { config: { permission: CODE.list } }, async (request) => {
    const query = request.query as Query;
    const [rows, rules] = await Promise.all([liveRows(ctx.db), pagesWithRules(ctx.db)]);
    const name = (query.name ?? '').replaceAll('*', '').trim();
    if (name) {
      // A search answers the matching rows flat, at any depth (as JeecgBoot's list with a name does).
      const parents = new Set(rows.map((r) => r.parent_id));
      return ok(rows.filter((r) => r.name.includes(name)).map((r) => toWire(r, parents.has(r.id), rules.has(r.id))));
    }
    return ok(editorTree(rows, rules));
  });

  app.get(`${base}/childList`, { config: { permission: CODE.list } }, async (request) => {
    const pid = String((request.query as Query).pid ?? '');
    const [rows, rules] = await Promise.all([liveRows(ctx.db), pagesWithRules(ctx.db)]);
    return ok(childLevel(rows, pid, rules));
  });

  app.get(`${base}/queryById`, { config: { permission: CODE.list } }, async (request) => {
    const id = String((request.query as Query).id ?? '');
    const rows = await liveRows(ctx.db);
    const row = rows.find((r) => r.id === id);
    if (!row) throw new BusinessError('未找到对应数据');
    return ok(toWire(row, rows.some((r) => r.parent_id === id), false));
  });

  app.post(`${base}/add`, { config: { permission: CODE.add } }, async (request) => {
    const body = bodyOf(request.body);
    const id = newId();
    await ctx.db.transaction().execute(async (tx) => {
      const rows = await liveRows(tx);
      const columns = await checked(tx, { ...body }, rows);
      await tx.insertInto('sys_permission').values({ ...columns, id, is_leaf: true, del_flag: 0 }).execute();
      if (columns.parent_id) await tx.updateTable('sys_permission').set({ is_leaf: false }).where('id', '=', columns.parent_id).execute();
    });
    return ok(id, '添加成功！');
  });

  const edit = async (body: Record<string, unknown>) => {
    const id = String(body.id ?? '');
    await ctx.db.transaction().execute(async (tx) => {
      const rows = await liveRows(tx);
      const current = rows.find((r) => r.id === id);
      if (!current) throw new BusinessError('未找到对应数据');
      // Fields the body leaves out keep their stored value; fields it sends as null/'' are cleared.
      const merged: Record<string, unknown> = { ...toWire(current, false, false) };
      for (const [key, value] of Object.entries(body)) merged[key] = value;
      const columns = await checked(tx, merged, rows, id);
      await tx.updateTable('sys_permission').set(columns).where('id', '=', id).execute();
      if (columns.parent_id) await tx.updateTable('sys_permission').set({ is_leaf: false }).where('id', '=', columns.parent_id).execute();
      if (current.parent_id && current.parent_id !== columns.parent_id) await refreshLeaf(tx, [current.parent_id]);
    });
    return ok(null, '编辑成功!');
  };
  app.put(`${base}/edit`, { config: { permission: CODE.edit } }, async (request) => edit(bodyOf(request.body)));
  app.post(`${base}/edit`, { config: { permission: CODE.edit } }, async (request) => edit(bodyOf(request.body)));

  const remove = async (ids: string[]) => {
    if (ids.length === 0) throw new BusinessError('请选择要删除的菜单');
    if (ids.length > MAX_BATCH) throw new BusinessError(`一次最多删除${MAX_BATCH}项`);
    return ctx.db.transaction().execute(async (tx) => {
      const rows = await liveRows(tx);
      const found = ids.filter((id) => rows.some((r) => r.id === id));
      if (found.length === 0) throw new BusinessError('未找到对应数据');
      const all = subtreeIds(rows, found);
      if (all.includes(EDITOR_PAGE)) throw new BusinessError('不能删除菜单管理本身（或包含它的菜单），否则将无法再编辑菜单');
      await tx.updateTable('sys_permission').set({ del_flag: 1 }).where('id', 'in', all).execute();
      await tx.deleteFrom('sys_role_permission').where('permission_id', 'in', all).execute();
      await tx.deleteFrom('sys_permission_data_rule').where('permission_id', 'in', all).execute();
      const parents = [...new Set(rows.filter((r) => found.includes(r.id) && r.parent_id).map((r) => r.parent_id!))];
      await refreshLeaf(tx, parents.filter((p) => !all.includes(p)));
      return all.length;
    });
  };
  app.delete(`${base}/delete`, { config: { permission: CODE.delete } }, async (request) => {
    const count = await remove(splitIds((request.query as Query).id));
    return ok(null, count > 1 ? `删除成功!（含下级共${count}项）` : '删除成功!');
  });
  app.delete(`${base}/deleteBatch`, { config: { permission: CODE.delete } }, async (request) => {
    const count = await remove(splitIds((request.query as Query).ids));
    return ok(null, `删除成功!（共${count}项）`);
  });

  // Top-level menus and one level below, for JeecgBoot's lazy menu pickers.
  app.get(`${base}/getSystemMenuList`, { config: { permission: CODE.list } }, async () => {
    const [rows, rules] = await Promise.all([liveRows(ctx.db), pagesWithRules(ctx.db)]);
    const parents = new Set(rows.map((r) => r.parent_id));
    return ok(rows.filter((r) => r.menu_type === 0).map((r) => toWire(r, parents.has(r.id), rules.has(r.id))));
  });
  app.get(`${base}/getSystemSubmenu`, { config: { permission: CODE.list } }, async (request) => {
    const parentId = String((request.query as Query).parentId ?? '');
    const [rows, rules] = await Promise.all([liveRows(ctx.db), pagesWithRules(ctx.db)]);
    return ok(childLevel(rows, parentId, rules));
  });
  app.get(`${base}/getSystemSubmenuBatch`, { config: { permission: CODE.list } }, async (request) => {
    const parentIds = splitIds((request.query as Query).parentIds).slice(0, MAX_BATCH);
    const [rows, rules] = await Promise.all([liveRows(ctx.db), pagesWithRules(ctx.db)]);
    const result: Record<string, ReturnType<typeof childLevel>> = {};
    for (const id of parentIds) result[id] = childLevel(rows, id, rules);
    return ok(result);
  });

  registerGrantRoutes(app, ctx, prefix);
}

/** Marks parents as leaves when no live row is below them any more. */
async function refreshLeaf(tx: AppContext['db'], parentIds: string[]): Promise<void> {
  for (const id of parentIds) {
    const child = await tx.selectFrom('sys_permission').select('id').where('parent_id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    await tx.updateTable('sys_permission').set({ is_leaf: !child }).where('id', '=', id).execute();
  }
}
