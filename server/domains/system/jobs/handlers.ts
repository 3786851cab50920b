/**
 * The job handlers a sys_quartz_job row may name. `jobClassName` is a key of this registry and nothing else:
 * no class, module or function is ever looked up by a name taken from the database or a request.
 * Each handler returns the sentence recorded as the run's message; throwing records a failure.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../../db/schema.ts';
import { generateDueBills, recalculateOverdueDays } from '../../freight/settlement/bills.ts';
import { PERIOD_PATTERN, draftAllTenants, previousPeriod } from '../../money/tax/drafts.ts';

export interface JobRunContext {
  db: Kysely<SystemTables>;
  /** The job's `parameter` as stored (JeecgBoot passes it to the job as a string). */
  parameter: string | null;
}

export interface JobHandler {
  /** Shown in the form's handler choice (dictionary `quartz_job_handler`). */
  title: string;
  run(context: JobRunContext): Promise<string>;
}

/** Optional JSON object parameter, e.g. `{"days":7}`; a bad one fails the run with a readable message. */
function parameterObject(raw: string | null, example: string): Record<string, unknown> {
  if (raw === null || raw.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new Error(`参数不正确：应为 JSON 对象，如 ${example}`);
}

function positiveInteger(params: Record<string, unknown>, key: string, fallback: number, max: number): number {
  const value = params[key] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw new Error(`参数 ${key} 应为 0-${max} 的整数`);
  }
  return value;
}

async function tableExists(db: Kysely<SystemTables>, table: string): Promise<boolean> {
  const found = await sql<{ name: string | null }>`select to_regclass(${table})::text as name`.execute(db);
  return found.rows[0]?.name != null;
}

async function missingColumns(db: Kysely<SystemTables>, table: string, columns: string[]): Promise<string[]> {
  const found = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  const present = new Set(found.rows.map((r) => r.column_name));
  return columns.filter((c) => !present.has(c));
}

/** Ended sessions (expired or logged out) are kept `days` for audit, then deleted; expired remember-me tokens go at once. */
const sessionCleanup: JobHandler = {
  title: '清理过期会话',
  async run({ db, parameter }) {
    const days = positiveInteger(parameterObject(parameter, '{"days":7}'), 'days', 7, 3650);
    const sessions = await sql`delete from sys_session
      where coalesce(revoked_at, expires_at) < now() - make_interval(days => ${days})
         or expires_at < now() - make_interval(days => ${days})`.execute(db);
    const tokens = await sql`delete from sys_remember_token where expires_at < now()`.execute(db);
    return `已删除结束超过${days}天的会话 ${Number(sessions.numAffectedRows ?? 0)} 条、过期的记住登录令牌 ${Number(tokens.numAffectedRows ?? 0)} 条`;
  },
};

/**
 * Recomputes `overdue_days` of unpaid bills (freight-domain §2.3: today − due date, 0 until due). The bill table
 * `hy_bill` arrives with issue 8; until then the run says so and changes nothing.
 */
const settlementDueRecalculation: JobHandler = {
  title: '结算到期重算',
  async run({ db }) {
    if (!(await tableExists(db, 'hy_bill'))) return '尚无账单表（hy_bill），没有需要重算的结算';
    const missing = await missingColumns(db, 'hy_bill', ['due_date', 'overdue_days', 'bill_status', 'payable_amount', 'paid_amount']);
    if (missing.length) throw new Error(`账单表缺少字段：${missing.join(', ')}`);
    return `已重算 ${await recalculateOverdueDays(db)} 张未结清账单的逾期天数`;
  },
};

/**
 * Puts failed monitoring uploads whose retry time has come back in the queue (upload_status 3 → 0, retry_count + 1)
 * until `retryMax`; the uploader of issue 8 sends queued rows. Until `hy_monitor_upload` exists the run says so.
 */
const monitoringUploadRetry: JobHandler = {
  title: '监管上报失败重试',
  async run({ db, parameter }) {
    const retryMax = positiveInteger(parameterObject(parameter, '{"retryMax":5}'), 'retryMax', 5, 100);
    if (!(await tableExists(db, 'hy_monitor_upload'))) return '尚无监管上报记录表（hy_monitor_upload），没有需要重试的上报';
    const missing = await missingColumns(db, 'hy_monitor_upload', ['upload_status', 'retry_count', 'next_retry_time']);
    if (missing.length) throw new Error(`监管上报记录表缺少字段：${missing.join(', ')}`);
    const result = await sql`update hy_monitor_upload
      set upload_status = '0', retry_count = coalesce(retry_count, 0) + 1
      where upload_status = '3' and coalesce(retry_count, 0) < ${retryMax}
        and (next_retry_time is null or next_retry_time <= now())`.execute(db);
    return `已将 ${Number(result.numAffectedRows ?? 0)} 条上报失败的记录重新排队（最多重试${retryMax}次）`;
  },
};

/**
 * 出账: bills the due waybills (server/domains/freight/settlement/bills.ts): 趟结 each signed waybill, 月结/垫付 on the customer's
 * billDay. Parameter `{"date":"2026-12-05"}` runs as of that day (default today).
 */
const settlementBillGeneration: JobHandler = {
  title: '生成结算账单',
  async run({ db, parameter }) {
    const params = parameterObject(parameter, '{"date":"2026-12-05"}');
    const date = params.date ?? null;
    if (date !== null && (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date))) throw new Error('参数 date 应为 YYYY-MM-DD');
    if (!(await tableExists(db, 'hy_bill')) || !(await tableExists(db, 'hy_shipping_note'))) return '尚无账单或运单表，没有需要出账的运单';
    const runDate = date ?? (await sql<{ d: string }>`select to_char(current_date, 'YYYY-MM-DD') as d`.execute(db)).rows[0].d;
    const { bills, waybills } = await generateDueBills(db, runDate);
    return `已生成账单 ${bills} 张，包含运单 ${waybills} 条`;
  },
};

/**
 * 税务申报: drafts the previous month's declarations from the driver fees paid in it (server/domains/money/tax/drafts.ts).
 * Parameter `{"period":"2026-10"}` drafts that month instead. Re-running recomputes drafts and duplicates nothing.
 */
const taxDeclarationDraft: JobHandler = {
  title: '生成税务申报',
  async run({ db, parameter }) {
    const period = parameterObject(parameter, '{"period":"2026-10"}').period ?? null;
    if (period !== null && (typeof period !== 'string' || !PERIOD_PATTERN.test(period))) throw new Error('参数 period 应为 yyyy-MM');
    const target = period ?? (await previousPeriod(db));
    const { created, updated, kept } = await draftAllTenants(db, target);
    return `${target} 税务申报：新增 ${created} 条，重算 ${updated} 条，已申报未改动 ${kept} 条`;
  },
};

const HANDLERS = new Map<string, JobHandler>([
  ['sessionCleanup', sessionCleanup],
  ['settlementDueRecalculation', settlementDueRecalculation],
  ['monitoringUploadRetry', monitoringUploadRetry],
  ['settlementBillGeneration', settlementBillGeneration],
  ['taxDeclarationDraft', taxDeclarationDraft],
]);

export function jobHandler(key: string): JobHandler | undefined {
  return HANDLERS.get(key);
}

export function jobHandlerKeys(): string[] {
  return [...HANDLERS.keys()];
}
