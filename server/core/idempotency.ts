/**
 * Idempotency keys for money-moving writes (header `Idempotency-Key`, one per form opening in the web app). The
 * write's own transaction first claims the key (tenant, key); its answer is stored in the same transaction, so a
 * failed write leaves no claim behind and a committed one leaves exactly one. A repeat of the same request (same
 * user, same endpoint and body) gets the stored answer without writing again — also when it arrives while the first
 * is still running: PostgreSQL holds the second claim until the first commits. The same key on a different request
 * is refused.
 */
import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Result } from '../../src/contracts/envelope.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../src/contracts/idempotency.ts';
import type { SystemTables } from '../db/schema.ts';
import type { Caller } from '../context.ts';
import { BusinessError } from './errors.ts';

export const MISSING_KEY_MESSAGE = `缺少幂等键（${IDEMPOTENCY_HEADER}），请刷新页面后重新提交`;
export const KEY_REUSED_MESSAGE = '该幂等键已用于另一笔提交，请刷新页面后重新提交';

/** The request's key, refused when absent or malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  const key = typeof raw === 'string' ? raw.trim() : '';
  if (!key) throw new BusinessError(MISSING_KEY_MESSAGE);
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new BusinessError(`${IDEMPOTENCY_HEADER} 须为8到64位字母、数字、- 或 _`);
  return key;
}

/** Endpoint and body as one hash: the same key may only ever answer the same request. */
function fingerprintOf(endpoint: string, body: unknown): string {
  return crypto.createHash('sha256').update(endpoint).update('\u0000').update(JSON.stringify(body ?? null)).digest('hex');
}

/**
 * Runs `write` once per key: inside one transaction that claims the key, runs the write and stores its answer.
 * A repeat returns the stored answer. `write` throws to refuse; then nothing, not even the claim, is kept.
 */
export async function oncePerKey<T>(
  db: Kysely<SystemTables>,
  caller: Caller,
  key: string,
  request: { endpoint: string; body: unknown },
  write: (tx: Transaction<SystemTables>) => Promise<Result<T>>,
): Promise<Result<T>> {
  const fingerprint = fingerprintOf(request.endpoint, request.body);
  return db.transaction().execute(async (tx) => {
    const claimed = await sql<{ idem_key: string }>`insert into sys_idempotency_key (tenant_id, idem_key, user_id, fingerprint)
      values (${caller.tenantId}, ${key}, ${caller.userId}, ${fingerprint}) on conflict do nothing returning idem_key`.execute(tx);
    if (claimed.rows.length === 0) {
      // Claimed by a committed request (a running one made the insert above wait for it).
      const found = await sql<{ user_id: string; fingerprint: string; result: Result<T> | string | null }>`select user_id, fingerprint, result
        from sys_idempotency_key where tenant_id = ${caller.tenantId} and idem_key = ${key}`.execute(tx);
      const earlier = found.rows[0];
      if (!earlier || earlier.user_id !== caller.userId || earlier.fingerprint !== fingerprint || earlier.result === null) {
        throw new BusinessError(KEY_REUSED_MESSAGE);
      }
      return typeof earlier.result === 'string' ? (JSON.parse(earlier.result) as Result<T>) : earlier.result;
    }
    const answer = await write(tx);
    await sql`update sys_idempotency_key set result = ${JSON.stringify(answer)}::jsonb
      where tenant_id = ${caller.tenantId} and idem_key = ${key}`.execute(tx);
    return answer;
  });
}

/**
 * A write's transaction, claiming `key` first when there is one (oncePerKey), else a plain transaction: what the
 * engine's add runs for entities whose adds take keys (schema `idempotencyKey`) and for all others.
 */
export function inWriteTransaction<T>(
  db: Kysely<SystemTables>,
  caller: Caller,
  key: string | undefined,
  request: { endpoint: string; body: unknown },
  write: (tx: Transaction<SystemTables>) => Promise<Result<T>>,
): Promise<Result<T>> {
  return key === undefined ? db.transaction().execute(write) : oncePerKey(db, caller, key, request, write);
}
