/** `money`: an amount with two decimals, not negative unless `minimum` says so, stored as numeric(14,2). */
import { defineFieldType } from '../contract.ts';
import { numericWireValue } from '../number/contract.ts';

declare module '../../src/contracts/entity.ts' {
  interface FieldDef {
    /**
     * money fields: an import column headed by the property name (an outside system's export) holds whole fen,
     * converted exactly to yuan; a column headed by the label (our own export) holds yuan.
     */
    importFen?: boolean;
  }
}

/** The largest amount numeric(14,2) holds: the maximum defaults to it, so no value overflows in SQL. */
export const MONEY_COLUMN_MAX = 999_999_999_999.99;

export const moneyType = defineFieldType({
  name: 'money',
  valueSchema: (field, base) => ({ ...base, type: 'number', minimum: field.minimum ?? 0, maximum: field.maximum ?? MONEY_COLUMN_MAX, multipleOf: 0.01 }),
  // Line items' amounts add up in the grid's footer.
  grid: { cell: 'inputNumber', wireValue: numericWireValue, statistics: ['sum'] },
});
