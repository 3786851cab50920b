/** Lint of `uniqueTogether`: its fields are declared, single-valued scalar fields (one value each in the index). */
import { asArray, isObject } from '../../scripts/lib/schema-json.ts';
import type { CapabilityLint } from '../lint-part.ts';

/** Types whose stored value compares as one value in a unique index. */
const UNIQUE_TYPES = new Set<unknown>(['string', 'integer', 'number', 'money', 'date', 'datetime', 'boolean', 'department']);

export const uniqueTogetherLint: CapabilityLint = {
  entity(entity, fields, _dictionaries, at) {
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
  },
};
