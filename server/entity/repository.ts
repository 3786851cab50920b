/**
 * Reads and writes of entity rows with raw, parameterised SQL: identifiers come only from the entity's column
 * allow-list, values are always bound. Every statement is scoped to the caller's tenant.
 */
import { applyRowMasks, type MaskCaller } from '../../src/contracts/row-masks.ts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import type { SystemTables } from '../db/schema.ts';
import type { DictionaryService } from '../dict/dictionaries.ts';
import type { EntityRuntime } from './registry.ts';
import { pageRows, pageWithTotal, type UnchangedSince } from './paging.ts';
import { listParts, listWhere, planList, type ListPlan, type ListQuery } from './list-plan.ts';
import type { PageAnchor, SeekMemory } from './keyset.ts';
import { directoryOf, isSecretProperty } from './field-types.ts';
import { tenantWhere } from './tenancy.ts';
import { selectList } from './select-list.ts';
import { softDeleteRows, softDeletes } from './soft-delete.ts';

type Db = Kysely<SystemTables>;

function table(entity: EntityRuntime): RawBuilder<unknown> {
  return sql.id(entity.schema.table) as unknown as RawBuilder<unknown>;
}

/** Where add, edit and delete write: the view's own table (storage.writeTable), else the entity's table. */
export function writeTable(entity: EntityRuntime): RawBuilder<unknown> {
  return sql.id(entity.schema.storage?.writeTable ?? entity.schema.table) as unknown as RawBuilder<unknown>;
}

export function maskValue(kind: 'id-card' | 'phone' | 'bank-card', value: string): string {
  if (kind === 'bank-card') return value.length > 4 ? `${'*'.repeat(value.length - 4)}${value.slice(-4)}` : value;
  if (value.length <= 7) return value;
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}

/**
 * Adds `<field>_dictText` and masks privacy fields, as list screens show them. `tableTexts` holds the texts of
 * table-dictionary fields (field → value → text), looked up beforehand in one query per field.
 */
export function presentRows(
  entity: EntityRuntime,
  dicts: DictionaryService,
  rows: WireRecord[],
  mask: boolean,
  tableTexts: Map<string, Map<string, string>> = new Map(),
  /** Who receives the rows: row masks (schema `rowMasks`) decide per row and caller; unknown = masked. */
  caller?: MaskCaller,
): WireRecord[] {
  const dictFields = Object.entries(entity.schema.fields).filter(([, f]) => f.dict || directoryOf(f));
  const maskFields = mask ? Object.entries(entity.schema.fields).filter(([, f]) => f.mask) : [];
  const secretFields = Object.keys(entity.schema.fields).filter((name) => isSecretProperty(entity, name));
  return rows.map((row) => {
    const out: WireRecord = { ...row };
    // Password hashes never leave the server, whoever asks.
    for (const name of secretFields) delete out[name];
    for (const [name, field] of dictFields) {
      const table = tableTexts.get(name);
      out[`${name}_dictText`] = table
        ? String(row[name] ?? '').split(',').filter(Boolean).map((v) => table.get(v) ?? v).join(',')
        : field.dict
          ? dicts.text(field.dict, row[name])
          : String(row[name] ?? '');
    }
    for (const [name, field] of maskFields) {
      // A comma-joined list (a rate card's drivers' phones) is masked item by item.
      if (typeof row[name] === 'string') out[name] = (row[name] as string).split(',').map((part) => maskValue(field.mask!, part)).join(',');
    }
    return applyRowMasks(entity.schema.rowMasks, out, caller) as WireRecord;
  });
}

export async function countRows(db: Db, query: ListQuery): Promise<number> {
  const result = await sql<{ total: number }>`select count(*)::int as total from ${table(query.entity)}
    where ${listWhere(query)}`.execute(db);
  return result.rows[0]?.total ?? 0;
}

/** Every row a list request matches, in its order, fetched `batch` at a time (exports). */
export async function* iterateRows(db: Db, query: ListQuery, batch = 1000): AsyncGenerator<WireRecord[]> {
  const parts = listParts(query);
  // Each batch starts right after the last row of the one before (keyset.ts), not by walking an ever longer
  // OFFSET; a row written meanwhile therefore never appears twice.
  let next: PageAnchor | undefined;
  const afterLastBatch: SeekMemory = { nearest: () => next, remember: (ends) => (next = ends[ends.length - 1]) };
  for (let offset = 0; ; offset += batch) {
    // Exports are bounded by their own row limit, not by LIST_LIMITS.maxOffset.
    const rows = await pageRows<WireRecord>(db, parts, batch, offset, afterLastBatch);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
  }
}

/**
 * One list page of a request (planned here). The list route plans itself (list-plan.ts) and calls `readPlan`.
 */
export async function listRows(db: Db, query: ListQuery, memory: { seek?: SeekMemory; unchanged?: UnchangedSince } = {}): Promise<Page<WireRecord>> {
  return readPlan(db, planList(db, query), memory);
}

/**
 * The page a plan describes. `memory.seek` lets it start from a position of the same query read before
 * (keyset.ts), and `memory.unchanged` keeps a large total for as long as its tables stand (paging.ts).
 */
export async function readPlan(db: Db, plan: ListPlan, memory: { seek?: SeekMemory; unchanged?: UnchangedSince } = {}): Promise<Page<WireRecord>> {
  const { pageNo, pageSize, offset } = plan;
  // Rows and total in one statement (paging.ts): a round trip is most of a small list request's cost.
  const { rows: records, total } = await pageWithTotal<WireRecord>(db, plan.parts, pageSize, offset, memory.seek, memory.unchanged, plan.countKey);
  return {
    records,
    total,
    size: pageSize,
    current: pageNo,
    pages: Math.ceil(total / pageSize),
    orders: [],
    optimizeCountSql: true,
    searchCount: true,
    countId: null,
    maxLimit: null,
  };
}

/** `and`-prefixed extra conditions (data scope), or nothing. */
function andAll(extra: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return extra.length ? sql` and ${sql.join(extra, sql` and `)}` : sql``;
}

/** One row in the tenant (and scope); `forUpdate` locks it until the transaction ends, so a guard read stays true. */
export async function findRow(
  db: Db,
  entity: EntityRuntime,
  tenantId: number,
  id: string,
  extra: RawBuilder<unknown>[] = [],
  forUpdate = false,
): Promise<WireRecord | null> {
  const result = await sql<WireRecord>`select ${selectList(entity)} from ${table(entity)}
    where ${tenantWhere(entity, tenantId)} and id = ${id}${andAll(extra)}${forUpdate ? sql` for update` : sql``}`.execute(db);
  return result.rows[0] ?? null;
}

/** Rows by id, locked until the transaction ends (a guard read before a write must not go stale). */
export async function findRowsForUpdate(db: Db, entity: EntityRuntime, tenantId: number, ids: string[]): Promise<WireRecord[]> {
  if (ids.length === 0) return [];
  const result = await sql<WireRecord>`select ${selectList(entity)} from ${table(entity)}
    where ${tenantWhere(entity, tenantId)} and id in (${sql.join(ids)}) for update`.execute(db);
  return result.rows;
}

/** A table column holding ids of another entity's rows (line items' foreign key, a history's key). */
export interface NamingColumn {
  entity: EntityRuntime;
  column: string;
}

/** Deletes the rows of each table whose column names one of `ids` (what belongs to rows being deleted). */
export async function deleteRowsNaming(db: Db, tenantId: number, targets: readonly NamingColumn[], ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const { entity, column } of targets) {
    await sql`delete from ${table(entity)} where ${tenantWhere(entity, tenantId)} and ${sql.id(column)} in (${sql.join(ids)})`.execute(db);
  }
}

/**
 * Rows of the tenant by id, each with whether it passes each test (a data scope's conditions): one statement, so the
 * answers and the row come from the same snapshot. Rows that pass none are returned too (the caller drops them).
 */
export async function findRowsTested(
  db: Db,
  entity: EntityRuntime,
  tenantId: number,
  ids: string[],
  tests: RawBuilder<unknown>[][],
): Promise<Array<{ row: WireRecord; passes: boolean[] }>> {
  if (ids.length === 0) return [];
  const flags = tests.map((conditions, i) => sql`(${sql.join([sql`true`, ...conditions], sql` and `)}) is true as ${sql.id(`__test${i}`)}`);
  const result = await sql<WireRecord>`select ${sql.join([selectList(entity), ...flags])} from ${table(entity)}
    where ${tenantWhere(entity, tenantId)} and id in (${sql.join(ids)})`.execute(db);
  return result.rows.map((raw) => {
    const row: WireRecord = { ...raw };
    const passes = tests.map((_, i) => {
      const pass = row[`__test${i}`] === true;
      delete row[`__test${i}`];
      return pass;
    });
    return { row, passes };
  });
}

/** Whether a row (other than `exceptId`, within `extra`) already holds `value` in a unique field. */
export async function findDuplicate(
  db: Db,
  entity: EntityRuntime,
  tenantId: number,
  property: string,
  value: unknown,
  exceptId?: string,
  extra: RawBuilder<unknown>[] = [],
): Promise<boolean> {
  const column = sql.id(entity.columns.get(property)!);
  const result = await sql<{ id: string }>`select id from ${table(entity)}
    where ${tenantWhere(entity, tenantId)} and ${column} = ${value} ${exceptId ? sql`and id <> ${exceptId}` : sql``}${andAll(extra)} limit 1`.execute(db);
  return result.rows.length > 0;
}

export async function insertRow(db: Db, entity: EntityRuntime, values: Record<string, unknown>): Promise<void> {
  const entries = Object.entries(values);
  const columns = sql.join(entries.map(([property]) => sql.id(entity.columns.get(property) ?? property)));
  const params = sql.join(entries.map(([, value]) => sql`${value}`));
  await sql`insert into ${writeTable(entity)} (${columns}) values (${params})`.execute(db);
}

export async function updateRow(
  db: Db,
  entity: EntityRuntime,
  tenantId: number,
  id: string,
  values: Record<string, unknown>,
  extra: RawBuilder<unknown>[] = [],
): Promise<number> {
  const sets = sql.join(Object.entries(values).map(([property, value]) => sql`${sql.id(entity.columns.get(property)!)} = ${value}`));
  const result = await sql`update ${writeTable(entity)} set ${sets} where ${tenantWhere(entity, tenantId)} and id = ${id}${andAll(extra)}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Removes the rows, or marks them deleted (schema `storage.deletedFlag`; `by` is recorded as their updater). */
export async function deleteRows(db: Db, entity: EntityRuntime, tenantId: number, ids: string[], by?: string): Promise<number> {
  if (softDeletes(entity)) return softDeleteRows(db, entity, tenantId, ids, by);
  const result = await sql`delete from ${writeTable(entity)} where ${tenantWhere(entity, tenantId)} and id in (${sql.join(ids)})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
