/** `text` on the server: varchar(maxLength, default 2000), compared as text as it is. */
import type { FieldTypeServer } from '../server-part.ts';
import { DEFAULT_TEXT_MAX } from './contract.ts';

export const textServer: FieldTypeServer = {
  column: (field) => `varchar(${Math.floor(field.maxLength ?? DEFAULT_TEXT_MAX)})`,
  textColumn: true,
};
