/**
 * Bulk-loads realistic drivers (server/seed/demo-drivers.ts generators: valid ID-card check characters, Luhn bank
 * cards, weighted cities and review states) into hy_driver for one tenant, for `npm run seed:bulk` and bench:api.
 *
 * Rows go in as one `INSERT … SELECT … FROM json_to_recordset($1)` per batch: a single bound parameter per
 * statement (no 65,535-parameter limit), the same SQL on PGlite and PostgreSQL, and `ON CONFLICT DO NOTHING` so
 * rows that clash with existing unique values (ID card, phone) are skipped and replaced by fresh ones. Non-unique
 * indexes are dropped during large loads and rebuilt afterwards (one sort per index instead of a B-tree insert
 * per row); the entity's sync marker is cleared first, so a killed load is repaired by the next server start.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../server/db/schema.ts';
import type { EntityRuntime } from '../../server/entity/registry.ts';
import { newId } from '../../server/core/ids.ts';
import { DEFAULT_DRIVER_SEED, generateDrivers } from '../../server/seed/demo-drivers.ts';

type Db = Kysely<SystemTables>;

export interface BulkOptions {
  rows: number;
  tenantId: number;
  /** Rows per INSERT statement. */
  batch?: number;
  /** Spread of create_time back from now, in days. */
  spanDays?: number;
  /** Progress lines go here (default: none). */
  log?: (line: string) => void;
}

export interface BulkResult {
  inserted: number;
  insertMs: number;
  indexMs: number;
  vacuumMs: number;
  totalMs: number;
}

const GENERATE_CHUNK = 20_000;
const REBUILD_INDEXES_FROM = 20_000;

export async function columnTypes(db: Db, table: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; type: string }>`select attname as name, format_type(atttypid, atttypmod) as type
    from pg_attribute where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`.execute(db);
  return new Map(rows.map((r) => [r.name, r.type]));
}

export async function secondaryIndexes(db: Db, table: string): Promise<Array<{ name: string; definition: string }>> {
  const { rows } = await sql<{ name: string; definition: string }>`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = ${table}::regclass and not i.indisunique and not i.indisprimary`.execute(db);
  return rows;
}

/** Driver seeds in chunks with a different PRNG seed each, unique across chunks by ID card and phone. */
function* driverRows(seen: { idCards: Set<string>; phones: Set<string> }): Generator<Record<string, unknown>> {
  for (let chunk = 0; ; chunk++) {
    for (const driver of generateDrivers(GENERATE_CHUNK, DEFAULT_DRIVER_SEED + 7919 * (chunk + 1))) {
      if (seen.idCards.has(driver.idCard) || seen.phones.has(driver.telephone)) continue;
      seen.idCards.add(driver.idCard);
      seen.phones.add(driver.telephone);
      yield driver;
    }
  }
}

export async function bulkLoadDrivers(db: Db, entity: EntityRuntime, options: BulkOptions): Promise<BulkResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const batch = options.batch ?? 5_000;
  const spanMs = (options.spanDays ?? 730) * 86_400_000;
  const tableName = entity.schema.table;
  const table = sql.id(tableName);
  const types = await columnTypes(db, tableName);

  const fieldColumns = Object.keys(entity.schema.fields).map((name) => [name, entity.columns.get(name)!] as const);
  const columns = ['id', 'create_by', 'create_time', 'sys_org_code', 'tenant_id', ...fieldColumns.map(([, c]) => c)];
  for (const column of columns) if (!types.has(column)) throw new Error(`${tableName}.${column} is missing: start the server once first`);
  const recordType = sql.join(columns.map((c) => sql`${sql.id(c)} ${sql.raw(types.get(c)!)}`));
  const columnList = sql.join(columns.map((c) => sql.id(c)));

  const dropped = options.rows >= REBUILD_INDEXES_FROM ? await secondaryIndexes(db, tableName) : [];
  if (dropped.length > 0) {
    await db.deleteFrom('sys_schema_sync').where('entity', '=', entity.schema.name).execute();
    for (const index of dropped) await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
    log(`dropped ${dropped.length} non-unique indexes for the load`);
  }

  const seen = { idCards: new Set<string>(), phones: new Set<string>() };
  const source = driverRows(seen);
  const now = Date.now();
  let inserted = 0;
  let lastLog = performance.now();
  while (inserted < options.rows) {
    const wanted = Math.min(batch, options.rows - inserted);
    const records: Record<string, unknown>[] = [];
    for (let i = 0; i < wanted; i++) {
      const driver = source.next().value as Record<string, unknown>;
      const record: Record<string, unknown> = {
        id: newId(),
        create_by: 'system',
        // Uniform over the span, newest first in the default sort; the wire format is the session's time zone.
        create_time: new Date(now - Math.floor(Math.random() * spanMs)).toISOString(),
        sys_org_code: 'A01A01',
        tenant_id: options.tenantId,
      };
      for (const [property, column] of fieldColumns) record[column] = driver[property] ?? null;
      records.push(record);
    }
    const result = await sql`insert into ${table} (${columnList})
      select ${columnList} from json_to_recordset(${JSON.stringify(records)}::json) as r(${recordType})
      on conflict do nothing`.execute(db);
    inserted += Number(result.numAffectedRows ?? 0);
    if (performance.now() - lastLog > 5_000) {
      lastLog = performance.now();
      log(`  ${inserted.toLocaleString('en-US')} rows`);
    }
  }
  const insertMs = performance.now() - started;

  const indexStarted = performance.now();
  for (const index of dropped) await sql.raw(index.definition).execute(db);
  const indexMs = performance.now() - indexStarted;
  if (dropped.length > 0) log(`rebuilt ${dropped.length} indexes in ${(indexMs / 1000).toFixed(1)} s`);

  // Sets the visibility map (index-only scans for counts and deep pages) and fresh planner statistics.
  const vacuumStarted = performance.now();
  await sql`vacuum (analyze) ${table}`.execute(db);
  const vacuumMs = performance.now() - vacuumStarted;
  return { inserted, insertMs, indexMs, vacuumMs, totalMs: performance.now() - started };
}
