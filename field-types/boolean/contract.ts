/** `boolean`: yes or no, a switch in forms. */
import { defineFieldType } from '../contract.ts';

export const booleanType = defineFieldType({
  name: 'boolean',
  valueSchema: (_field, base) => ({ ...base, type: 'boolean' }),
});
