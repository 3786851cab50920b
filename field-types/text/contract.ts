/** `text`: long text, typed in a textarea; the same rules as `string` with a longer default. */
import { defineFieldType } from '../contract.ts';
import { typedTextSchema } from '../string/contract.ts';

export const DEFAULT_TEXT_MAX = 2000;

export const textType = defineFieldType({
  name: 'text',
  valueSchema: (field, base) => typedTextSchema(field, base, DEFAULT_TEXT_MAX),
  grid: { cell: 'textarea', width: 240 },
});
