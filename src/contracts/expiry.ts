/**
 * The document-expiry query of lists (`list.expiryQuery`): `expiry=expiring` finds rows with any document (a date
 * field with `expiryWarning`) inside its warning window, `expiry=expired` rows with any document already past. One
 * definition for the query form (client) and the filter (server), so both mean the same rows as the list's cells.
 */
import type { EntitySchema, FieldDef } from './entity.ts';

export const EXPIRY_QUERY_PARAM = 'expiry';
export const EXPIRY_DICT = 'cert_expiry_state';
export type ExpiryQueryState = 'expiring' | 'expired';
export const EXPIRY_QUERY_STATES: readonly ExpiryQueryState[] = ['expiring', 'expired'];

/** The query form's input for it: a select over the `cert_expiry_state` dictionary. */
export const EXPIRY_QUERY_FIELD: FieldDef = { label: '证件状态', type: 'string', dict: EXPIRY_DICT };

/** The entity's document dates and how many days ahead each warns, in schema order. */
export function expiryFields(entity: EntitySchema): Array<{ property: string; days: number }> {
  const out: Array<{ property: string; days: number }> = [];
  for (const [property, field] of Object.entries(entity.fields)) {
    if (field.expiryWarning) out.push({ property, days: field.expiryWarning.days });
  }
  return out;
}

/** Whether requests of this entity may use `expiry`: it declares the query and has no field of that name. */
export function hasExpiryQuery(entity: EntitySchema): boolean {
  return entity.list.expiryQuery === true && !Object.hasOwn(entity.fields, EXPIRY_QUERY_PARAM);
}
