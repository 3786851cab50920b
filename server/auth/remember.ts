/**
 * Remember-me (`remember_me` on login, `GET /sys/remember/{value}` in remember-routes.ts). A remembered browser holds a random value
 * whose SHA-256 is stored for 30 days; presenting it signs in once and hands back a fresh value (rotation), so a
 * copied value stops working as soon as either party uses it. Password changes, resets and logout drop them.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { LoginResult } from '../../src/contracts/menu.ts';
import type { Result } from '../../src/contracts/envelope.ts';
import type { AppContext } from '../context.ts';
import type { SystemTables } from '../db/schema.ts';
import { hashToken } from './sessions.ts';

export const REMEMBER_DAYS = 30;

export async function issueRememberToken(db: Kysely<SystemTables>, userId: string): Promise<string> {
  const value = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('sys_remember_token')
    .values({ token_hash: hashToken(value), user_id: userId, expires_at: sql<string>`now() + make_interval(days => ${REMEMBER_DAYS})` as unknown as string })
    .execute();
  return value;
}

/** Uses up a remembered value: the user it belonged to, or null when it is unknown or expired. */
export async function consumeRememberToken(db: Kysely<SystemTables>, value: string): Promise<string | null> {
  if (!value || value.length > 200) return null;
  const row = await db
    .deleteFrom('sys_remember_token')
    .where('token_hash', '=', hashToken(value))
    .returning(['user_id', sql<boolean>`expires_at > now()`.as('live')])
    .executeTakeFirst();
  return row?.live ? row.user_id : null;
}

export async function forgetRememberToken(db: Kysely<SystemTables>, value: string): Promise<void> {
  if (value && value.length <= 200) await db.deleteFrom('sys_remember_token').where('token_hash', '=', hashToken(value)).execute();
}

/** Whether a login body asked to be remembered (JeecgBoot sends `remember_me` as a boolean). */
export function wantsRemember(body: unknown): boolean {
  const flag = (body as { remember_me?: unknown } | null)?.remember_me;
  return flag === true || flag === 'true' || flag === 1 || flag === '1';
}

/** Adds `rememberToken` to a successful (code 200) login answer; other answers pass through untouched. */
export async function attachRememberToken(ctx: AppContext, answer: Result<unknown>): Promise<Result<unknown>> {
  if (answer.code !== 200 || !answer.success) return answer;
  const result = answer.result as LoginResult;
  const rememberToken = await issueRememberToken(ctx.db, result.userInfo.id);
  return { ...answer, result: { ...result, rememberToken } };
}
