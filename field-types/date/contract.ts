/** `date`: a day, `YYYY-MM-DD` on the wire, stored as date. */
import type { FieldDef } from '../../src/contracts/entity.ts';
import { isDate } from '../../src/contracts/validation/formats.ts';
import { defineFieldType } from '../contract.ts';

/** A date-like type's own format message, only where the field sets none of its own (message, format, formatWhen). */
export function ownFormatMessage(field: FieldDef, keyword: string, text: string): string | undefined {
  return keyword === 'format' && !field.message && !field.formatWhen && !field.format ? text : undefined;
}

export const dateType = defineFieldType({
  name: 'date',
  valueSchema: (_field, base) => ({ ...base, type: 'string', format: 'cn-date' }),
  formats: { 'cn-date': isDate },
  message: (field, keyword) => ownFormatMessage(field, keyword, `${field.label}应为日期（YYYY-MM-DD）`),
  grid: { cell: 'date' },
});
