/** `money`: an amount with two decimals, not negative unless `minimum` says so, stored as numeric(14,2). */
import { defineFieldType } from '../contract.ts';
import { numericWireValue } from '../number/contract.ts';

/** The largest amount numeric(14,2) holds: the maximum defaults to it, so no value overflows in SQL. */
export const MONEY_COLUMN_MAX = 999_999_999_999.99;

/** 1234567.5 → "1,234,567.50"; anything that is not a number is shown as it came. */
export function formatMoney(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n)) return String(value);
  const [whole, cents] = Math.abs(n).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // -0.001 rounds to 0.00, which has no sign.
  const negative = n < 0 && Number(`${whole}.${cents}`) !== 0;
  return `${negative ? '-' : ''}${grouped}.${cents}`;
}

export const moneyType = defineFieldType({
  name: 'money',
  valueSchema: (field, base) => ({ ...base, type: 'number', minimum: field.minimum ?? 0, maximum: field.maximum ?? MONEY_COLUMN_MAX, multipleOf: 0.01 }),
  // Line items' amounts add up in the grid's footer.
  text: formatMoney,
  grid: { cell: 'inputNumber', wireValue: numericWireValue, statistics: ['sum'] },
});
