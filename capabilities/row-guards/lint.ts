/**
 * Lint of `editWhen` / `deleteWhen`: each `when` field is declared, its values are items of its dictionary, and the
 * free fields are declared fields other than the guard's own (a state that could be edited freely guards nothing).
 */
import { asArray, escapePointer, isObject } from '../../scripts/lib/schema-json.ts';
import type { CapabilityLint } from '../lint-part.ts';

export const rowGuardsLint: CapabilityLint = {
  entity(entity, fields, dictionaries, at) {
    for (const key of ['editWhen', 'deleteWhen'] as const) {
      const guard = entity[key];
      if (!isObject(guard) || !isObject(guard.when)) continue;
      for (const [field, values] of Object.entries(guard.when)) {
        const pointer = `/${key}/when/${escapePointer(field)}`;
        const def = fields[field];
        if (!isObject(def)) {
          at(pointer, `"${field}" is not a declared field`);
          continue;
        }
        const items = typeof def.dict === 'string' ? dictionaries.get(def.dict) : undefined;
        asArray(values).forEach((value, i) => {
          if (typeof value === 'string' && items && items !== 'table' && !items.has(value)) at(`${pointer}/${i}`, `"${value}" is not an item of dictionary "${String(def.dict)}"`);
        });
      }
      asArray(guard.freeFields).forEach((name, i) => {
        if (typeof name !== 'string') return;
        if (!isObject(fields[name])) at(`/${key}/freeFields/${i}`, `"${name}" is not a declared field`);
        else if (isObject(guard.when) && Object.hasOwn(guard.when, name)) at(`/${key}/freeFields/${i}`, `"${name}" is the guard's own state field`);
      });
    }
  },
};
