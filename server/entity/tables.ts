/**
 * Creates and extends entity tables from their schema files: new tables, new columns, unique and sort indexes.
 * Additive only — a removed field keeps its column and a changed type is not altered, because silently rewriting
 * production data is worse than a column left behind; such changes need a hand-written migration.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FieldDef } from '../../src/contracts/entity.ts';
import { DEFAULT_STRING_MAX, DEFAULT_TEXT_MAX } from '../../src/contracts/validation/entity-json-schema.ts';
import type { SystemTables } from '../db/schema.ts';
import type { EntityRuntime } from './registry.ts';

function columnType(field: FieldDef): RawBuilder<unknown> {
  switch (field.type) {
    case 'string':
      return sql.raw(`varchar(${Math.floor(field.maxLength ?? DEFAULT_STRING_MAX)})`);
    case 'text':
      return sql.raw(`varchar(${Math.floor(field.maxLength ?? DEFAULT_TEXT_MAX)})`);
    case 'integer':
      return sql.raw('integer');
    case 'number':
      return sql.raw('numeric(18,4)');
    case 'money':
      return sql.raw('numeric(14,2)');
    case 'date':
      return sql.raw('date');
    case 'datetime':
      return sql.raw('timestamptz');
    case 'boolean':
      return sql.raw('boolean');
  }
}

export async function syncEntityTables(db: Kysely<SystemTables>, entities: EntityRuntime[]): Promise<void> {
  for (const entity of entities) {
    const known = await db
      .selectFrom('sys_schema_sync')
      .select('checksum')
      .where('entity', '=', entity.schema.name)
      .executeTakeFirst();
    if (known?.checksum === entity.checksum) continue;
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
        if (field.unique) {
          const index = sql.id(`uq_${entity.schema.table}_${entity.columns.get(property)!}`);
          await sql`create unique index if not exists ${index} on ${table} (tenant_id, ${column})`.execute(tx);
        }
      }
      const createIndex = sql.id(`idx_${entity.schema.table}_tenant_create_time`);
      await sql`create index if not exists ${createIndex} on ${table} (tenant_id, create_time desc, id desc)`.execute(tx);
      await tx
        .insertInto('sys_schema_sync')
        .values({ entity: entity.schema.name, checksum: entity.checksum })
        .onConflict((oc) => oc.column('entity').doUpdateSet({ checksum: entity.checksum, synced_at: sql<string>`now()` }))
        .execute();
    });
  }
}
