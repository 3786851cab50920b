/** `tags` on the server: varchar(maxLength, default 500). */
import type { FieldTypeServer } from '../server-part.ts';
import { DEFAULT_TAGS_MAX } from './contract.ts';

export const tagsServer: FieldTypeServer = {
  column: (field) => `varchar(${Math.floor(field.maxLength ?? DEFAULT_TAGS_MAX)})`,
};
