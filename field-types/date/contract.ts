/** `date`: a day, `YYYY-MM-DD` on the wire, stored as date. */
import dayjs from 'dayjs';
import type { FieldDef } from '../../src/contracts/entity.ts';
import { isDate } from '../../src/contracts/validation/formats.ts';
import { defineFieldType } from '../contract.ts';

/** A date-like type's own format message, only where the field sets none of its own (message, format, formatWhen). */
export function ownFormatMessage(field: FieldDef, keyword: string, text: string): string | undefined {
  return keyword === 'format' && !field.message && !field.formatWhen && !field.format ? text : undefined;
}

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A date-like value in `pattern`; anything dayjs cannot read is shown as it came. */
export function formatMoment(value: unknown, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return String(value);
  const moment = dayjs(value);
  return moment.isValid() ? moment.format(pattern) : String(value);
}

export function formatDate(value: unknown): string {
  return formatMoment(value, DATE_FORMAT);
}

export const dateType = defineFieldType({
  name: 'date',
  valueSchema: (_field, base) => ({ ...base, type: 'string', format: 'cn-date' }),
  formats: { 'cn-date': isDate },
  message: (field, keyword) => ownFormatMessage(field, keyword, `${field.label}应为日期（YYYY-MM-DD）`),
  text: formatDate,
  grid: { cell: 'date' },
});
