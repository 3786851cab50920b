/**
 * The generic CRUD endpoints every entity schema gets under its `api` path, in the JeecgBoot dialect
 * (`list/add/edit/delete/deleteBatch/queryById`), each guarded by the entity's permission code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { reopenedMessage } from './review-on-change.ts';
import { entityActions, permissionCode } from '../../src/contracts/entity.ts';
import { normaliseRecord } from '../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext, Caller } from '../context.ts';
import { ok, sendResultJson } from '../core/envelope.ts';
import { BusinessError, ValidationError } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { requireCaller } from '../auth/guard.ts';
import type { EntityRuntime } from './registry.ts';
import type { QueryParams } from './query.ts';
import { deleteRows, deleteRowsNaming, findRow, findRowsForUpdate, insertRow, presentRows } from './repository.ts';
import { listAnswer, presentForCaller } from './list-route.ts';
import { applyDefaults, assertUnique, validate, writableValues } from './validation.ts';
import { configForDefaults } from './config-defaults.ts';
import { hashPasswords, sanitiseRecord } from './field-types.ts';
import { exportXls } from './excel-export.ts';
import { tableTextsForRows } from '../dict/table-dicts.ts';
import { importExcel } from './excel-import.ts';
import type { FileStore } from '../files/store.ts';
import { readSingleUpload } from '../files/routes.ts';
import { treeRules } from './tree.ts';
import { NOT_FOUND, editRecord, translateUniqueViolation } from './edit-record.ts';
import { applyComputed, applyCopies, assertWriteRequirements, historyTablesOf } from './transitions.ts';
import { assertParentInScope, enforceRecordCustomer, idsInScope, readScopeConditions, scopeConditions } from './data-scope.ts';
import { fieldVisibility } from './field-visibility.ts';
import { transitionFieldErrors } from './state-fields.ts';
import { assertDeleteAllowed } from './row-guards.ts';
import { assertUnreferenced, presentReferrers, referrersOf, type Referrer } from './references.ts';
import { childRowsOf, childTablesOf, deleteChildRows, prepareChildRows, writeChildRows } from './children.ts';
import { childListPath } from '../../src/contracts/entity.ts';
import { answerText, confirmedIn, hookWrittenValues, hooksOf } from './hooks.ts';
import { creationValues } from './tenancy.ts';
import { softDeletes } from './soft-delete.ts';
import { idempotencyKeyOf, inWriteTransaction } from '../core/idempotency.ts';

const MAX_BATCH = 1000;

function bodyOf(body: unknown): WireRecord {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BusinessError('请求数据格式不正确');
  return body as WireRecord;
}

export function registerEntityRoutes(app: FastifyInstance, ctx: AppContext, prefix: string, entity: EntityRuntime, store: FileStore): void {
  const base = `${prefix}${entity.schema.api}`;
  const code = (action: Parameters<typeof permissionCode>[1]) => permissionCode(entity.schema, action);
  const exposes = new Set(entityActions(entity.schema));
  const tree = treeRules(entity);
  const children = childTablesOf(entity, ctx.entities);
  const histories = historyTablesOf(entity, ctx.entities);
  const hooks = hooksOf(ctx, entity);
  const present = (rows: WireRecord[], mask: boolean, caller: Caller) => presentForCaller(ctx, entity, rows, mask, caller);
  /**
   * Deletes rows (with their line items and their operations' history); in a tree, only leaves (or whole subtrees
   * chosen together), then refreshes their parents.
   */
  const deleteInTree = async (tx: typeof ctx.db, tenantId: number, ids: string[], by?: string) => {
    const parents = (await tree?.beforeDelete(tx, tenantId, ids)) ?? [];
    // A soft-deleted row (storage.deletedFlag) keeps what hangs off it.
    if (!softDeletes(entity)) await deleteChildRows(tx, tenantId, children, ids);
    if (!softDeletes(entity)) await deleteRowsNaming(tx, tenantId, histories, ids);
    const deleted = await deleteRows(tx, entity, tenantId, ids, by);
    await tree?.refresh(tx, tenantId, parents);
    return deleted;
  };
  /** The caller's data scope on this entity (customer, department, data rules), ANDed into reads and writes. */
  const scopeOf = (request: FastifyRequest, caller: Caller) => scopeConditions(ctx.db, entity, caller, request.log);
  /** What the caller may read: the scope above plus rows naming their customer in a `customerReaders` field. */
  const readScopeOf = (request: FastifyRequest, caller: Caller) => readScopeConditions(ctx.db, entity, caller, request.log);
  /** The domain's work before a read (hooks.beforeRead), e.g. rows the read shows made first. */
  const beforeRead = async (caller: Caller) => hooks.beforeRead?.({ ctx, caller, entity });
  // Other entities' fields naming this one's rows (worked out on first use: table dictionaries are loaded by then).
  let referrers: Referrer[] | undefined;
  const deleteInScope = async (request: FastifyRequest, caller: Caller, ids: string[]) => {
    const scope = await scopeOf(request, caller);
    let gone: string[] = [];
    const deleted = await ctx.db.transaction().execute(async (tx) => {
      const allowed = await idsInScope(tx, entity, caller.tenantId, ids, scope);
      gone = allowed;
      const locked = entity.schema.deleteWhen || hooks.beforeDelete ? await findRowsForUpdate(tx, entity, caller.tenantId, allowed) : [];
      if (entity.schema.deleteWhen) assertDeleteAllowed(ctx, entity, locked);
      if (hooks.beforeDelete && locked.length > 0) await hooks.beforeDelete({ ctx, tx, caller, entity, rows: locked, requested: ids, confirmed: confirmedIn(request) });
      referrers ??= await presentReferrers(tx, referrersOf(entity, ctx.entities, ctx.tableDicts));
      await assertUnreferenced(tx, entity, referrers, caller.tenantId, allowed);
      return allowed.length ? deleteInTree(tx, caller.tenantId, allowed, caller.username) : 0;
    });
    if (deleted > 0) await hooks.afterCommit?.({ ctx, caller, entity, action: 'delete', ids: gone });
    return deleted;
  };

  const answerList = listAnswer(ctx, entity);
  app.get(`${base}/list`, { config: { permission: code('list') } }, async (request, reply) => {
    const caller = requireCaller(request);
    const params = request.query as QueryParams;
    await beforeRead(caller);
    const own = await hooks.listAnswer?.(params, { ctx, caller, entity });
    if (own !== undefined) return ok(own);
    const extra = [
      ...(tree?.listConditions(params) ?? []),
      ...(await readScopeOf(request, caller)),
      ...((await hooks.listConditions?.(params, { ctx, caller, entity })) ?? []),
    ];
    return answerList(caller, params, extra, reply);
  });

  // Tree entities: the children of one node, all at once (the list shows roots; rows expand lazily).
  if (tree) app.get<{ Querystring: QueryParams }>(`${base}/childList`, { config: { permission: code('list') } }, async (request) => {
    const caller = requireCaller(request);
    const pid = String(request.query.pid ?? '').trim();
    if (!pid) throw new BusinessError('缺少上级节点ID');
    const page = await tree.children(ctx.db, caller.tenantId, pid, request.query, await readScopeOf(request, caller), fieldVisibility(entity, caller));
    return ok({ ...page, records: await present(page.records, true, caller) });
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, { config: { permission: code('list') } }, async (request) => {
    const caller = requireCaller(request);
    await beforeRead(caller);
    const row = await findRow(ctx.db, entity, caller.tenantId, String(request.query.id ?? ''), await readScopeOf(request, caller));
    if (!row) throw new BusinessError(answerText(hooks, 'notFound', NOT_FOUND));
    // Full values only for people who may edit the record; everyone else sees what the list shows.
    const [presented] = await present([row], !caller.permissions.has(code('edit')), caller);
    return ok(presented);
  });

  // Line items of one parent (JeecgBoot `query<Child>ListByMainId`): readable by whoever may read the parent.
  for (const child of children) {
    app.get<{ Querystring: { id?: string } }>(`${base}/${childListPath(child.def)}`, { config: { permission: code('list') } }, async (request) => {
      const caller = requireCaller(request);
      const id = String(request.query.id ?? '');
      const parent = await findRow(ctx.db, entity, caller.tenantId, id, await readScopeOf(request, caller));
      if (!parent) throw new BusinessError(NOT_FOUND);
      const rows = await childRowsOf(ctx.db, caller.tenantId, child, id);
      const tableTexts = await tableTextsForRows(ctx.db, ctx.tableDicts, child.entity, caller.tenantId, rows);
      const mask = !caller.permissions.has(code('edit'));
      return ok(presentRows(child.entity, ctx.dicts, rows, mask, tableTexts, caller));
    });
  }

  if (exposes.has('add')) app.post(`${base}/add`, { config: { permission: code('add') } }, async (request) => {
    const caller = requireCaller(request);
    // Money-moving adds (schema idempotencyKey) name their submission first: without a key nothing is written.
    const idempotencyKey = entity.schema.idempotencyKey ? idempotencyKeyOf(request) : undefined;
    const record = normaliseRecord(entity.schema, bodyOf(request.body));
    sanitiseRecord(entity, record);
    applyDefaults(entity, record, await configForDefaults(ctx, entity));
    const stateErrors = transitionFieldErrors(entity, record);
    if (stateErrors.length > 0) throw new ValidationError(stateErrors);
    await enforceRecordCustomer(entity, caller, record);
    await assertParentInScope(ctx.db, entity, caller, record);
    await applyCopies(ctx, ctx.db, entity, caller, record, bodyOf(request.body));
    applyComputed(entity, record);
    validate(ctx, entity, record);
    await assertUnique(ctx, entity, caller, record);
    const lineItems = await prepareChildRows(ctx, caller, children, bodyOf(request.body));
    await hashPasswords(entity, record);
    const id = newId();
    // With a key, the transaction claims it first and keeps the answer: a repeat gets that answer, writing nothing.
    const submission = { endpoint: `${entity.schema.name}:add`, body: request.body };
    const answer = await inWriteTransaction(ctx.db, caller, idempotencyKey, submission, async (tx) => {
      await assertWriteRequirements(ctx, tx, entity, record, caller);
      const parents = (await tree?.beforeWrite(tx, caller.tenantId, record)) ?? [];
      const event = { ctx, tx, caller, entity, id, record, body: bodyOf(request.body) };
      await hooks.beforeWrite?.(event);
      await insertRow(tx, entity, { id, ...writableValues(entity, record), ...hookWrittenValues(entity, record), ...creationValues(entity, caller) });
      await hooks.afterWrite?.(event);
      await writeChildRows(tx, caller, id, lineItems);
      await tree?.refresh(tx, caller.tenantId, [id, ...parents]);
      const message = hooks.addMessage?.(id, record) ?? answerText(hooks, 'add', '添加成功！');
      return ok(hooks.addResult ? hooks.addResult(id, record) : { id }, message);
    }).catch((error: unknown) => translateUniqueViolation(entity, error));
    await hooks.afterCommit?.({ ctx, caller, entity, action: 'add', ids: [id] });
    return answer;
  });

  const edit = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const id = typeof body.id === 'string' ? body.id : '';
    if (!id) throw new BusinessError('缺少要编辑的记录ID');
    const scope = await scopeOf(request, caller);
    const lineItems = await prepareChildRows(ctx, caller, children, body);
    const reopened = await editRecord(ctx, entity, caller, { id, body, scope, lineItems, tree });
    // After the commit: live grids on other pages re-read the row (a failed push never fails the edit).
    ctx.live?.rowChanged({ tenantId: caller.tenantId, entity: entity.schema.name, id }).catch((error: unknown) => request.log.warn({ err: error }, 'live update failed'));
    return ok(null, reopened.length > 0 ? reopenedMessage(reopened) : answerText(hooks, 'edit', '编辑成功!'));
  };
  if (exposes.has('edit')) {
    app.put(`${base}/edit`, { config: { permission: code('edit') } }, edit);
    app.post(`${base}/edit`, { config: { permission: code('edit') } }, edit);
  }

  if (exposes.has('delete')) app.delete<{ Querystring: { id?: string } }>(`${base}/delete`, { config: { permission: code('delete') } }, async (request) => {
    const caller = requireCaller(request);
    const id = String(request.query.id ?? '');
    if (!id) throw new BusinessError('缺少要删除的记录ID');
    const deleted = await deleteInScope(request, caller, [id]);
    if (deleted === 0) throw new BusinessError(answerText(hooks, 'notFound', NOT_FOUND));
    return ok(null, answerText(hooks, 'delete', '删除成功!'));
  });

  if (exposes.has('delete')) app.delete<{ Querystring: { ids?: string } }>(`${base}/deleteBatch`, { config: { permission: code('delete') } }, async (request) => {
    const caller = requireCaller(request);
    const ids = [...new Set(String(request.query.ids ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
    if (ids.length === 0) throw new BusinessError('请选择要删除的记录');
    if (ids.length > MAX_BATCH) throw new BusinessError(`一次最多删除${MAX_BATCH}条记录`);
    const deleted = await deleteInScope(request, caller, ids);
    if (deleted === 0) throw new BusinessError(answerText(hooks, 'notFound', NOT_FOUND));
    return ok(null, answerText(hooks, 'deleteBatch', '批量删除成功!'));
  });

  if (exposes.has('exportXls')) app.get(`${base}/exportXls`, { config: { permission: code('exportXls') } }, async (request, reply) =>
    exportXls(ctx, entity, requireCaller(request), request.query as QueryParams, reply),
  );

  if (exposes.has('importExcel')) app.post(`${base}/importExcel`, { config: { permission: code('importExcel') } }, async (request) => {
    const caller = requireCaller(request);
    const { file } = await readSingleUpload(request);
    return importExcel(ctx, entity, caller, store, file);
  });
}
