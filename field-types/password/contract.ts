/** `password`: typed in the form, stored as a scrypt hash by the server and never sent back. */
import { defineFieldType, NOT_BLANK } from '../contract.ts';

export const DEFAULT_PASSWORD_MAX = 64;

export const passwordType = defineFieldType({
  name: 'password',
  valueSchema: (field, base) => ({
    ...base,
    type: 'string',
    minLength: field.minLength ?? (field.required ? 1 : undefined),
    maxLength: field.maxLength ?? DEFAULT_PASSWORD_MAX,
    pattern: field.pattern ?? (field.required ? NOT_BLANK : undefined),
  }),
  secret: true,
  // A hash: never edited in a cell.
  grid: { inline: false },
});
