/** `number`: a decimal, stored as numeric(18,4). */
import { defineFieldType } from '../contract.ts';

/** The largest magnitude numeric(18,4) holds: bounds default to it, so no value overflows in SQL. */
export const NUMBER_COLUMN_MAX = 99_999_999_999_999;

export const numberType = defineFieldType({
  name: 'number',
  valueSchema: (field, base) => ({ ...base, type: 'number', minimum: field.minimum ?? -NUMBER_COLUMN_MAX, maximum: field.maximum ?? NUMBER_COLUMN_MAX }),
});
