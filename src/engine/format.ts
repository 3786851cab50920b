/**
 * How a field's value reads on screen, by field type (JeecgBoot's list rules): money with two decimals and
 * thousands separators, datetimes as YYYY-MM-DD HH:mm:ss, dates as YYYY-MM-DD, booleans as 是/否. Pure functions,
 * shared by the list, detail and grid renderers; cutting long text to a cell is `ellipsis`, kept apart so a detail
 * view can show the whole value.
 */
import dayjs from 'dayjs';
import type { FieldDef } from '../contracts/index.ts';
import { moneyLabel } from '../contracts/money.ts';

export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';
/** List cells cut text after this many characters and show the whole text in a tooltip. */
export const TEXT_ELLIPSIS_CHARS = 25;
/** List cells cut file names after this many characters. */
export const FILE_NAME_ELLIPSIS_CHARS = 5;
const ELLIPSIS_MARK = '…';

/** 1234567.5 → "1,234,567.50"; anything that is not a number is shown as it came (contracts/money.ts). */
export function formatMoney(value: unknown): string {
  return moneyLabel(value);
}

function formatMoment(value: unknown, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return String(value);
  const moment = dayjs(value);
  return moment.isValid() ? moment.format(pattern) : String(value);
}

export function formatDateTime(value: unknown): string {
  return formatMoment(value, DATETIME_FORMAT);
}

export function formatDate(value: unknown): string {
  return formatMoment(value, DATE_FORMAT);
}

export function formatBoolean(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return value === true || value === 'true' || value === 1 || value === '1' || value === 'Y' ? '是' : '否';
}

/** Any other value as text; objects as JSON rather than "[object Object]". */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A formatter per field type; types without one read as plain text. Other types may add theirs. */
export const TYPE_FORMATTERS: Partial<Record<string, (value: unknown) => string>> = {
  money: formatMoney,
  datetime: formatDateTime,
  date: formatDate,
  boolean: formatBoolean,
};

/** The whole value as text for a field (no dictionary translation and no masking: see engine/cells.ts). */
export function formatValue(def: Pick<FieldDef, 'type'> | undefined, value: unknown): string {
  if (typeof value === 'boolean' && !def) return formatBoolean(value);
  const formatter = def ? TYPE_FORMATTERS[def.type] : undefined;
  return formatter ? formatter(value) : plainText(value);
}

export interface Shortened {
  text: string;
  /** Set only when something was cut: the whole text, for a tooltip. */
  full?: string;
}

/** Cuts `text` after `max` characters (whole characters, never half a surrogate pair) and marks the cut. */
export function ellipsis(text: string, max: number): Shortened {
  const chars = Array.from(text);
  if (chars.length <= max) return { text };
  return { text: chars.slice(0, max).join('') + ELLIPSIS_MARK, full: text };
}
