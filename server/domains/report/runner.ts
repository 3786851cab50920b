/**
 * Runs a checked report SQL (sql-guard.ts) for one caller. Every table the SQL names is shadowed by a CTE of the
 * same name holding only the caller's rows — their tenant and data scope (customer, department, data rules) — and
 * only columns that may leave the server (never password hashes or the tenant id), so the report cannot see more
 * than the caller's own lists would. It runs in a read-only transaction with a statement timeout and, on PostgreSQL,
 * as a role that may only read the entity tables (reader-role.ts); parameter values and filter values are bound,
 * sort columns come from the report's own column list.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AppContext, Caller } from '../../context.ts';
import type { SystemTables } from '../../db/schema.ts';
import type { EntityRuntime } from '../../entity/registry.ts';
import { readScopeConditions } from '../../entity/data-scope.ts';
import { isSecretProperty } from '../../entity/field-types.ts';
import { rowMaskConditions } from '../../entity/field-visibility.ts';
import { ownsTable, permissionCode } from '../../../src/contracts/entity.ts';
import { splitAtParameters, type CheckedReportSql } from './sql-guard.ts';
import { ensureReportReader, REPORT_READER_ROLE } from './reader-role.ts';

type Db = Kysely<SystemTables>;

export const REPORT_LIMITS = {
  /** Milliseconds one report statement may run. */
  statementTimeoutMs: 5_000,
  /** Rows counted at most; a larger result says "10000+" rather than counting on. */
  countCap: 10_000,
  /** Rows one page (or one export) may return. */
  maxRows: 10_000,
};

export class ReportRunError extends Error {}

/**
 * Tables reports may read: those the engine makes from entity schemas. System tables a migration owns (users, roles,
 * logs, jobs, report definitions) stay out, whether or not the engine serves their screens.
 */
export function reportableEntities(entities: readonly EntityRuntime[]): Map<string, EntityRuntime> {
  return new Map(entities.filter((e) => ownsTable(e.schema)).map((e) => [e.schema.table, e]));
}

/** The same masking as repository.maskValue, in SQL, so aggregates and filters see only masked values. */
function maskedColumn(column: string, mask: 'id-card' | 'phone' | 'bank-card'): RawBuilder<unknown> {
  const c = sql.id(column);
  if (mask === 'bank-card') {
    return sql`case when length(${c}) > 4 then repeat('*', length(${c}) - 4) || right(${c}, 4) else ${c} end`;
  }
  return sql`case when length(${c}) <= 7 then ${c} else left(${c}, 3) || repeat('*', length(${c}) - 7) || right(${c}, 4) end`;
}

/** `with <table> as (select <safe columns> from <table> where <caller's rows>), …` */
async function shadows(db: Db, caller: Caller, entities: EntityRuntime[]): Promise<RawBuilder<unknown>> {
  const parts: RawBuilder<unknown>[] = [];
  for (const entity of entities) {
    // Masked fields stay masked for callers who may not edit the entity (as in its export).
    const unmasked = caller.permissions.has(permissionCode(entity.schema, 'edit'));
    const rowMasked = rowMaskConditions(entity, caller);
    const columns = [...entity.columns]
      .filter(([property]) => !isSecretProperty(entity, property))
      .map(([property, column]) => {
        const mask = entity.schema.fields[property]?.mask;
        const shown = mask && !unmasked ? maskedColumn(column, mask) : sql.id(column);
        const hiddenWhen = rowMasked.get(property);
        if (hiddenWhen) return sql`case when ${hiddenWhen} then null else ${shown} end as ${sql.id(column)}`;
        return mask && !unmasked ? sql`${shown} as ${sql.id(column)}` : shown;
      });
    const scope = await readScopeConditions(db, entity, caller);
    const where = sql.join([sql`tenant_id = ${caller.tenantId}`, ...scope], sql` and `);
    const table = sql.id(entity.schema.table);
    parts.push(sql`${table} as (select ${sql.join(columns)} from ${table} where ${where})`);
  }
  return parts.length ? sql`with ${sql.join(parts)} ` : sql``;
}

/** The report SQL with its `${name}` placeholders bound to values (missing ones bound as null). */
function boundReport(checked: CheckedReportSql, values: Record<string, unknown>): RawBuilder<unknown> {
  return sql.join(
    splitAtParameters(checked.text).map((part) => ('parameter' in part ? sql`${values[part.parameter] ?? null}` : sql.raw(part.text))),
    sql``,
  );
}

export interface ReportQuery {
  /** Conditions on the report's output columns (built from allow-listed column names, values bound). */
  filters: RawBuilder<unknown>[];
  order?: RawBuilder<unknown>;
  limit: number;
  offset: number;
}

export interface ReportResult {
  records: Array<Record<string, unknown>>;
  total: number;
}

/** Runs the report for the caller; a database refusal becomes a ReportRunError carrying the database's message. */
export async function runReport(ctx: AppContext, caller: Caller, checked: CheckedReportSql, values: Record<string, unknown>, query: ReportQuery): Promise<ReportResult> {
  const byTable = reportableEntities(ctx.entities);
  const entities = checked.tables.map((table) => byTable.get(table)).filter((e): e is EntityRuntime => e !== undefined);
  const limit = Math.max(0, Math.min(query.limit, REPORT_LIMITS.maxRows));
  const timeout = Math.floor(REPORT_LIMITS.statementTimeoutMs);
  const postgres = ctx.dbKind === 'postgres';
  try {
    // Once per process and database; later runs await an already settled promise.
    if (postgres) await ensureReportReader(ctx.db, [...byTable.keys()]);
    return await ctx.db.transaction().execute(async (tx) => {
      await sql`set transaction read only`.execute(tx);
      // Scope conditions may read the caller's data rules (sys tables), so they are built before the role is taken.
      const withs = await shadows(tx, caller, entities);
      // One round-trip for both settings, local to this transaction (the pooled connection gets its own role back).
      await (postgres
        ? sql`select set_config('statement_timeout', ${String(timeout)}, true), set_config('role', ${REPORT_READER_ROLE}, true)`
        : sql`select set_config('statement_timeout', ${String(timeout)}, true)`
      ).execute(tx);
      const report = sql`(${boundReport(checked, values)}) as report`;
      const where = query.filters.length ? sql` where ${sql.join(query.filters, sql` and `)}` : sql``;
      const order = query.order ? sql` order by ${query.order}` : sql``;
      const page = await sql<Record<string, unknown>>`${withs}select * from ${report}${where}${order} limit ${limit} offset ${query.offset}`.execute(tx);
      const counted = await sql<{ total: number }>`${withs}select count(*)::int as total
        from (select 1 from ${report}${where} limit ${REPORT_LIMITS.countCap + 1}) as capped`.execute(tx);
      return { records: page.rows, total: counted.rows[0]?.total ?? 0 };
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ReportRunError(message);
  }
}
