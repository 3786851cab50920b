/**
 * Field option `expiryWarning` (a document's validity date) and `list.expiryQuery`. List cells warn 即将到期 within
 * the window and 已过期 after it (renderer.tsx); the query `expiry=expiring` finds rows with any document inside its
 * window, `expiry=expired` rows with any document already past (server.ts). One definition for the cells, the query
 * form and the filter, so all three mean the same rows.
 */
import type { EntitySchema, FieldDef } from '../../src/contracts/entity.ts';
import { defineCapability } from '../contract.ts';

/** A document's validity date: how many days ahead lists start warning. */
export interface ExpiryWarning {
  days: number;
}

declare module '../../src/contracts/entity.ts' {
  interface FieldDef {
    /** date fields: list cells warn 即将到期 (orange) within `days` days of the date and 已过期 (red) after it. */
    expiryWarning?: ExpiryWarning;
  }
  interface ListSection {
    /**
     * Adds 证件状态 (即将到期 / 已过期) to the query form: rows with any date field carrying `expiryWarning` in that
     * state today (`expiry=expiring|expired`). A preset may name it: `{"expiring": {"expiry": "expiring"}}`.
     */
    expiryQuery?: boolean;
  }
}

export const EXPIRY_QUERY_PARAM = 'expiry';
export const EXPIRY_DICT = 'cert_expiry_state';
export type ExpiryQueryState = 'expiring' | 'expired';
export const EXPIRY_QUERY_STATES: readonly ExpiryQueryState[] = ['expiring', 'expired'];

/** The query form's input for it: a select over the `cert_expiry_state` dictionary. */
export const EXPIRY_QUERY_FIELD: FieldDef = { label: '证件状态', type: 'string', dict: EXPIRY_DICT };

/** Whether requests of this entity may use `expiry`: it declares the query and has no field of that name. */
export function hasExpiryQuery(entity: EntitySchema): boolean {
  return entity.list.expiryQuery === true && !Object.hasOwn(entity.fields, EXPIRY_QUERY_PARAM);
}

export const expiryWarning = defineCapability({
  name: 'expiry-warning',
  // 证件状态: not a column, a filter the server part knows.
  queryFields: (entity) => (hasExpiryQuery(entity) ? [{ field: EXPIRY_QUERY_PARAM, def: EXPIRY_QUERY_FIELD }] : []),
});

/** The entity's document dates and how many days ahead each warns, in schema order. */
export function expiryFields(entity: EntitySchema): Array<{ property: string; days: number }> {
  const out: Array<{ property: string; days: number }> = [];
  for (const [property, field] of Object.entries(entity.fields)) {
    if (field.expiryWarning) out.push({ property, days: field.expiryWarning.days });
  }
  return out;
}

/** How a document's validity date stands against today. */
export interface ExpiryStatus {
  state: 'expired' | 'expiring';
  /** Days left (expiring, 0 = today) or days past (expired). */
  days: number;
}

const DAY_MS = 86_400_000;

/**
 * `expired` once the date is before today, `expiring` within `expiryWarning.days` days of it, otherwise nothing.
 * Dates are calendar days (the user's today), so the answer does not move during a day.
 */
export function expiryStatus(def: FieldDef | undefined, value: unknown, today: Date = new Date()): ExpiryStatus | undefined {
  const warnDays = def?.expiryWarning?.days;
  if (!warnDays || typeof value !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return undefined;
  const due = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const left = Math.round((due - now) / DAY_MS);
  if (left < 0) return { state: 'expired', days: -left };
  return left <= warnDays ? { state: 'expiring', days: left } : undefined;
}
