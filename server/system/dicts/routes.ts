/**
 * Dictionaries and items: /sys/dict, /sys/dictItem (issue 5, contract §4). Reading for pickers (getDictItems,
 * queryAllDictItems, refleshCache) lives in server/dict/routes.ts; this is the administration. Every write reloads
 * the in-process DictionaryService, so `_dictText` and getDictItems reflect it at once. With several server
 * processes the others keep their cache until refleshCache or a restart (later: a Redis pub/sub reload signal).
 *
 * Dictionaries named in schemas/dicts files are the code's vocabulary: their items may be edited, disabled or
 * deleted, but the dictionary itself keeps its code and cannot be deleted. Table dictionaries are server-side
 * definitions only (schemas/dicts + server/dict/table-dicts.ts): their codes can never be created here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { permissionCode } from '../../../src/contracts/entity.ts';
import type { WireRecord } from '../../../src/contracts/envelope.ts';
import { normaliseRecord, writableFields } from '../../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { requireCaller } from '../../auth/guard.ts';
import { readDictionaryFiles } from '../../dict/dictionaries.ts';
import type { QueryParams } from '../../entity/query.ts';
import { applyDefaults, validate } from '../../entity/validation.ts';
import { dictTables, findById, listPage, present, type DictTable } from './store.ts';

const NOT_FOUND = '未找到对应数据';
const MAX_BATCH = 1000;

function bodyOf(body: unknown): WireRecord {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BusinessError('请求数据格式不正确');
  return body as WireRecord;
}

function idsOf(raw: unknown): string[] {
  const ids = [...new Set(String(raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length === 0) throw new BusinessError('请选择要删除的记录');
  if (ids.length > MAX_BATCH) throw new BusinessError(`一次最多删除${MAX_BATCH}条记录`);
  return ids;
}

/** A record from a body: known writable fields only, trimmed, validated by the schema (field-named errors). */
function record(ctx: AppContext, table: DictTable, body: WireRecord, existing?: WireRecord): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const name of writableFields(table.runtime.schema)) merged[name] = name in body || !existing ? body[name] : existing[name];
  const values = normaliseRecord(table.runtime.schema, merged);
  if (!existing) applyDefaults(table.runtime, values);
  validate(ctx, table.runtime, values);
  return values;
}

/** Concurrent inserts that slip past the pre-check still get the field's message. */
function uniqueViolation(field: string, message: string) {
  return (error: unknown): never => {
    if ((error as { code?: string }).code === '23505') throw new ValidationError([{ field, message }]);
    throw error;
  };
}

export function registerDictsRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const { dicts, items } = dictTables(ctx);
  const fileCodes = new Set(readDictionaryFiles(ctx.config.schemasDir).map((d) => d.code));
  const dictCode = (action: Parameters<typeof permissionCode>[1]) => permissionCode(dicts.runtime.schema, action);
  const itemCode = (action: Parameters<typeof permissionCode>[1]) => permissionCode(items.runtime.schema, action);
  const base = `${prefix}/sys/dict`;
  const itemBase = `${prefix}/sys/dictItem`;

  const codeTaken = async (code: string, exceptId?: string) => {
    if (ctx.tableDicts.has(code)) return true;
    const row = await ctx.db.selectFrom('sys_dict').select('id').where('dict_code', '=', code).executeTakeFirst();
    return !!row && row.id !== exceptId;
  };
  const takenMessage = (code: string) => `字典编码“${code}”已存在`;

  app.get(`${base}/list`, { config: { permission: dictCode('list') } }, async (request) =>
    ok(await listPage(ctx, dicts, request.query as QueryParams, [sql`del_flag = 0`])),
  );

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, { config: { permission: dictCode('list') } }, async (request) => {
    const row = await findById(ctx.db, dicts, String(request.query.id ?? ''));
    if (!row) throw new BusinessError(NOT_FOUND);
    return ok(present(ctx, dicts, row));
  });

  app.post(`${base}/add`, { config: { permission: dictCode('add') } }, async (request) => {
    const caller = requireCaller(request);
    const values = record(ctx, dicts, bodyOf(request.body));
    const code = String(values.dictCode);
    if (await codeTaken(code)) throw new ValidationError([{ field: 'dictCode', message: takenMessage(code) }]);
    const id = newId();
    await ctx.db
      .insertInto('sys_dict')
      .values({ id, dict_code: code, dict_name: String(values.dictName), description: (values.description as string | undefined) ?? null, create_by: caller.username })
      .execute()
      .catch(uniqueViolation('dictCode', takenMessage(code)));
    await ctx.dicts.reload();
    return ok({ id }, '添加成功！');
  });

  const editDict = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const id = typeof body.id === 'string' ? body.id : '';
    if (!id) throw new BusinessError('缺少要编辑的记录ID');
    const existing = await findById(ctx.db, dicts, id);
    if (!existing) throw new BusinessError(NOT_FOUND);
    const values = record(ctx, dicts, body, existing);
    const code = String(values.dictCode);
    if (code !== existing.dictCode) {
      if (fileCodes.has(String(existing.dictCode))) {
        throw new ValidationError([{ field: 'dictCode', message: '系统内置字典的编码不能修改（程序按编码使用它）' }]);
      }
      if (await codeTaken(code, id)) throw new ValidationError([{ field: 'dictCode', message: takenMessage(code) }]);
    }
    await ctx.db
      .updateTable('sys_dict')
      .set({ dict_code: code, dict_name: String(values.dictName), description: (values.description as string | undefined) ?? null, update_by: caller.username, update_time: new Date().toISOString() })
      .where('id', '=', id)
      .execute()
      .catch(uniqueViolation('dictCode', takenMessage(code)));
    await ctx.dicts.reload();
    return ok(null, '编辑成功!');
  };
  app.put(`${base}/edit`, { config: { permission: dictCode('edit') } }, editDict);
  app.post(`${base}/edit`, { config: { permission: dictCode('edit') } }, editDict);

  /** Deletes dictionaries and their items for real, in one transaction; built-in or used ones are refused. */
  const deleteDicts = async (ids: string[]) => {
    const rows = await ctx.db.selectFrom('sys_dict').select(['id', 'dict_code', 'dict_name']).where('id', 'in', ids).execute();
    if (rows.length === 0) throw new BusinessError(NOT_FOUND);
    for (const row of rows) {
      const usedBy = ctx.entities.find((e) => Object.values(e.schema.fields).some((f) => f.dict === row.dict_code));
      if (fileCodes.has(row.dict_code)) throw new BusinessError(`“${row.dict_name}”是系统内置字典，不能删除`);
      if (usedBy) throw new BusinessError(`“${row.dict_name}”正被${usedBy.schema.title}使用，不能删除`);
    }
    const found = rows.map((r) => r.id);
    await ctx.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('sys_dict_item').where('dict_id', 'in', found).execute();
      await tx.deleteFrom('sys_dict').where('id', 'in', found).execute();
    });
    await ctx.dicts.reload();
  };

  app.delete<{ Querystring: { id?: string } }>(`${base}/delete`, { config: { permission: dictCode('delete') } }, async (request) => {
    const id = String(request.query.id ?? '').trim();
    if (!id) throw new BusinessError('缺少要删除的记录ID');
    await deleteDicts([id]);
    return ok(null, '删除成功!');
  });

  app.delete<{ Querystring: { ids?: string } }>(`${base}/deleteBatch`, { config: { permission: dictCode('delete') } }, async (request) => {
    await deleteDicts(idsOf(request.query.ids));
    return ok(null, '批量删除成功!');
  });

  registerItemRoutes(app, ctx, itemBase, items, itemCode);
}

function registerItemRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  base: string,
  items: DictTable,
  code: (action: Parameters<typeof permissionCode>[1]) => string,
): void {
  const takenMessage = (value: string) => `数据值“${value}”在该字典中已存在`;
  const valueTaken = async (dictId: string, value: string, exceptId?: string) => {
    const row = await ctx.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', dictId).where('item_value', '=', value).executeTakeFirst();
    return !!row && row.id !== exceptId;
  };
  const columns = (values: Record<string, unknown>) => ({
    item_text: String(values.itemText),
    item_value: String(values.itemValue),
    description: (values.description as string | undefined) ?? null,
    sort_order: values.sortOrder === undefined ? 0 : Number(values.sortOrder),
    status: Number(values.status),
  });

  app.get(`${base}/list`, { config: { permission: code('list') } }, async (request) => ok(await listPage(ctx, items, request.query as QueryParams)));

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, { config: { permission: code('list') } }, async (request) => {
    const row = await findById(ctx.db, items, String(request.query.id ?? ''));
    if (!row) throw new BusinessError(NOT_FOUND);
    return ok(present(ctx, items, row));
  });

  app.post(`${base}/add`, { config: { permission: code('add') } }, async (request) => {
    const caller = requireCaller(request);
    const values = record(ctx, items, bodyOf(request.body));
    const dictId = String(values.dictId ?? '');
    if (!dictId) throw new ValidationError([{ field: 'dictId', message: '请先选择字典' }]);
    const dict = await ctx.db.selectFrom('sys_dict').select('id').where('id', '=', dictId).where('del_flag', '=', 0).executeTakeFirst();
    if (!dict) throw new ValidationError([{ field: 'dictId', message: '字典不存在，请刷新后重试' }]);
    const value = String(values.itemValue);
    if (await valueTaken(dictId, value)) throw new ValidationError([{ field: 'itemValue', message: takenMessage(value) }]);
    const id = newId();
    await ctx.db
      .insertInto('sys_dict_item')
      .values({ id, dict_id: dictId, ...columns(values), create_by: caller.username })
      .execute()
      .catch(uniqueViolation('itemValue', takenMessage(value)));
    await ctx.dicts.reload();
    return ok({ id }, '添加成功！');
  });

  const editItem = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const id = typeof body.id === 'string' ? body.id : '';
    if (!id) throw new BusinessError('缺少要编辑的记录ID');
    const existing = await findById(ctx.db, items, id);
    if (!existing) throw new BusinessError(NOT_FOUND);
    // An item stays in its dictionary: dictId in the body is ignored.
    const values = record(ctx, items, { ...body, dictId: existing.dictId }, existing);
    const value = String(values.itemValue);
    if (await valueTaken(String(existing.dictId), value, id)) throw new ValidationError([{ field: 'itemValue', message: takenMessage(value) }]);
    await ctx.db
      .updateTable('sys_dict_item')
      .set({ ...columns(values), update_by: caller.username, update_time: new Date().toISOString() })
      .where('id', '=', id)
      .execute()
      .catch(uniqueViolation('itemValue', takenMessage(value)));
    await ctx.dicts.reload();
    return ok(null, '编辑成功!');
  };
  app.put(`${base}/edit`, { config: { permission: code('edit') } }, editItem);
  app.post(`${base}/edit`, { config: { permission: code('edit') } }, editItem);

  const deleteItems = async (ids: string[]) => {
    const deleted = await ctx.db.deleteFrom('sys_dict_item').where('id', 'in', ids).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new BusinessError(NOT_FOUND);
    await ctx.dicts.reload();
  };

  app.delete<{ Querystring: { id?: string } }>(`${base}/delete`, { config: { permission: code('delete') } }, async (request) => {
    const id = String(request.query.id ?? '').trim();
    if (!id) throw new BusinessError('缺少要删除的记录ID');
    await deleteItems([id]);
    return ok(null, '删除成功!');
  });

  app.delete<{ Querystring: { ids?: string } }>(`${base}/deleteBatch`, { config: { permission: code('delete') } }, async (request) => {
    await deleteItems(idsOf(request.query.ids));
    return ok(null, '批量删除成功!');
  });
}
