/** `rows` lint: only migration-owned (or server-managed) tables, with rowFields whose types a grid cell can hold. */
import { escapePointer, isObject } from '../../scripts/lib/schema-json.ts';
import type { FieldLintContext } from '../lints.ts';

/** Types a row cannot hold: nested rows, and inputs a grid cell has no editor for. */
const NOT_IN_A_ROW = new Set(['rows', 'password', 'richtext', 'image', 'file']);

export function lintRowsField({ entity, field, at }: FieldLintContext): void {
  const migrationOwned = isObject(entity.storage) && entity.storage.owner === 'migrations';
  if (!migrationOwned) {
    at('/type', 'rows fields are jsonb columns a migration makes: only entities with "storage": { "owner": "migrations" } may declare them');
  }
  if (!isObject(field.rowFields)) at('', 'a rows field needs rowFields');
  for (const [sub, subDef] of Object.entries(isObject(field.rowFields) ? field.rowFields : {})) {
    if (isObject(subDef) && typeof subDef.type === 'string' && NOT_IN_A_ROW.has(subDef.type)) {
      at(`/rowFields/${escapePointer(sub)}/type`, `a row cannot hold a ${subDef.type} field`);
    }
  }
}
