/** Lint of `expiryWarning`: it sits on date fields only, and `list.expiryQuery` needs one. */
import { escapePointer, isObject } from '../../scripts/lib/schema-json.ts';
import type { CapabilityLint } from '../lint-part.ts';
import { EXPIRY_QUERY_PARAM } from './contract.ts';

export const expiryWarningLint: CapabilityLint = { entity: (entity, fields, _dictionaries, at) => {
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
    if (Object.hasOwn(fields, EXPIRY_QUERY_PARAM)) at('/list/expiryQuery', 'expiryQuery filters with the request parameter "expiry", which a field of that name would shadow');
  }
} };
