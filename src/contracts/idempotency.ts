/**
 * Idempotency keys (server/core/idempotency.ts): an entity with `idempotencyKey: true` takes one on every add, sent
 * as this header; the web form makes one per opening, so a double click or a retry after a lost answer writes once.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A fresh key: 32 hex characters from the platform's random source (also where randomUUID is missing, over http). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
