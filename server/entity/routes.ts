/**
 * The generic CRUD endpoints every entity schema gets under its `api` path, in the JeecgBoot dialect
 * (`list/add/edit/delete/deleteBatch/queryById`), each guarded by the entity's permission code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { entityActions, permissionCode } from '../../src/contracts/entity.ts';
import type { AppContext, Caller } from '../context.ts';
import { ok, sendResultJson } from '../core/envelope.ts';
import { BusinessError } from '../core/errors.ts';
import { requireCaller } from '../auth/guard.ts';
import type { EntityRuntime } from './registry.ts';
import type { QueryParams } from './query.ts';
import { deleteRows, deleteRowsNaming, findRow, findRowsForUpdate, presentRows } from './repository.ts';
import { listAnswer, presentForCaller } from './list-route.ts';
import { checkCapabilityDelete, dependentTables } from '../../capabilities/server.ts';
import { exportXls } from './excel-export.ts';
import { tableTextsForRows } from '../dict/table-dicts.ts';
import { importExcel } from './excel-import.ts';
import type { FileStore } from '../files/store.ts';
import { readSingleUpload } from '../files/routes.ts';
import { treeRules } from './tree.ts';
import { NOT_FOUND, editRecord, translateUniqueViolation } from './edit-record.ts';
import { idsInScope, readScopeConditions, scopeConditions } from './data-scope.ts';
import { fieldVisibility } from './field-visibility.ts';
import { childRowsOf, childTablesOf, deleteChildRows, prepareChildRows } from './children.ts';
import { childListPath } from '../../src/contracts/entity.ts';
import { answerText, confirmedIn, hooksOf } from './hooks.ts';
import { softDeletes } from './soft-delete.ts';
import { idempotencyKeyOf, inWriteTransaction } from '../core/idempotency.ts';
import { idGiven, requestId, requestIds } from './entity-ids.ts';
import { wholeTreeList } from './whole-tree.ts';
import { prepareAdd, writeAdd } from './add-record.ts';

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
  // Rows a capability keeps with each row (an operation's history): they go with it.
  const dependents = dependentTables(entity, ctx.entities);
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
    if (!softDeletes(entity)) await deleteRowsNaming(tx, tenantId, dependents, ids);
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
  const deleteInScope = async (request: FastifyRequest, caller: Caller, ids: string[]) => {
    const scope = await scopeOf(request, caller);
    let gone: string[] = [];
    const deleted = await ctx.db.transaction().execute(async (tx) => {
      const named = await idsInScope(tx, entity, caller.tenantId, ids, scope);
      // tree.deleteSubtree: the nodes below go too (those in the caller's scope; the rest keep the delete refused).
      const allowed = tree?.tree.deleteSubtree && named.length > 0 ? await idsInScope(tx, entity, caller.tenantId, await tree.subtree(tx, caller.tenantId, named), scope) : named;
      gone = allowed;
      const locked = hooks.beforeDelete ? await findRowsForUpdate(tx, entity, caller.tenantId, allowed) : [];
      if (hooks.beforeDelete && locked.length > 0) await hooks.beforeDelete({ ctx, tx, caller, entity, rows: locked, requested: ids, confirmed: confirmedIn(request) });
      // The capabilities' last word (a record other records name is not deleted).
      await checkCapabilityDelete({ ctx, tx, caller, entity, ids: allowed });
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
    if (tree?.tree.wholeList) {
      const scope = [...(await readScopeOf(request, caller)), ...((await hooks.listConditions?.(params, { ctx, caller, entity })) ?? [])];
      return ok(await wholeTreeList(ctx, entity, tree, caller, params, scope));
    }
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
    const records = await present(page.records, true, caller);
    // tree.wholeList: the children as a plain array, like the list.
    return ok(tree.tree.wholeList ? records : { ...page, records });
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, { config: { permission: code('list') } }, async (request) => {
    const caller = requireCaller(request);
    await beforeRead(caller);
    const id = requestId(entity, request.query.id);
    const row = id === undefined ? null : await findRow(ctx.db, entity, caller.tenantId, id, await readScopeOf(request, caller));
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
    const prepared = await prepareAdd(ctx, entity, caller, bodyOf(request.body));
    let id = '';
    // With a key, the transaction claims it first and keeps the answer: a repeat gets that answer, writing nothing.
    const submission = { endpoint: `${entity.schema.name}:add`, body: request.body };
    const answer = await inWriteTransaction(ctx.db, caller, idempotencyKey, submission, async (tx) => {
      const written = await writeAdd(tx, ctx, entity, caller, prepared);
      id = written.id;
      const message = hooks.addMessage?.(id, prepared.record) ?? answerText(hooks, 'add', '添加成功！');
      return ok(hooks.addResult ? hooks.addResult(id, prepared.record) : { id: written.rowId }, message);
    }).catch((error: unknown) => translateUniqueViolation(entity, error));
    // A repeated key answers the first add's result without running it: nothing was written now.
    if (id) await hooks.afterCommit?.({ ctx, caller, entity, action: 'add', ids: [id] });
    return answer;
  });

  const edit = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    if (!idGiven(body.id)) throw new BusinessError(answerText(hooks, 'noEditId', '缺少要编辑的记录ID'));
    const id = requestId(entity, body.id);
    if (id === undefined) throw new BusinessError(answerText(hooks, 'notFound', NOT_FOUND));
    const scope = await scopeOf(request, caller);
    const lineItems = await prepareChildRows(ctx, caller, children, body);
    const message = await editRecord(ctx, entity, caller, { id, body, scope, lineItems, tree });
    // After the commit: live grids on other pages re-read the row (a failed push never fails the edit).
    ctx.live?.rowChanged({ tenantId: caller.tenantId, entity: entity.schema.name, id }).catch((error: unknown) => request.log.warn({ err: error }, 'live update failed'));
    return ok(null, message ?? answerText(hooks, 'edit', '编辑成功!'));
  };
  if (exposes.has('edit')) {
    app.put(`${base}/edit`, { config: { permission: code('edit') } }, edit);
    app.post(`${base}/edit`, { config: { permission: code('edit') } }, edit);
  }

  /** The ids a delete names: the query string's, or (schema postDeletes) a JSON body's. */
  const namedIds = (request: FastifyRequest, key: 'id' | 'ids'): string => {
    const fromQuery = (request.query as Record<string, unknown>)[key];
    const fromBody = entity.schema.postDeletes && request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>)[key] : undefined;
    return String((idGiven(fromQuery) ? fromQuery : fromBody) ?? '');
  };
  // tree.deleteSubtree: the answer counts what went with the node.
  const subtreeCount = (deleted: number, batch: boolean) =>
    !tree?.tree.deleteSubtree ? '' : batch ? `（共${deleted}项）` : deleted > 1 ? `（含下级共${deleted}项）` : '';
  const deleteOne = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const raw = namedIds(request, 'id');
    if (!idGiven(raw)) throw new BusinessError(answerText(hooks, 'noDeleteIds', '缺少要删除的记录ID'));
    const ids = requestIds(entity, [raw]);
    const deleted = ids.length > 0 ? await deleteInScope(request, caller, ids) : 0;
    if (deleted === 0) throw new BusinessError(answerText(hooks, 'notFound', NOT_FOUND));
    return ok(null, answerText(hooks, 'delete', '删除成功!') + subtreeCount(deleted, false));
  };
  const deleteBatch = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const raws = namedIds(request, 'ids').split(',').map((s) => s.trim()).filter(Boolean);
    if (raws.length === 0) throw new BusinessError(answerText(hooks, 'noDeleteIds', '请选择要删除的记录'));
    if (raws.length > MAX_BATCH) throw new BusinessError(`一次最多删除${MAX_BATCH}条记录`);
    const ids = requestIds(entity, raws);
    const deleted = ids.length > 0 ? await deleteInScope(request, caller, ids) : 0;
    if (deleted === 0) throw new BusinessError(answerText(hooks, 'notFound', NOT_FOUND));
    return ok(null, answerText(hooks, 'deleteBatch', '批量删除成功!') + subtreeCount(deleted, true));
  };
  if (exposes.has('delete')) {
    const config = { permission: code('delete') };
    app.delete(`${base}/delete`, { config }, deleteOne);
    app.delete(`${base}/deleteBatch`, { config }, deleteBatch);
    if (entity.schema.postDeletes) {
      app.post(`${base}/delete`, { config }, deleteOne);
      app.post(`${base}/deleteBatch`, { config }, deleteBatch);
    }
  }

  if (exposes.has('exportXls')) app.get(`${base}/exportXls`, { config: { permission: code('exportXls') } }, async (request, reply) =>
    exportXls(ctx, entity, requireCaller(request), request.query as QueryParams, reply),
  );

  if (exposes.has('importExcel')) app.post(`${base}/importExcel`, { config: { permission: code('importExcel') } }, async (request) => {
    const caller = requireCaller(request);
    const { file } = await readSingleUpload(request);
    return importExcel(ctx, entity, caller, store, file);
  });
}
