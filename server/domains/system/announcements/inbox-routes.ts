/**
 * What each user sees of announcements: the header bell's `listByUser`, marking read, and 我的消息
 * (`/sys/sysAnnouncementSend`, screen schemas/entities/system/sys-announcement-send.entity.json). Every statement
 * is bound to the caller's own user id and session tenant: a user only ever sees or marks messages addressed to
 * them in their tenant. The JeecgBoot endpoints the header calls are open to any logged-in user (they touch only
 * the caller's rows); the screen's list and its 标为已读 button use the screen's permission codes.
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
import type { QueryParams } from '../../../entity/query.ts';
import { listAnswer } from '../../../entity/list-route.ts';
import type { SocketHub } from './socket-hub.ts';
import {
  CATEGORY_NOTICE,
  CATEGORY_SYSTEM,
  ensureAllMessageRows,
  markAllRead,
  markReadByAnnouncement,
  markReadBySendIds,
  splitList,
  unreadMessages,
} from './store.ts';

/**
 * The caller's own receipts (the header's getMyAnnouncementSend; the engine's list and queryById reach the same
 * through the schema's `dataScope.self`): the view holds messages showing now only (migration 0172).
 */
const ownVisible = (caller: Caller) => [sql`user_id = ${caller.userId}`];

/** The receipts of every message addressed to the caller exist before the caller's inbox is read. */
export const ensureRows = (ctx: AppContext, caller: Caller) => ensureAllMessageRows(ctx.db, caller.tenantId, caller.userId, caller.username);

function bodyOf(body: unknown): WireRecord {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BusinessError('请求数据格式不正确');
  return body as WireRecord;
}

export function registerAnnouncementInboxRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  prefix: string,
  announcements: EntityRuntime,
  receipts: EntityRuntime,
  hub: SocketHub,
): void {
  const base = `${prefix}${receipts.schema.api}`;
  const code = (action: string) => permissionCode(receipts.schema, action as never);

  app.get<{ Querystring: { pageSize?: string } }>(`${prefix}${announcements.schema.api}/listByUser`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const limit = Math.min(50, Math.max(1, Math.floor(Number(request.query.pageSize ?? 5)) || 5));
    await ensureRows(ctx, caller);
    const notices = await unreadMessages(ctx.db, caller.tenantId, caller.userId, CATEGORY_NOTICE, limit);
    const system = await unreadMessages(ctx.db, caller.tenantId, caller.userId, CATEGORY_SYSTEM, limit);
    return ok({ anntMsgList: notices.records, anntMsgTotal: notices.total, sysMsgList: system.records, sysMsgTotal: system.total });
  });

  // 我的消息's list and 详情 are the engine's (hooks below); the header's own call reads the same rows.
  const myList = listAnswer(ctx, receipts);
  app.get(`${base}/getMyAnnouncementSend`, { config: { authenticated: true } }, async (request, reply) => {
    const caller = requireCaller(request);
    await ensureRows(ctx, caller);
    return myList(caller, request.query as QueryParams, ownVisible(caller), reply);
  });

  // The anntId is a bound parameter (JeecgBoot concatenated it into SQL, contract §6.7).
  app.put(`${base}/editByAnntIdAndUserId`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const anntId = String(bodyOf(request.body).anntId ?? '').trim();
    if (!anntId) throw new BusinessError('缺少通告ID');
    await ensureRows(ctx, caller);
    if ((await markReadByAnnouncement(ctx.db, caller.tenantId, caller.userId, anntId)) === 0) throw new BusinessError('未找到对应数据');
    return ok(null, '操作成功!');
  });

  const readAll = async (caller: Caller) => {
    await ensureRows(ctx, caller);
    await markAllRead(ctx.db, caller.tenantId, caller.userId);
    // The caller's other tabs reload their bells.
    await hub.send([caller.userId], { cmd: 'topic' });
    return ok(null, '全部已读');
  };
  app.put(`${base}/readAll`, { config: { authenticated: true } }, async (request) => readAll(requireCaller(request)));

  // 我的消息's row and batch button (an entity operation: body {id} or {ids}; {all: true} reads everything).
  app.put(`${base}/markRead`, { config: { permission: code('markRead') } }, async (request) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    if (body.all === true) return readAll(caller);
    const ids = [...new Set([...splitList(body.id), ...splitList(body.ids)])];
    if (ids.length === 0) throw new BusinessError('请选择消息');
    if (ids.length > 1000) throw new BusinessError('一次最多处理1000条记录');
    // All or nothing: one id that is not the caller's own receipt leaves every row as it was.
    await ctx.db.transaction().execute(async (tx) => {
      if ((await markReadBySendIds(tx, caller.tenantId, caller.userId, ids)) !== ids.length) throw new BusinessError('未找到对应数据');
    });
    await hub.send([caller.userId], { cmd: 'topic' });
    return ok(null, '已标为已读');
  });
}
