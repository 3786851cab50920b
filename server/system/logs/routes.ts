/**
 * Login and operation logs, dashboard figures: /sys/log, /sys/loginfo, /sys/visitInfo (issue 5, contract §6.8).
 * The rows are written by the audit hook (audit.ts); every read here first waits for the inserts still pending.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { LoginInfo, VisitDay } from '../../../src/contracts/dashboard.ts';
import type { AppContext, Caller } from '../../context.ts';
import { requireCaller } from '../../auth/guard.ts';
import { STAFF_USER_TYPE } from '../../entity/data-scope.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import type { QueryParams } from '../../entity/query.ts';
import { findRow, listRows, presentRows } from '../../entity/repository.ts';
import { AuditLog, LOG_TYPE } from './audit.ts';

/** Dictionary fields stored as integers: only whole numbers (or lists of them) are valid filters. */
const INTEGER_FILTERS = ['logType', 'operateType'];

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whose logins the home page's figures count: the tenant's for platform staff; a shipper's or customer admin's own
 * only, since how busy the platform is is not a customer's business.
 */
function whoseLogins(caller: Caller) {
  return caller.userType === STAFF_USER_TYPE ? sql`true` : sql`username = ${caller.username}`;
}

export function registerLogsRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const audit = new AuditLog(ctx);
  audit.register(app);
  const entity = ctx.entities.find((e) => e.schema.name === 'sysLog');
  if (!entity) throw new Error('schemas/entities/system/sys-log.entity.json is missing: the log screen needs it');

  app.get<{ Querystring: QueryParams }>(`${prefix}/sys/log/list`, { config: { permission: 'system:log:list' } }, async (request) => {
    const caller = requireCaller(request);
    const params = { ...request.query };
    for (const field of INTEGER_FILTERS) {
      const value = params[field];
      if (typeof value === 'string' && value !== '' && !/^\d{1,2}(,\d{1,2})*$/.test(value)) {
        throw new BusinessError(`${entity.schema.fields[field].label}的查询条件不正确`);
      }
    }
    const extra = [];
    // JeecgBoot's keyWord searches the log text; the operator and address are searched too.
    const keyWord = typeof params.keyWord === 'string' ? params.keyWord.trim() : '';
    if (keyWord) {
      const pattern = `%${escapeLike(keyWord.slice(0, 100))}%`;
      extra.push(sql`(log_content ilike ${pattern} escape '\\' or username ilike ${pattern} escape '\\' or ip ilike ${pattern} escape '\\')`);
    }
    await audit.flush();
    const page = await listRows(ctx.db, entity, caller.tenantId, params, extra);
    return ok({ ...page, records: presentRows(entity, ctx.dicts, page.records, false) });
  });

  app.get<{ Querystring: { id?: string } }>(`${prefix}/sys/log/queryById`, { config: { permission: 'system:log:list' } }, async (request) => {
    const caller = requireCaller(request);
    const id = typeof request.query.id === 'string' ? request.query.id : '';
    await audit.flush();
    const row = id ? await findRow(ctx.db, entity, caller.tenantId, id) : null;
    if (!row) throw new BusinessError('未找到对应数据');
    return ok(row);
  });

  app.get(`${prefix}/sys/loginfo`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    await audit.flush();
    const result = await sql<LoginInfo>`select
        count(*)::int as "totalVisitCount",
        (count(*) filter (where create_time >= current_date))::int as "todayVisitCount",
        (count(distinct ip) filter (where create_time >= current_date))::int as "todayIp"
      from sys_log where tenant_id = ${caller.tenantId} and log_type = ${LOG_TYPE.login} and success = 1
        and audit_event = 'login' and ${whoseLogins(caller)}`.execute(ctx.db);
    return ok(result.rows[0] ?? { totalVisitCount: 0, todayVisitCount: 0, todayIp: 0 }, '登录成功');
  });

  app.get(`${prefix}/sys/visitInfo`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    await audit.flush();
    // Seven days ending today in the session's time zone, days without a login included as zeros.
    const result = await sql<VisitDay>`select
        coalesce(v.visit, 0)::int as visit, coalesce(v.ip, 0)::int as ip,
        to_char(d.day, 'YYYY-MM-DD') as tian, to_char(d.day, 'MM-DD') as type
      from generate_series((current_date - 6)::timestamp, current_date::timestamp, interval '1 day') as d(day)
      left join (
        select date_trunc('day', create_time)::timestamp as day, count(*) as visit, count(distinct ip) as ip
        from sys_log
        where tenant_id = ${caller.tenantId} and log_type = ${LOG_TYPE.login} and success = 1 and audit_event = 'login'
          and ${whoseLogins(caller)} and create_time >= current_date - 6
        group by 1
      ) v on v.day = d.day
      order by d.day`.execute(ctx.db);
    return ok(result.rows);
  });
}
