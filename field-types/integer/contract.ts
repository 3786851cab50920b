/** `integer`: a whole number, stored as integer. */
import { defineFieldType } from '../contract.ts';
import { numericWireValue } from '../number/contract.ts';

/** The largest magnitude the column holds: bounds default to it, so no value overflows in SQL. */
export const INTEGER_COLUMN_MAX = 2_147_483_647;

export const integerType = defineFieldType({
  name: 'integer',
  valueSchema: (field, base) => ({ ...base, type: 'integer', minimum: field.minimum ?? -INTEGER_COLUMN_MAX, maximum: field.maximum ?? INTEGER_COLUMN_MAX }),
  grid: { cell: 'inputNumber', wireValue: numericWireValue },
});
