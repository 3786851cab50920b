/** `password` on the server: stored as a scrypt hash (the contract marks it secret: never sent back). */
import { hashPassword } from '../../server/auth/passwords.ts';
import type { FieldTypeServer } from '../server-part.ts';

export const passwordServer: FieldTypeServer = {
  // Holds the scrypt hash, not the typed password, so the declared maxLength does not size it.
  column: () => 'varchar(255)',
  beforeStore: async (value) => (typeof value === 'string' ? hashPassword(value) : value),
};
