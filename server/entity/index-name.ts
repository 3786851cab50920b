/** Index names for entity tables (tables.ts, unique-together.ts). */
import crypto from 'node:crypto';

/** A Postgres identifier (max 63 bytes): long table/column pairs keep a hash suffix so names stay unique. */
export function indexName(...parts: string[]): string {
  const name = parts.join('_');
  if (name.length <= 63) return name;
  return `${name.slice(0, 52)}_${crypto.createHash('sha256').update(name).digest('hex').slice(0, 10)}`;
}
