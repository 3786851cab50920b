/**
 * `/sys/annountCement` (the spelling is JeecgBoot's): list, add, edit, delete, deleteBatch, queryById, and the
 * publish / revoke operations, each guarded by its permission code from the entity schema
 * (schemas/entities/system/sys-announcement.entity.json). Only drafts (sendStatus 0) can be edited: a published
 * message was already read by people, so it is revoked and written anew instead. Delete is soft (del_flag 1), as
 * in JeecgBoot; deleted and revoked messages vanish from every user's lists.
 */
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WireRecord } from '../../../src/contracts/envelope.ts';
import { permissionCode } from '../../../src/contracts/entity.ts';
import { normaliseRecord } from '../../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext, Caller } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { requireCaller } from '../../auth/guard.ts';
import type { EntityRuntime } from '../../entity/registry.ts';
import type { QueryParams } from '../../entity/query.ts';
import { findRow, insertRow, listRows, presentRows, updateRow } from '../../entity/repository.ts';
import { applyDefaults, assertUnique, validate, writableValues } from '../../entity/validation.ts';
import { sanitiseRecord } from '../../entity/field-types.ts';
import { tableTextsForRows } from '../../dict/table-dicts.ts';
import type { SocketHub } from './socket-hub.ts';
import { insertSendRows, splitList, tenantUserIds, userIdsOf } from './store.ts';
import { checkOpenTarget, checkWindow } from './extra-routes.ts';
import { knownComponents } from '../menus/validation.ts';

const NOT_FOUND = '未找到对应数据';
const MAX_BATCH = 1000;
const LIVE = sql`del_flag = '0'`;

function bodyOf(body: unknown): WireRecord {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BusinessError('请求数据格式不正确');
  return body as WireRecord;
}

/** Ids named by an operation call: `{id}`, `{ids: "a,b"}` (the engine's operation body) or `?id=` (JeecgBoot). */
function targetIds(body: WireRecord): string[] {
  const ids = [...new Set([...splitList(body.id), ...splitList(body.ids)])];
  if (ids.length === 0) throw new BusinessError('请选择通告');
  if (ids.length > MAX_BATCH) throw new BusinessError(`一次最多处理${MAX_BATCH}条记录`);
  return ids;
}

export function registerAnnouncementAdminRoutes(app: FastifyInstance, ctx: AppContext, prefix: string, entity: EntityRuntime, hub: SocketHub): void {
  const base = `${prefix}${entity.schema.api}`;
  const code = (action: string) => permissionCode(entity.schema, action as never);

  /** USER messages need at least one addressee; the schema cannot say "required when msgType is USER". */
  const checkAddressees = (record: Record<string, unknown>) => {
    if (record.msgType === 'USER' && splitList(record.userIds).length === 0) {
      throw new ValidationError([{ field: 'userIds', message: '指定用户：请选择用户' }]);
    }
    if (record.msgType !== 'USER') delete record.userIds;
  };

  const present = async (caller: Caller, rows: WireRecord[], mask: boolean) => {
    const texts = await tableTextsForRows(ctx.db, ctx.tableDicts, entity, caller.tenantId, rows);
    return presentRows(entity, ctx.dicts, rows, mask, texts);
  };

  app.get(`${base}/list`, { config: { permission: code('list') } }, async (request) => {
    const caller = requireCaller(request);
    const page = await listRows(ctx.db, entity, caller.tenantId, request.query as QueryParams, [LIVE]);
    return ok({ ...page, records: await present(caller, page.records, true) });
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, { config: { permission: code('list') } }, async (request) => {
    const caller = requireCaller(request);
    const row = await findRow(ctx.db, entity, caller.tenantId, String(request.query.id ?? ''), [LIVE]);
    if (!row) throw new BusinessError(NOT_FOUND);
    const [presented] = await present(caller, [row], false);
    return ok(presented);
  });

  app.post(`${base}/add`, { config: { permission: code('add') } }, async (request) => {
    const caller = requireCaller(request);
    const record = normaliseRecord(entity.schema, bodyOf(request.body));
    sanitiseRecord(entity, record);
    applyDefaults(entity, record);
    validate(ctx, entity, record);
    checkAddressees(record);
    checkWindow(record);
    checkOpenTarget(record, knownComponents(ctx.config.schemasDir, ctx.entities));
    await assertUnique(ctx, entity, caller, record);
    const id = newId();
    await insertRow(ctx.db, entity, {
      id,
      ...writableValues(entity, record),
      sendStatus: '0',
      createBy: caller.username,
      sysOrgCode: caller.orgCode,
      tenant_id: caller.tenantId,
    });
    return ok({ id }, '添加成功！');
  });

  const edit = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const id = typeof body.id === 'string' ? body.id : '';
    if (!id) throw new BusinessError('缺少要编辑的记录ID');
    await ctx.db.transaction().execute(async (tx) => {
      const existing = await findRow(tx, entity, caller.tenantId, id, [LIVE], true);
      if (!existing) throw new BusinessError(NOT_FOUND);
      if (existing.sendStatus !== '0') throw new BusinessError('已发布或已撤销的通告不能编辑');
      const merged: Record<string, unknown> = {};
      for (const name of Object.keys(entity.schema.fields)) merged[name] = name in body ? body[name] : existing[name];
      const record = normaliseRecord(entity.schema, merged);
      sanitiseRecord(entity, record);
      validate(ctx, entity, record);
      checkAddressees(record);
      checkWindow(record);
      checkOpenTarget(record, knownComponents(ctx.config.schemasDir, ctx.entities));
      await assertUnique({ ...ctx, db: tx }, entity, caller, record, id);
      await updateRow(tx, entity, caller.tenantId, id, {
        ...writableValues(entity, record),
        updateBy: caller.username,
        updateTime: new Date().toISOString(),
      });
    });
    return ok(null, '编辑成功!');
  };
  app.put(`${base}/edit`, { config: { permission: code('edit') } }, edit);
  app.post(`${base}/edit`, { config: { permission: code('edit') } }, edit);

  const softDelete = async (caller: Caller, ids: string[]) => {
    const result = await sql`update sys_announcement set del_flag = '1', update_by = ${caller.username}, update_time = now()
      where tenant_id = ${caller.tenantId} and del_flag = '0' and id in (${sql.join(ids)})`.execute(ctx.db);
    if (Number(result.numAffectedRows ?? 0) === 0) throw new BusinessError(NOT_FOUND);
  };
  app.delete<{ Querystring: { id?: string } }>(`${base}/delete`, { config: { permission: code('delete') } }, async (request) => {
    const id = String(request.query.id ?? '').trim();
    if (!id) throw new BusinessError('缺少要删除的记录ID');
    await softDelete(requireCaller(request), [id]);
    return ok(null, '删除成功!');
  });
  app.delete<{ Querystring: { ids?: string } }>(`${base}/deleteBatch`, { config: { permission: code('delete') } }, async (request) => {
    const ids = [...new Set(splitList(request.query.ids))];
    if (ids.length === 0) throw new BusinessError('请选择要删除的记录');
    if (ids.length > MAX_BATCH) throw new BusinessError(`一次最多删除${MAX_BATCH}条记录`);
    await softDelete(requireCaller(request), ids);
    return ok(null, '批量删除成功!');
  });

  /** Locks the rows, checks every one is in `from`, applies `apply`; all or nothing. */
  const transition = async (
    caller: Caller,
    ids: string[],
    from: string,
    refusal: string,
    apply: (tx: typeof ctx.db, row: WireRecord) => Promise<void>,
  ) => {
    return ctx.db.transaction().execute(async (tx) => {
      const rows: WireRecord[] = [];
      for (const id of ids) {
        const row = await findRow(tx, entity, caller.tenantId, id, [LIVE], true);
        if (!row) throw new BusinessError(NOT_FOUND);
        if (row.sendStatus !== from) throw new BusinessError(refusal);
        rows.push(row);
      }
      for (const row of rows) await apply(tx, row);
      return rows;
    });
  };

  /** Who a message is for: the tenant's users (ALL) or its addressees (USER). */
  const recipients = async (db: typeof ctx.db, caller: Caller, row: WireRecord) =>
    row.msgType === 'USER' ? userIdsOf(db, caller.tenantId, splitList(row.userIds)) : tenantUserIds(db, caller.tenantId);

  const release = async (caller: Caller, ids: string[]) => {
    const pushes: Array<{ userIds: string[]; cmd: 'topic' | 'user'; row: WireRecord }> = [];
    await transition(caller, ids, '0', '只有未发布的通告可以发布', async (tx, row) => {
      const id = String(row.id);
      await sql`update sys_announcement set send_status = '1', sender = ${caller.username}, send_time = now(),
        update_by = ${caller.username}, update_time = now() where id = ${id} and tenant_id = ${caller.tenantId}`.execute(tx);
      const userIds = await recipients(tx, caller, row);
      // ALL messages get their read-state rows lazily (store.ts); USER messages now.
      if (row.msgType === 'USER') await insertSendRows(tx, caller.tenantId, id, userIds, caller.username);
      pushes.push({ userIds, cmd: row.msgType === 'USER' ? 'user' : 'topic', row });
    });
    // After the commit: a client told now finds the message when it reloads its list.
    for (const push of pushes) {
      await hub.send(push.userIds, { cmd: push.cmd, msgId: String(push.row.id), msgTxt: String(push.row.titile ?? '') });
    }
  };

  const revoke = async (caller: Caller, ids: string[]) => {
    const pushes: Array<{ userIds: string[]; row: WireRecord }> = [];
    await transition(caller, ids, '1', '只有已发布的通告可以撤销', async (tx, row) => {
      await sql`update sys_announcement set send_status = '2', cancel_time = now(), update_by = ${caller.username},
        update_time = now() where id = ${String(row.id)} and tenant_id = ${caller.tenantId}`.execute(tx);
      pushes.push({ userIds: await recipients(tx, caller, row), row });
    });
    // Bells showing the message reload and lose it.
    for (const push of pushes) await hub.send(push.userIds, { cmd: 'revoke', msgId: String(push.row.id) });
  };

  app.get<{ Querystring: { id?: string } }>(`${base}/doReleaseData`, { config: { permission: code('doReleaseData') } }, async (request) => {
    await release(requireCaller(request), targetIds({ id: request.query.id }));
    return ok(null, '该系统通知发布成功');
  });
  app.put(`${base}/doReleaseData`, { config: { permission: code('doReleaseData') } }, async (request) => {
    await release(requireCaller(request), targetIds(bodyOf(request.body)));
    return ok(null, '该系统通知发布成功');
  });
  app.get<{ Querystring: { id?: string } }>(`${base}/doReovkeData`, { config: { permission: code('doReovkeData') } }, async (request) => {
    await revoke(requireCaller(request), targetIds({ id: request.query.id }));
    return ok(null, '该系统通知撤销成功');
  });
  app.put(`${base}/doReovkeData`, { config: { permission: code('doReovkeData') } }, async (request) => {
    await revoke(requireCaller(request), targetIds(bodyOf(request.body)));
    return ok(null, '该系统通知撤销成功');
  });
}
