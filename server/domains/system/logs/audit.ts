/**
 * Writes sys_log rows: one per login attempt (success or failure, with the reason), logout, and write request.
 * One `onSend` hook decides and starts the insert without awaiting it, so the answer is never held up and a log
 * failure never fails the request; the pending inserts are tracked so readers (the log list, the dashboard
 * figures, shutdown) can wait for them and always see every request answered before theirs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { API_PREFIX } from '../../../auth/guard.ts';
import { findSession } from '../../../auth/sessions.ts';
import { newId } from '../../../core/ids.ts';
import { requestParamText } from './params.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Logged as a login attempt (log type 1) or a logout, instead of as an operation. */
    audit?: 'login' | 'logout';
  }
}

export const LOG_TYPE = { login: 1, operation: 2 } as const;
export const OPERATE_TYPE = { query: 1, add: 2, edit: 3, delete: 4, import: 5, export: 6 } as const;
/** Where attempts on accounts that do not exist are filed: the platform's own tenant. */
const PLATFORM_TENANT_ID = 1;
const ACTION_LABELS: Record<string, string> = {
  list: '查询', add: '添加', edit: '编辑', delete: '删除', deleteBatch: '批量删除', importExcel: '导入', exportXls: '导出',
};
const ACTION_TYPES: Record<string, number> = {
  list: OPERATE_TYPE.query, add: OPERATE_TYPE.add, edit: OPERATE_TYPE.edit, delete: OPERATE_TYPE.delete,
  importExcel: OPERATE_TYPE.import, exportXls: OPERATE_TYPE.export,
};
const READ_ACTIONS = new Set(['list', 'queryById']);
const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

export interface LogEntry {
  logType: number;
  logContent: string;
  operateType: number | null;
  userid: string | null;
  username: string | null;
  ip: string;
  method: string;
  requestUrl: string;
  requestType: string;
  requestParam: string | null;
  costTime: number;
  tenantId: number;
  /** 1 when the request did what it was asked (login succeeded, write accepted), else 0. */
  success: number;
  /** 'login' or 'logout' for log type 1, null for operations. */
  auditEvent: 'login' | 'logout' | null;
}

interface Outcome {
  success: boolean;
  code: number;
  message: string;
  user?: { id?: string; username?: string; relTenantIds?: string | null };
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The envelope of a JSON answer (only small ones are read: a write's answer, a login's). */
function outcomeOf(payload: unknown, statusCode: number): Outcome {
  const fallback: Outcome = { success: statusCode < 400, code: statusCode, message: '' };
  if (typeof payload !== 'string' || payload.length > 200_000 || !payload.startsWith('{')) return fallback;
  try {
    const body = JSON.parse(payload) as { success?: unknown; code?: unknown; message?: unknown; result?: unknown };
    const result = body.result as { userInfo?: Outcome['user'] } | null | undefined;
    return {
      success: body.success === true && statusCode < 400 && (body.code === undefined || [0, 200, 201, 406].includes(Number(body.code))),
      code: Number(body.code ?? statusCode),
      message: typeof body.message === 'string' ? body.message : '',
      user: result && typeof result === 'object' ? result.userInfo : undefined,
    };
  } catch {
    return fallback;
  }
}

/** Multipart bodies are uploads: never read or stored by the log. */
function isUpload(request: FastifyRequest): boolean {
  return String(request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
}

function firstTenant(relTenantIds: string | null | undefined): number {
  return (relTenantIds ?? '').split(',').map(Number).find((n) => Number.isInteger(n) && n > 0) ?? 0;
}

function bodyText(request: FastifyRequest, key: string): string {
  const value = (request.body as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'string' ? value.trim() : '';
}

export class AuditLog {
  private readonly pending = new Set<Promise<void>>();
  /** Who a logout ended, read before the handler revokes the session. */
  private readonly leaving = new WeakMap<FastifyRequest, { userId: string; username: string; tenantId: number }>();

  constructor(private readonly ctx: AppContext) {}

  register(app: FastifyInstance): void {
    // Callback-style hooks: they run on every request, and an async hook costs a promise and a microtask each.
    app.addHook('preHandler', (request, _reply, done) => {
      if (request.routeOptions.config?.audit !== 'logout') return done();
      const token = request.headers['x-access-token'];
      if (typeof token !== 'string') return done();
      findSession(this.ctx.db, token)
        .catch(() => null)
        .then((session) => {
          if (session) this.leaving.set(request, { userId: session.userId, username: session.username, tenantId: firstTenant(session.relTenantIds) });
        })
        .then(() => done(), done);
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      try {
        this.track(request, reply, payload);
      } catch (error) {
        request.log.error({ err: error }, 'sys_log: could not record the request');
      }
      done(null, payload);
    });
    app.addHook('onClose', async () => this.flush());
  }

  /** Waits for every insert started so far (never rejects). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private track(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const url = request.routeOptions.url;
    if (!url || !url.startsWith(API_PREFIX)) return;
    const config = request.routeOptions.config ?? {};
    const kind = config.audit ?? (this.isStateChange(request) ? 'operation' : null);
    if (!kind) return;
    // A request refused for want of a session is not anyone's operation; the login log covers break-in attempts.
    if (kind === 'operation' && !request.caller && !config.public) return;
    const outcome = outcomeOf(payload, reply.statusCode);
    const costTime = Math.round(reply.elapsedTime);
    const job = this.entryFor(kind, request, outcome, costTime)
      .then((entry) => (entry ? this.insert(entry) : undefined))
      .catch((error: unknown) => request.log.error({ err: error }, 'sys_log: could not write the log row'))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Writes, plus GETs whose permission code is an action other than reading (export, pause, resume…). */
  private isStateChange(request: FastifyRequest): boolean {
    if (WRITE_METHODS.has(request.method)) return true;
    const action = request.routeOptions.config?.permission?.split(':').pop();
    return request.method === 'GET' && !!action && !READ_ACTIONS.has(action);
  }

  private async entryFor(kind: 'login' | 'logout' | 'operation', request: FastifyRequest, outcome: Outcome, costTime: number): Promise<LogEntry | null> {
    const pattern = request.routeOptions.url!.slice(API_PREFIX.length);
    const base = {
      ip: request.ip,
      method: `${request.method} ${pattern}`,
      requestType: request.method,
      costTime,
      success: outcome.success ? 1 : 0,
    };
    if (kind === 'login') {
      const subject = await this.loginSubject(request, outcome);
      const who = subject.username || '未知用户';
      return {
        ...base,
        logType: LOG_TYPE.login,
        auditEvent: 'login',
        logContent: outcome.success ? `用户 ${who} 登录成功` : `用户 ${who} 登录失败：${outcome.message || '未知原因'}`,
        operateType: null,
        userid: subject.userid,
        username: subject.username || null,
        // Path parameters of login routes are one-time credentials (remember-me value, third-party ticket).
        requestUrl: pattern,
        requestParam: requestParamText(request.query, request.body, isUpload(request)),
        tenantId: subject.tenantId,
      };
    }
    if (kind === 'logout') {
      const who = this.leaving.get(request);
      if (!who) return null;
      return {
        ...base,
        logType: LOG_TYPE.login,
        auditEvent: 'logout',
        logContent: `用户 ${who.username} 退出登录`,
        operateType: null,
        userid: who.userId,
        username: who.username,
        requestUrl: pattern,
        requestParam: null,
        tenantId: who.tenantId,
      };
    }
    const caller = request.caller;
    const anonymous = caller ? null : await this.loginSubject(request, outcome);
    const { content, operateType } = this.describe(request, pattern);
    return {
      ...base,
      logType: LOG_TYPE.operation,
      auditEvent: null,
      logContent: outcome.success ? content : `${content}（失败：${outcome.message || `HTTP ${outcome.code}`}）`,
      operateType,
      userid: caller?.userId ?? anonymous?.userid ?? null,
      username: caller?.username ?? (anonymous?.username || null),
      requestUrl: request.url.split('?')[0].slice(API_PREFIX.length),
      requestParam: requestParamText(request.query, request.body, isUpload(request)),
      tenantId: caller?.tenantId ?? anonymous?.tenantId ?? PLATFORM_TENANT_ID,
    };
  }

  /** Who a login (or an anonymous write) was about: the answer's user, else the account the body names. */
  private async loginSubject(request: FastifyRequest, outcome: Outcome): Promise<{ userid: string | null; username: string; tenantId: number }> {
    const user = outcome.user;
    if (outcome.success && user?.username) {
      return { userid: user.id ?? null, username: user.username, tenantId: firstTenant(user.relTenantIds) };
    }
    const username = clip(bodyText(request, 'username'), 100);
    const mobile = clip(bodyText(request, 'mobile') || bodyText(request, 'phone'), 20);
    if (!username && !mobile) return { userid: null, username: '', tenantId: PLATFORM_TENANT_ID };
    const row = await this.ctx.db
      .selectFrom('sys_user')
      .select(['id', 'username', 'rel_tenant_ids'])
      .where(username ? 'username' : 'phone', '=', username || mobile)
      .executeTakeFirst();
    if (!row) return { userid: null, username: username || mobile, tenantId: PLATFORM_TENANT_ID };
    return { userid: row.id, username: row.username, tenantId: firstTenant(row.rel_tenant_ids) || PLATFORM_TENANT_ID };
  }

  /** `司机-添加` from the permission code (entity title + action or operation label), else the route. */
  private describe(request: FastifyRequest, pattern: string): { content: string; operateType: number } {
    const code = request.routeOptions.config?.permission ?? '';
    const cut = code.lastIndexOf(':');
    const prefix = cut > 0 ? code.slice(0, cut) : '';
    let action = cut > 0 ? code.slice(cut + 1) : '';
    if (action === 'delete' && pattern.endsWith('/deleteBatch')) action = 'deleteBatch';
    const entity = prefix ? this.ctx.entities.find((e) => e.schema.permissionPrefix === prefix)?.schema : undefined;
    const label = ACTION_LABELS[action] ?? entity?.operations?.find((op) => op.key === action)?.label;
    const content = entity && label ? `${entity.title}-${label}` : `${request.method} ${pattern}`;
    const byMethod = request.method === 'DELETE' ? OPERATE_TYPE.delete : pattern.endsWith('/add') ? OPERATE_TYPE.add : OPERATE_TYPE.edit;
    return { content, operateType: ACTION_TYPES[action === 'deleteBatch' ? 'delete' : action] ?? byMethod };
  }

  private async insert(entry: LogEntry): Promise<void> {
    await sql`insert into sys_log (id, log_type, log_content, operate_type, userid, username, ip, method, request_url,
        request_type, request_param, cost_time, tenant_id, success, audit_event, create_by)
      values (${newId()}, ${entry.logType}, ${clip(entry.logContent, 1000)}, ${entry.operateType}, ${entry.userid},
        ${entry.username && clip(entry.username, 100)}, ${clip(entry.ip, 64)}, ${clip(entry.method, 500)},
        ${clip(entry.requestUrl, 500)}, ${entry.requestType}, ${entry.requestParam}, ${entry.costTime}, ${entry.tenantId},
        ${entry.success}, ${entry.auditEvent}, ${entry.username && clip(entry.username, 100)})`.execute(this.ctx.db);
  }
}
