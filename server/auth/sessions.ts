/**
 * Opaque random session tokens. Only a SHA-256 of the token is stored, so a database leak yields no usable
 * token. Sessions last 7 days from login and end on logout, password change or freeze.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';

export const SESSION_DAYS = 7;

export interface SessionUser {
  tokenHash: string;
  userId: string;
  username: string;
  realname: string;
  userType: number;
  orgCode: string | null;
  customerId: string | null;
  relTenantIds: string | null;
  mustChangePassword: boolean;
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Kysely<SystemTables>, userId: string, ip: string | null): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('sys_session')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      ip,
      expires_at: sql<string>`now() + make_interval(days => ${SESSION_DAYS})` as unknown as string,
    })
    .execute();
  return token;
}

/** The live session behind a token, or null when it is unknown, expired, revoked, or its user is not active. */
export async function findSession(db: Kysely<SystemTables>, token: string): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sys_session as s')
    .innerJoin('sys_user as u', 'u.id', 's.user_id')
    .select([
      'u.id as userId', 'u.username', 'u.realname', 'u.user_type as userType', 'u.org_code as orgCode',
      'u.customer_id as customerId', 'u.rel_tenant_ids as relTenantIds', 'u.must_change_password as mustChangePassword',
      sql<boolean>`s.last_seen_at < now() - interval '5 minutes'`.as('stale'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where(sql<boolean>`s.expires_at > now()`)
    .where('u.status', '=', 1)
    .where('u.del_flag', '=', 0)
    .executeTakeFirst();
  if (!row) return null;
  if (row.stale) {
    // Touch at most every five minutes: an audit trail without a write per request.
    await db.updateTable('sys_session').set({ last_seen_at: sql<string>`now()` }).where('token_hash', '=', tokenHash).execute();
  }
  const { stale: _stale, ...user } = row;
  return { tokenHash, ...user };
}

export async function revokeSession(db: Kysely<SystemTables>, tokenHash: string): Promise<boolean> {
  const result = await db
    .updateTable('sys_session')
    .set({ revoked_at: sql<string>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends every session of a user, optionally keeping one (the caller's own, after a password change). */
export async function revokeUserSessions(db: Kysely<SystemTables>, userId: string, exceptHash?: string): Promise<void> {
  let query = db
    .updateTable('sys_session')
    .set({ revoked_at: sql<string>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptHash) query = query.where('token_hash', '<>', exceptHash);
  await query.execute();
}

/** Permission codes (button rows, menu_type 2) granted to a user through roles. */
export async function loadPermissionCodes(db: Kysely<SystemTables>, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sys_permission as p')
    .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .select('p.perms')
    .distinct()
    .where('ur.user_id', '=', userId)
    .where('p.menu_type', '=', 2)
    .where('p.status', '=', '1')
    .where('p.del_flag', '=', 0)
    .execute();
  const codes = new Set<string>();
  for (const row of rows) for (const code of (row.perms ?? '').split(',')) if (code.trim()) codes.add(code.trim());
  return codes;
}
