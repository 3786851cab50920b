/** `number`: a decimal, stored as numeric(18,4). */
import { defineFieldType } from '../contract.ts';

/** The largest magnitude numeric(18,4) holds: bounds default to it, so no value overflows in SQL. */
export const NUMBER_COLUMN_MAX = 99_999_999_999_999;

/** A grid cell's text as a number when it reads as one; other text goes as typed, for the check to refuse. */
export function numericWireValue(text: string): unknown {
  return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
}

export const numberType = defineFieldType({
  name: 'number',
  valueSchema: (field, base) => ({ ...base, type: 'number', minimum: field.minimum ?? -NUMBER_COLUMN_MAX, maximum: field.maximum ?? NUMBER_COLUMN_MAX }),
  grid: { cell: 'inputNumber', wireValue: numericWireValue },
});
