/** `boolean`: yes or no, a switch in forms. */
import { defineFieldType } from '../contract.ts';

/** 是/否 as JeecgBoot lists say it; the wire's spellings of true (true, 1, Y) read as 是. */
export function formatBoolean(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return value === true || value === 'true' || value === 1 || value === '1' || value === 'Y' ? '是' : '否';
}

export const booleanType = defineFieldType({
  name: 'boolean',
  valueSchema: (_field, base) => ({ ...base, type: 'boolean' }),
  text: formatBoolean,
  grid: { cell: 'checkbox', wireValue: (text) => text === 'true' || text === '1' || text === 'Y' },
});
