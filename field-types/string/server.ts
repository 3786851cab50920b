/** `string` on the server: varchar(maxLength), compared as text as it is. */
import type { FieldTypeServer } from '../server-part.ts';
import { DEFAULT_STRING_MAX } from './contract.ts';

export const stringServer: FieldTypeServer = {
  column: (field) => `varchar(${Math.floor(field.maxLength ?? DEFAULT_STRING_MAX)})`,
  textColumn: true,
};
