/**
 * The select list of an entity's rows: every allow-listed column under its property name. Dictionary codes a table
 * keeps in an integer column (schema `storage.integerCodes`, e.g. sys_dict_item.status) are read back as text, so
 * they travel, compare and validate like every other dictionary value ('1', not 1).
 */
import { sql, type RawBuilder } from 'kysely';
import type { EntityRuntime } from './registry.ts';

export function selectList(entity: EntityRuntime): RawBuilder<unknown> {
  const codes = new Set(entity.schema.storage?.integerCodes ?? []);
  return sql.join(
    [...entity.columns].map(([property, column]) =>
      codes.has(property) ? sql`cast(${sql.id(column)} as varchar) as ${sql.id(property)}` : sql`${sql.id(column)} as ${sql.id(property)}`,
    ),
  );
}
