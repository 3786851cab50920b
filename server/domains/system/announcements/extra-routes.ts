/**
 * More of `/sys/annountCement`: `syncNotic` pushes a published message to its audience again, and `show/{id}` renders
 * one message as an HTML page. JeecgBoot served `show` to anyone; here it needs a login and shows only a published
 * message of the caller's tenant that is addressed to the caller and inside its start/end time, with the rich text
 * sanitised again on render. Also the start/end time rule shared by add and edit.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { WireRecord } from '../../../../src/contracts/envelope.ts';
import { permissionCode } from '../../../../src/contracts/entity.ts';
import type { AppContext, Caller } from '../../../context.ts';
import { ok } from '../../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../../core/errors.ts';
import { requireCaller } from '../../../auth/guard.ts';
import type { EntityRuntime } from '../../../entity/registry.ts';
import { sanitiseRichText } from '../../../../field-types/richtext/server.ts';
import type { SocketHub } from './socket-hub.ts';
import { IN_WINDOW, insertSendRows, splitList, tenantUserIds, userIdsOf } from './store.ts';

const NOT_FOUND = '未找到对应数据';

/** 结束时间 may not be before 开始时间 (both optional). */
export function checkWindow(record: Record<string, unknown>): void {
  const time = (value: unknown) => (typeof value === 'string' && value ? Date.parse(value.includes('T') ? value : value.replace(' ', 'T')) : NaN);
  const start = time(record.startTime);
  const end = time(record.endTime);
  if (Number.isFinite(start) && Number.isFinite(end) && end < start) {
    throw new ValidationError([{ field: 'endTime', message: '结束时间不能早于开始时间' }]);
  }
}

/**
 * 去处理's target (issue 22, item 2): `url` names a path of this app (never another site), `component` a screen's
 * menu component (the record `busId` is opened there). Without an open type the message has no target at all.
 */
export function checkOpenTarget(record: Record<string, unknown>, components: ReadonlySet<string>): void {
  const type = record.openType;
  if (type !== 'url' && type !== 'component') {
    record.openPage = null;
    record.busId = null;
    return;
  }
  const page = typeof record.openPage === 'string' ? record.openPage : '';
  if (type === 'url') {
    record.busId = null;
    if (!page.startsWith('/') || page.startsWith('//')) {
      throw new ValidationError([{ field: 'openPage', message: '打开页面：须为本系统的页面路径，以 / 开头（如 /bill/list）' }]);
    }
  } else if (!components.has(page)) {
    throw new ValidationError([{ field: 'openPage', message: `打开页面：没有组件为 ${page} 的页面` }]);
  }
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface Shown {
  id: string;
  titile: string;
  msgContent: string | null;
  sender: string | null;
  sendTime: string | Date | null;
  msgType: string;
  userIds: string | null;
  sendStatus: string;
  inWindow: boolean;
}

export function registerAnnouncementExtraRoutes(app: FastifyInstance, ctx: AppContext, prefix: string, entity: EntityRuntime, hub: SocketHub): void {
  const base = `${prefix}${entity.schema.api}`;
  const code = (action: string) => permissionCode(entity.schema, action as never);

  const syncNotic = async (caller: Caller, ids: string[]) => {
    if (ids.length === 0) throw new BusinessError('请选择通告');
    if (ids.length > 1000) throw new BusinessError('一次最多处理1000条记录');
    const { rows } = await sql<Shown>`select a.id, a.titile, a.msg_type as "msgType", a.user_ids as "userIds", a.send_status as "sendStatus",
        (${IN_WINDOW}) as "inWindow"
      from sys_announcement a where a.tenant_id = ${caller.tenantId} and a.del_flag = '0' and a.id in (${sql.join(ids)})`.execute(ctx.db);
    if (rows.length !== ids.length) throw new BusinessError(NOT_FOUND);
    if (rows.some((row) => row.sendStatus !== '1')) throw new BusinessError('只有已发布的通告可以推送');
    if (rows.some((row) => !row.inWindow)) throw new BusinessError('通告不在展示时间内，无法推送');
    for (const row of rows) {
      const users = row.msgType === 'USER' ? await userIdsOf(ctx.db, caller.tenantId, splitList(row.userIds)) : await tenantUserIds(ctx.db, caller.tenantId);
      // An addressee who has no receipt yet (e.g. restored from the recycle bin) gets one, so the bell finds it.
      if (row.msgType === 'USER') await insertSendRows(ctx.db, caller.tenantId, row.id, users, caller.username);
      await hub.send(users, { cmd: row.msgType === 'USER' ? 'user' : 'topic', msgId: row.id, msgTxt: row.titile });
    }
  };
  app.get<{ Querystring: { anntId?: string } }>(`${base}/syncNotic`, { config: { permission: code('syncNotic') } }, async (request) => {
    await syncNotic(requireCaller(request), splitList(request.query.anntId).slice(0, 1));
    return ok(null, '推送成功');
  });
  // The schema's row operation 重新推送: body {id} or {ids}.
  app.put<{ Body: WireRecord }>(`${base}/syncNotic`, { config: { permission: code('syncNotic') } }, async (request) => {
    const body = request.body && typeof request.body === 'object' ? request.body : {};
    await syncNotic(requireCaller(request), [...new Set([...splitList(body.id), ...splitList(body.ids)])]);
    return ok(null, '推送成功');
  });

  app.get<{ Params: { id: string } }>(`${base}/show/:id`, { config: { authenticated: true } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { rows } = await sql<Shown>`select a.id, a.titile, a.msg_content as "msgContent", a.sender, a.send_time as "sendTime"
      from sys_announcement a
      where a.id = ${request.params.id} and a.tenant_id = ${caller.tenantId} and a.del_flag = '0' and a.send_status = '1' and ${IN_WINDOW}
        and (a.msg_type = 'ALL' or exists (select 1 from sys_announcement_send s where s.annt_id = a.id and s.user_id = ${caller.userId}))`.execute(ctx.db);
    const [row] = rows;
    if (!row) throw new BusinessError(NOT_FOUND);
    const sent = row.sendTime instanceof Date ? row.sendTime.toISOString() : String(row.sendTime ?? '');
    const title = escapeHtml(row.titile);
    const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${title}</title></head><body>
<h1>${title}</h1><p class="meta">${escapeHtml(row.sender ?? '')} ${escapeHtml(sent.slice(0, 19).replace('T', ' '))}</p>
<div class="content">${sanitiseRichText(row.msgContent ?? '')}</div></body></html>`;
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'");
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'no-store');
    return reply.send(html);
  });
}
