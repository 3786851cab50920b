/** `boolean`: yes or no, a switch in forms. */
import { defineFieldType } from '../contract.ts';

export const booleanType = defineFieldType({
  name: 'boolean',
  valueSchema: (_field, base) => ({ ...base, type: 'boolean' }),
  grid: { cell: 'checkbox', wireValue: (text) => text === 'true' || text === '1' || text === 'Y' },
});
