/**
 * `secret` on the server: AES-256-GCM at rest (server/core/secret-box.ts), as `enc:v1:<iv>:<tag>:<ciphertext>`
 * base64 text. The contract marks it secret, so lists, queryById, export and reports never send it back; server code
 * that needs the clear value (a bank adapter) calls openSecret.
 */
import { sealSecret } from '../../server/core/secret-box.ts';
import type { FieldTypeServer } from '../server-part.ts';

export const secretServer: FieldTypeServer = {
  // Ciphertext is longer than the typed value (iv, tag, base64), so the declared maxLength does not size it.
  column: () => 'varchar(1024)',
  beforeStore: async (value) => (typeof value === 'string' && value !== '' ? sealSecret(value) : value),
};
