/**
 * `secret`: a credential the server itself must use later (a bank channel's API secret, an adapter's password) —
 * unlike `password`, which is a one-way hash. Stored encrypted (server.ts), never sent back nor filtered on; an edit
 * that leaves it blank keeps the stored value.
 */
import { defineFieldType } from '../contract.ts';

export const DEFAULT_SECRET_MAX = 512;

export const secretType = defineFieldType({
  name: 'secret',
  valueSchema: (field, base) => ({
    ...base,
    type: 'string',
    minLength: field.minLength ?? (field.required ? 1 : undefined),
    maxLength: field.maxLength ?? DEFAULT_SECRET_MAX,
    pattern: field.pattern,
  }),
  secret: true,
  grid: { inline: false },
});
