/**
 * `/sys/annountCement`'s publish and revoke (the spelling is JeecgBoot's), each guarded by its permission code from
 * the entity schema (schemas/entities/system/sys-announcement.entity.json, whose row buttons route here). List, add,
 * edit and delete are the engine's (server/domains/system/announcements.ts). Publishing writes the read-state rows
 * of USER messages and pushes to the audience's sockets after the commit; revoking tells their bells to drop it.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { WireRecord } from '../../../../src/contracts/envelope.ts';
import { permissionCode } from '../../../../src/contracts/entity.ts';
import type { AppContext, Caller } from '../../../context.ts';
import { ok } from '../../../core/envelope.ts';
import { BusinessError } from '../../../core/errors.ts';
import { requireCaller } from '../../../auth/guard.ts';
import type { EntityRuntime } from '../../../entity/registry.ts';
import { findRow } from '../../../entity/repository.ts';
import type { SocketHub } from './socket-hub.ts';
import { insertSendRows, splitList, tenantUserIds, userIdsOf } from './store.ts';

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
