/** `richtext`: HTML, sanitised against an allow-list by the server before it is stored. */
import { defineFieldType } from '../contract.ts';

export const DEFAULT_RICHTEXT_MAX = 20000;

export const richtextType = defineFieldType({
  name: 'richtext',
  valueSchema: (field, base) => ({ ...base, type: 'string', minLength: field.required ? 1 : undefined, maxLength: field.maxLength ?? DEFAULT_RICHTEXT_MAX }),
  // HTML: edited in the form's editor only.
  grid: { inline: false },
});
