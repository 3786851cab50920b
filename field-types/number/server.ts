/** `number` on the server: numeric(18,4); filters and spreadsheet cells read as numbers. */
import type { FieldTypeServer, FilterValue } from '../server-part.ts';
import { NUMBER_COLUMN_MAX } from './contract.ts';

/** A numeric filter (integer, number, money): a finite number within what the column holds. */
export function numericFilter(raw: string, max: number, whole = false): FilterValue {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || (whole && !Number.isInteger(n))) return { error: '的查询条件应为数字' };
  // Past what the column holds, PostgreSQL would fail the whole statement (22003).
  if (Math.abs(n) > max) return { error: '的查询条件超出范围' };
  return { value: n };
}

/** A spreadsheet's number (thousands separators allowed), or the text itself. */
export function numberFromText(text: string): unknown {
  const n = Number(text.replaceAll(',', ''));
  return Number.isFinite(n) ? n : text;
}

export const numberServer: FieldTypeServer = {
  column: () => 'numeric(18,4)',
  filterValue: (raw) => numericFilter(raw, NUMBER_COLUMN_MAX),
  sheet: { fromText: numberFromText },
};
