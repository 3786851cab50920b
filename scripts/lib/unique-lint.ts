/**
 * Lint of the record-level rules added for documents and registrations: `uniqueTogether` names declared,
 * single-valued scalar fields; `expiryWarning` sits on date fields only.
 */
import { asArray, escapePointer, isObject, type Json } from './schema-json.ts';

type At = (pointer: string, message: string) => void;

/** Types whose stored value compares as one value in a unique index. */
const UNIQUE_TYPES = new Set<unknown>(['string', 'integer', 'number', 'money', 'date', 'datetime', 'boolean', 'department']);

export function lintUniqueAndExpiry(entity: Json, fields: Json, at: At): void {
  asArray(entity.uniqueTogether).forEach((rule, i) => {
    asArray(isObject(rule) ? rule.fields : undefined).forEach((field, j) => {
      if (typeof field !== 'string') return;
      const def = fields[field];
      const pointer = `/uniqueTogether/${i}/fields/${j}`;
      if (!isObject(def)) at(pointer, `"${field}" is not a declared field`);
      else if (!UNIQUE_TYPES.has(def.type) || def.multiple === true || def.widget === 'checkbox') {
        at(pointer, `"${field}" must be a single-valued scalar field to be part of a unique combination`);
      }
    });
  });
  for (const [name, def] of Object.entries(fields)) {
    if (isObject(def) && def.expiryWarning !== undefined && def.type !== 'date') {
      at(`/fields/${escapePointer(name)}/expiryWarning`, `expiryWarning is only allowed on date fields (this one is ${String(def.type)})`);
    }
  }
  const list = isObject(entity.list) ? entity.list : {};
  if (list.expiryQuery === true) {
    if (!Object.values(fields).some((def) => isObject(def) && def.expiryWarning !== undefined)) {
      at('/list/expiryQuery', 'expiryQuery needs at least one date field with expiryWarning');
    }
    if (Object.hasOwn(fields, 'expiry')) at('/list/expiryQuery', 'expiryQuery filters with the request parameter "expiry", which a field of that name would shadow');
  }
}
