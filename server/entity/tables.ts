/**
 * Creates and extends entity tables from their schema files: new tables, new columns, unique and sort indexes.
 * Additive only — a removed field keeps its column and a changed type is not altered, because silently rewriting
 * production data is worse than a column left behind; such changes need a hand-written migration.
 */
import crypto from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FieldDef } from '../../src/contracts/entity.ts';
import type { SystemTables } from '../db/schema.ts';
import type { EntityRuntime } from './registry.ts';
import { ownsTable } from '../../src/contracts/entity.ts';
import { childForeignKeys } from './children.ts';
import { syncCapabilityTables } from '../../capabilities/server.ts';
import { indexName } from './index-name.ts';
import { fieldTypeServer } from '../../field-types/server.ts';

function columnType(field: FieldDef): RawBuilder<unknown> {
  return sql.raw(fieldTypeServer(field.type).column(field));
}

/**
 * Bumped whenever the index layout below changes, so databases synced by an older server get the new indexes even
 * though their schema files did not change.
 */
const INDEX_LAYOUT = 'sort-indexes-v2';

function syncChecksum(entity: EntityRuntime, foreignKeys: readonly string[]): string {
  return crypto.createHash('sha256').update(`${entity.checksum}:${INDEX_LAYOUT}:${foreignKeys.join(',')}`).digest('hex');
}

/**
 * One B-tree per sortable column and direction, in exactly the order list queries ask for (query.ts `buildOrder`:
 * `<column> asc|desc nulls last, id desc`, tenant first). Postgres only walks an index for ORDER BY … LIMIT when
 * the null placement matches too, so `desc nulls last` needs its own index rather than a backward scan. They also
 * make deep pages index-only (the `id` is in the index) and serve range filters on those columns.
 */
async function syncSortIndexes(tx: Kysely<SystemTables>, entity: EntityRuntime): Promise<void> {
  const tableName = entity.schema.table;
  const table = sql.id(tableName);
  // Superseded by the createTime desc-nulls-last index (the old one had nulls first, so sorts never used it).
  await sql`drop index if exists ${sql.id(`idx_${tableName}_tenant_create_time`)}`.execute(tx);
  const sorted = new Set(entity.sortable);
  sorted.add(entity.schema.list.defaultSort?.field ?? 'createTime');
  for (const property of sorted) {
    const columnName = entity.columns.get(property);
    if (!columnName) continue;
    const column = sql.id(columnName);
    for (const direction of ['asc', 'desc'] as const) {
      const index = sql.id(indexName('ix', tableName, columnName, direction === 'asc' ? 'a' : 'd'));
      await sql`create index if not exists ${index} on ${table}
        (tenant_id, ${column} ${sql.raw(direction)} nulls last, id desc)`.execute(tx);
    }
  }
}

/**
 * The schema's `indexes`: (tenant_id, equality columns…, sort column <order> nulls last, id desc) include (…) — the
 * same order buildOrder sorts in, so a page filtered on those fields is read in index order and a deep page's OFFSET
 * walk stays index-only, also when a condition (an OR'd read scope) can only be checked on the included columns.
 * Names derive from the columns, so an unchanged declaration is never built twice.
 */
export async function syncDeclaredIndexes<DB>(db: Kysely<DB>, entity: EntityRuntime): Promise<void> {
  const tableName = entity.schema.table;
  const columnOf = (property: string) => {
    const column = entity.columns.get(property);
    if (!column) throw new Error(`indexes of ${entity.schema.name} name unknown field ${property}`);
    return column;
  };
  for (const declared of entity.schema.indexes ?? []) {
    const columns = declared.fields.map(columnOf);
    if (declared.contains) {
      // One per field: `ilike '%x%'` on any of them can use its own. The tenant is checked on the rows found.
      for (const column of columns) {
        await sql`create index if not exists ${sql.id(indexName('ix', tableName, column, 'trgm'))}
          on ${sql.id(tableName)} using gin (${sql.id(column)} gin_trgm_ops)`.execute(db);
      }
      continue;
    }
    const parts = columns.map((c) => sql`${sql.id(c)}`);
    const nameParts = [...columns];
    if (declared.sort) {
      const direction = declared.sort.order ?? 'desc';
      const column = columnOf(declared.sort.field);
      parts.push(sql`${sql.id(column)} ${sql.raw(direction)} nulls last`, sql`id desc`);
      nameParts.push(column, direction === 'asc' ? 'a' : 'd');
    }
    const included = (declared.include ?? []).map(columnOf);
    if (included.length > 0) nameParts.push('inc', ...included);
    await sql`create index if not exists ${sql.id(indexName('ix', tableName, ...nameParts))}
      on ${sql.id(tableName)} (${sql.join([sql`tenant_id`, ...parts])})
      ${included.length > 0 ? sql`include (${sql.join(included.map((c) => sql.id(c)))})` : sql``}`.execute(db);
  }
}

export async function syncEntityTables(db: Kysely<SystemTables>, entities: EntityRuntime[]): Promise<void> {
  const foreignKeysOf = childForeignKeys(entities);
  for (const entity of entities) {
    const foreignKeys = foreignKeysOf.get(entity.schema.name) ?? [];
    if (!ownsTable(entity.schema)) continue;
    const known = await db
      .selectFrom('sys_schema_sync')
      .select('checksum')
      .where('entity', '=', entity.schema.name)
      .executeTakeFirst();
    const checksum = syncChecksum(entity, foreignKeys);
    if (known?.checksum === checksum) continue;
    await db.transaction().execute(async (tx) => {
      const table = sql.id(entity.schema.table);
      await sql`create table if not exists ${table} (
        id varchar(32) primary key,
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz,
        sys_org_code varchar(64), tenant_id integer not null default 0
      )`.execute(tx);
      for (const [property, field] of Object.entries(entity.schema.fields)) {
        const column = sql.id(entity.columns.get(property)!);
        await sql`alter table ${table} add column if not exists ${column} ${columnType(field)}`.execute(tx);
        // A read-only field's default is its initial state (审核状态 未提交): bodies cannot set it, so the column does.
        if (field.readOnly && field.default !== undefined) {
          await sql`alter table ${table} alter column ${column} set default ${sql.lit(field.default)}`.execute(tx);
        }
        if (field.unique) {
          const index = sql.id(`uq_${entity.schema.table}_${entity.columns.get(property)!}`);
          await sql`create unique index if not exists ${index} on ${table} (tenant_id, ${column})`.execute(tx);
        }
      }
      await syncSortIndexes(tx, entity);
      await syncCapabilityTables(tx, entity);
      await syncDeclaredIndexes(tx, entity);
      // Line items are read and replaced by parent id (children.ts).
      for (const property of foreignKeys) {
        const columnName = entity.columns.get(property);
        if (!columnName) continue;
        await sql`create index if not exists ${sql.id(indexName('ix', entity.schema.table, columnName, 'fk'))}
          on ${table} (tenant_id, ${sql.id(columnName)})`.execute(tx);
      }
      await tx
        .insertInto('sys_schema_sync')
        .values({ entity: entity.schema.name, checksum })
        .onConflict((oc) => oc.column('entity').doUpdateSet({ checksum, synced_at: sql<string>`now()` }))
        .execute();
    });
  }
}
