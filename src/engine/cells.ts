/** What a list cell shows for one field of one record, as plain text (whole: cutting to the cell is the renderer's). */
import type { EntitySchema, FieldDef, WireRecord } from '../contracts/index.ts';
import { fieldDef } from './fields.ts';
import { formatBoolean, formatValue } from './format.ts';
import { maskValue } from './masking.ts';

export type DictLookup = (code: string, value: unknown) => string | undefined;

export function cellText(entity: EntitySchema, field: string, record: WireRecord, lookup: DictLookup): string {
  const value = record[field];
  const def = fieldDef(entity, field);
  if (def?.dict) {
    // The server's translation wins; the local dictionary covers records that came without one.
    const translated = record[`${field}_dictText`];
    if (typeof translated === 'string' && translated !== '') return translated;
    if (value === null || value === undefined || value === '') return '';
    return lookup(def.dict, value) ?? String(value);
  }
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return formatBoolean(value);
  const text = formatValue(def, value);
  return def?.mask && text !== '' ? maskValue(def.mask, text) : text;
}

/** How a document's validity date stands against today (field option `expiryWarning`). */
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
