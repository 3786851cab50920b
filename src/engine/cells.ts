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
