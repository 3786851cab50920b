/**
 * Login and operation logs (/sys/log, contract §6.8) on the engine: list and queryById are the engine's, over
 * sys_log (migration 0150, tenant-scoped). The rows are written by the audit hook (server/domains/system/logs/audit.ts),
 * which this module installs; a list first waits for the inserts still pending. What the list adds to the engine's
 * filters: JeecgBoot's `keyWord` (the log text, the operator and the address), and a refusal of a type filter that
 * is not a number (the columns are integers). The home page's figures (/sys/loginfo, /sys/visitInfo) are routes.
 */
import { sql } from 'kysely';
import type { LoginInfo, VisitDay } from '../../../src/contracts/dashboard.ts';
import type { AppContext, Caller } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import { STAFF_USER_TYPE } from '../../entity/data-scope.ts';
import type { DomainModule, EntityHooks } from '../../entity/hooks.ts';
import { AuditLog, LOG_TYPE } from './logs/audit.ts';
import { text } from './values.ts';

/** Dictionary fields stored as integers: only whole numbers (or lists of them) are valid filters. */
const INTEGER_FILTERS = ['logType', 'operateType'];

/** Each app's audit log, by its context: a list read waits for its pending inserts. */
const audits = new WeakMap<AppContext, AuditLog>();

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

const logHooks: EntityHooks = {
  async listConditions(params, { ctx, entity }) {
    for (const field of INTEGER_FILTERS) {
      const value = params[field];
      if (typeof value === 'string' && value !== '' && !/^\d{1,2}(,\d{1,2})*$/.test(value)) {
        throw new BusinessError(`${entity.schema.fields[field].label}的查询条件不正确`);
      }
    }
    await audits.get(ctx)?.flush();
    // JeecgBoot's keyWord searches the log text; the operator and address are searched too.
    const keyWord = text(params.keyWord);
    if (!keyWord) return [];
    const pattern = `%${escapeLike(keyWord.slice(0, 100))}%`;
    return [sql`(log_content ilike ${pattern} escape '\\' or username ilike ${pattern} escape '\\' or ip ilike ${pattern} escape '\\')`];
  },
};

export const logsDomain: DomainModule = {
  name: 'system/logs',
  hooks: { sysLog: logHooks },
  routes(app, ctx, prefix) {
    const audit = new AuditLog(ctx);
    audit.register(app);
    audits.set(ctx, audit);

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
  },
};
