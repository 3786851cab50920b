/**
 * The generic CRUD endpoints every entity schema gets under its `api` path, in the JeecgBoot dialect
 * (`list/add/edit/delete/deleteBatch/queryById`), each guarded by the entity's permission code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldError, WireRecord } from '../../src/contracts/envelope.ts';
import { entityActions, permissionCode } from '../../src/contracts/entity.ts';
import { fieldMessage, normaliseRecord, writableFields } from '../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext, Caller } from '../context.ts';
import { ok } from '../core/envelope.ts';
import { BusinessError, ValidationError } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { requireCaller } from '../auth/guard.ts';
import type { EntityRuntime } from './registry.ts';
import type { QueryParams } from './query.ts';
import { deleteRows, findDuplicate, findRow, insertRow, listRows, presentRows, updateRow } from './repository.ts';

const NOT_FOUND = '未找到对应数据';
const MAX_BATCH = 1000;

/** Schema validation, then dictionary membership: the same rules the browser form applies, plus the live dicts. */
function validate(ctx: AppContext, entity: EntityRuntime, record: Record<string, unknown>): void {
  const errors: FieldError[] = [];
  if (!entity.validate(record)) {
    for (const error of entity.validate.errors ?? []) {
      const field =
        error.keyword === 'required'
          ? String((error.params as { missingProperty: string }).missingProperty)
          : error.instancePath.replace(/^\//, '');
      if (errors.some((e) => e.field === field)) continue;
      const def = entity.schema.fields[field];
      errors.push({ field, message: `${def?.label ?? field}：${fieldMessage(def, error.keyword, error.params)}` });
    }
  }
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    const value = record[name];
    if (!field.dict || value === undefined || errors.some((e) => e.field === name)) continue;
    if (!String(value).split(',').every((v) => ctx.dicts.has(field.dict!, v))) {
      errors.push({ field: name, message: `${field.label}：请从列表中选择` });
    }
  }
  if (errors.length > 0) throw new ValidationError(errors);
}

async function assertUnique(ctx: AppContext, entity: EntityRuntime, caller: Caller, record: Record<string, unknown>, id?: string) {
  const errors: FieldError[] = [];
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    if (!field.unique || record[name] === undefined) continue;
    if (await findDuplicate(ctx.db, entity, caller.tenantId, name, record[name], id)) {
      errors.push({ field: name, message: `${field.label}“${String(record[name])}”已存在` });
    }
  }
  if (errors.length > 0) throw new ValidationError(errors);
}

/** Unique-index violations that slip past the pre-check (a concurrent insert) still get a human message. */
function translateUniqueViolation(entity: EntityRuntime, error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === '23505') {
    const detail = String((error as { constraint?: string; message?: string }).constraint ?? (error as Error).message);
    const field = Object.keys(entity.schema.fields).find((name) => detail.includes(entity.columns.get(name)!));
    const label = field ? entity.schema.fields[field].label : '数据';
    throw new ValidationError([{ field: field ?? '', message: `${label}已存在` }]);
  }
  throw error;
}

function bodyOf(body: unknown): WireRecord {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BusinessError('请求数据格式不正确');
  return body as WireRecord;
}

function toColumns(entity: EntityRuntime, record: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of writableFields(entity.schema)) values[name] = record[name] ?? null;
  return values;
}

export function registerEntityRoutes(app: FastifyInstance, ctx: AppContext, prefix: string, entity: EntityRuntime): void {
  const base = `${prefix}${entity.schema.api}`;
  const code = (action: Parameters<typeof permissionCode>[1]) => permissionCode(entity.schema, action);
  const exposes = new Set(entityActions(entity.schema));

  app.get(`${base}/list`, { config: { permission: code('list') } }, async (request) => {
    const caller = requireCaller(request);
    const page = await listRows(ctx.db, entity, caller.tenantId, request.query as QueryParams);
    return ok({ ...page, records: presentRows(entity, ctx.dicts, page.records, true) });
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, { config: { permission: code('list') } }, async (request) => {
    const caller = requireCaller(request);
    const row = await findRow(ctx.db, entity, caller.tenantId, String(request.query.id ?? ''));
    if (!row) throw new BusinessError(NOT_FOUND);
    // Full values only for people who may edit the record; everyone else sees what the list shows.
    const [presented] = presentRows(entity, ctx.dicts, [row], !caller.permissions.has(code('edit')));
    return ok(presented);
  });

  if (exposes.has('add')) app.post(`${base}/add`, { config: { permission: code('add') } }, async (request) => {
    const caller = requireCaller(request);
    const record = normaliseRecord(entity.schema, bodyOf(request.body));
    for (const [name, field] of Object.entries(entity.schema.fields)) {
      if (record[name] === undefined && field.default !== undefined && !field.readOnly) record[name] = field.default;
    }
    validate(ctx, entity, record);
    await assertUnique(ctx, entity, caller, record);
    const id = newId();
    await ctx.db
      .transaction()
      .execute((tx) =>
        insertRow(tx, entity, {
          id,
          ...toColumns(entity, record),
          createBy: caller.username,
          sysOrgCode: caller.orgCode,
          tenant_id: caller.tenantId,
        }),
      )
      .catch((error: unknown) => translateUniqueViolation(entity, error));
    return ok({ id }, '添加成功！');
  });

  const edit = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const id = typeof body.id === 'string' ? body.id : '';
    if (!id) throw new BusinessError('缺少要编辑的记录ID');
    await ctx.db
      .transaction()
      .execute(async (tx) => {
        const existing = await findRow(tx, entity, caller.tenantId, id);
        if (!existing) throw new BusinessError(NOT_FOUND);
        // Only properties present in the body change; an explicit empty value clears the field.
        const merged: Record<string, unknown> = {};
        for (const name of writableFields(entity.schema)) merged[name] = name in body ? body[name] : existing[name];
        const record = normaliseRecord(entity.schema, merged);
        validate(ctx, entity, record);
        await assertUnique({ ...ctx, db: tx }, entity, caller, record, id);
        await updateRow(tx, entity, caller.tenantId, id, {
          ...toColumns(entity, record),
          updateBy: caller.username,
          updateTime: new Date().toISOString(),
        });
      })
      .catch((error: unknown) => translateUniqueViolation(entity, error));
    return ok(null, '编辑成功!');
  };
  if (exposes.has('edit')) {
    app.put(`${base}/edit`, { config: { permission: code('edit') } }, edit);
    app.post(`${base}/edit`, { config: { permission: code('edit') } }, edit);
  }

  if (exposes.has('delete')) app.delete<{ Querystring: { id?: string } }>(`${base}/delete`, { config: { permission: code('delete') } }, async (request) => {
    const caller = requireCaller(request);
    const id = String(request.query.id ?? '');
    if (!id) throw new BusinessError('缺少要删除的记录ID');
    const deleted = await deleteRows(ctx.db, entity, caller.tenantId, [id]);
    if (deleted === 0) throw new BusinessError(NOT_FOUND);
    return ok(null, '删除成功!');
  });

  if (exposes.has('delete')) app.delete<{ Querystring: { ids?: string } }>(`${base}/deleteBatch`, { config: { permission: code('delete') } }, async (request) => {
    const caller = requireCaller(request);
    const ids = [...new Set(String(request.query.ids ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
    if (ids.length === 0) throw new BusinessError('请选择要删除的记录');
    if (ids.length > MAX_BATCH) throw new BusinessError(`一次最多删除${MAX_BATCH}条记录`);
    const deleted = await ctx.db.transaction().execute((tx) => deleteRows(tx, entity, caller.tenantId, ids));
    if (deleted === 0) throw new BusinessError(NOT_FOUND);
    return ok(null, '批量删除成功!');
  });
}
