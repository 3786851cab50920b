/** HMAC-signed download URLs: the key is generated once per installation and kept in the database. */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';

export const SIGNED_URL_SECONDS = 600;
const KEY_ROW = 'url-signing-key';

export function signatureFor(key: Buffer, path: string, expires: number): string {
  return crypto.createHmac('sha256', key).update(`${path}\n${expires}`).digest('base64url');
}

/** The installation's signing key, created on first use; every server process of one database shares it. */
export async function loadSigningKey(db: Kysely<SystemTables>): Promise<Buffer> {
  await db
    .insertInto('hy_setting')
    .values({ id: KEY_ROW, value: JSON.stringify({ key: crypto.randomBytes(32).toString('hex') }) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('hy_setting').select('value').where('id', '=', KEY_ROW).executeTakeFirstOrThrow();
  return Buffer.from(String((row.value as { key?: unknown }).key), 'hex');
}
