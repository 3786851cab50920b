/**
 * Encryption at rest for `secret` fields (field-types/secret): AES-256-GCM with a 256-bit key from env SECRET_KEY
 * (64 hex characters or 44 base64 characters), else from `<DATA_DIR>/secret.key`, generated once (mode 0600) on
 * first use. Losing the key file loses the stored secrets (they must be typed in again), so back it up with the data.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PREFIX = 'enc:v1:';
let cached: Buffer | undefined;

function keyFromText(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes (64 hex or 44 base64 characters)');
  return key;
}

/** The key: SECRET_KEY, else the data directory's key file (made once). */
export function secretKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  if (cached) return cached;
  if (env.SECRET_KEY) return (cached = keyFromText(env.SECRET_KEY));
  // The data directory as server/config.ts reads it (core may not import config): DATA_DIR, else <repo>/data.
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const file = path.join(path.resolve(env.DATA_DIR ?? path.join(root, 'data')), 'secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // 'wx': two processes starting at once — the second fails to create and reads the first one's key.
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return (cached = keyFromText(fs.readFileSync(file, 'utf8')));
}

/** Whether a stored value is ciphertext of this box. */
export const isSealed = (value: string): boolean => value.startsWith(PREFIX);

export function sealSecret(clear: string, key: Buffer = secretKey()): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${data.toString('base64')}`;
}

/** The clear text of a sealed value (throws when the key is not the one it was sealed with). */
export function openSecret(sealed: string, key: Buffer = secretKey()): string {
  if (!isSealed(sealed)) throw new Error('not a sealed secret');
  const [iv, tag, data] = sealed.slice(PREFIX.length).split(':');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
