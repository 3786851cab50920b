/**
 * Reads and writes of entity rows with raw, parameterised SQL: identifiers come only from the entity's column
 * allow-list, values are always bound. Every statement is scoped to the caller's tenant.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import type { SystemTables } from '../db/schema.ts';
import type { DictionaryService } from '../dict/dictionaries.ts';
import type { EntityRuntime } from './registry.ts';
import { buildFilters, buildOrder, pageParams, type QueryParams } from './query.ts';

type Db = Kysely<SystemTables>;

function selectList(entity: EntityRuntime): RawBuilder<unknown> {
  return sql.join([...entity.columns].map(([property, column]) => sql`${sql.id(column)} as ${sql.id(property)}`));
}

function table(entity: EntityRuntime): RawBuilder<unknown> {
  return sql.id(entity.schema.table) as unknown as RawBuilder<unknown>;
}

export function maskValue(kind: 'id-card' | 'phone' | 'bank-card', value: string): string {
  if (kind === 'bank-card') return value.length > 4 ? `${'*'.repeat(value.length - 4)}${value.slice(-4)}` : value;
  if (value.length <= 7) return value;
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}

/** Adds `<field>_dictText` and masks privacy fields, as list screens show them. */
export function presentRows(entity: EntityRuntime, dicts: DictionaryService, rows: WireRecord[], mask: boolean): WireRecord[] {
  const dictFields = Object.entries(entity.schema.fields).filter(([, f]) => f.dict);
  const maskFields = mask ? Object.entries(entity.schema.fields).filter(([, f]) => f.mask) : [];
  return rows.map((row) => {
    const out: WireRecord = { ...row };
    for (const [name, field] of dictFields) out[`${name}_dictText`] = dicts.text(field.dict!, row[name]);
    for (const [name, field] of maskFields) {
      if (typeof row[name] === 'string') out[name] = maskValue(field.mask!, row[name] as string);
    }
    return out;
  });
}

export async function listRows(db: Db, entity: EntityRuntime, tenantId: number, params: QueryParams): Promise<Page<WireRecord>> {
  const { pageNo, pageSize } = pageParams(params);
  const where = sql.join([sql`tenant_id = ${tenantId}`, ...buildFilters(entity, params)], sql` and `);
  const order = buildOrder(entity, params);
  const [countResult, rowsResult] = [
    await sql<{ total: number }>`select count(*)::int as total from ${table(entity)} where ${where}`.execute(db),
    await sql<WireRecord>`select ${selectList(entity)} from ${table(entity)} where ${where}
      order by ${order} limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(db),
  ];
  const total = countResult.rows[0]?.total ?? 0;
  return {
    records: rowsResult.rows,
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

export async function findRow(db: Db, entity: EntityRuntime, tenantId: number, id: string): Promise<WireRecord | null> {
  const result = await sql<WireRecord>`select ${selectList(entity)} from ${table(entity)}
    where tenant_id = ${tenantId} and id = ${id}`.execute(db);
  return result.rows[0] ?? null;
}

/** Ids of rows (other than `exceptId`) already holding `value` in a unique field. */
export async function findDuplicate(
  db: Db,
  entity: EntityRuntime,
  tenantId: number,
  property: string,
  value: unknown,
  exceptId?: string,
): Promise<boolean> {
  const column = sql.id(entity.columns.get(property)!);
  const result = await sql<{ id: string }>`select id from ${table(entity)}
    where tenant_id = ${tenantId} and ${column} = ${value} ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`.execute(db);
  return result.rows.length > 0;
}

export async function insertRow(db: Db, entity: EntityRuntime, values: Record<string, unknown>): Promise<void> {
  const entries = Object.entries(values);
  const columns = sql.join(entries.map(([property]) => sql.id(entity.columns.get(property) ?? property)));
  const params = sql.join(entries.map(([, value]) => sql`${value}`));
  await sql`insert into ${table(entity)} (${columns}) values (${params})`.execute(db);
}

export async function updateRow(
  db: Db,
  entity: EntityRuntime,
  tenantId: number,
  id: string,
  values: Record<string, unknown>,
): Promise<number> {
  const sets = sql.join(Object.entries(values).map(([property, value]) => sql`${sql.id(entity.columns.get(property)!)} = ${value}`));
  const result = await sql`update ${table(entity)} set ${sets} where tenant_id = ${tenantId} and id = ${id}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function deleteRows(db: Db, entity: EntityRuntime, tenantId: number, ids: string[]): Promise<number> {
  const result = await sql`delete from ${table(entity)} where tenant_id = ${tenantId} and id in (${sql.join(ids)})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
