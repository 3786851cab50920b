/**
 * Opaque random session tokens. Only a SHA-256 of the token is stored, so a database leak yields no usable
 * token. Sessions last 7 days from login and end on logout, password change or freeze.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { grantedPermissionIds } from './role-grants.ts';
import { grantsCacheOf } from './grants-cache.ts';

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
  /** The user's tenants that are frozen or outside their dates today (comma ids); see server/domains/system/tenants.ts. */
  blockedTenantIds?: string | null;
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
/** A data rule granted to the caller on some menu page (see server/entity/data-rules.ts). */
export interface GrantedDataRule {
  id: string;
  permission_id: string;
  rule_column: string | null;
  rule_conditions: string;
  rule_value: string | null;
}

/** The session's user with everything the guard needs, read in one statement (no extra round trips per request). */
export interface SessionGrants extends SessionUser {
  permissionCodes: Set<string>;
  dataRules: GrantedDataRule[];
  /** When the session ends (epoch ms): a cached answer is never used past it (grants-cache.ts). */
  expiresAtMs?: number;
}

function sessionQuery(db: Kysely<SystemTables>, tokenHash: string) {
  return db
    .selectFrom('sys_session as s')
    .innerJoin('sys_user as u', 'u.id', 's.user_id')
    .select([
      'u.id as userId', 'u.username', 'u.realname', 'u.user_type as userType', 'u.org_code as orgCode',
      'u.customer_id as customerId', 'u.rel_tenant_ids as relTenantIds', 'u.must_change_password as mustChangePassword',
      sql<boolean>`s.last_seen_at < now() - interval '5 minutes'`.as('stale'),
      // Frozen or expired tenants among the user's (grant-functions.ts keeps the plan).
      sql<string | null>`app_blocked_tenants(u.rel_tenant_ids)`.as('blockedTenantIds'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where(sql<boolean>`s.expires_at > now()`)
    .where('u.status', '=', 1)
    .where('u.del_flag', '=', 0);
}

async function touch(db: Kysely<SystemTables>, tokenHash: string, stale: boolean): Promise<void> {
  // Touch at most every five minutes: an audit trail without a write per request.
  if (stale) await db.updateTable('sys_session').set({ last_seen_at: sql<string>`now()` }).where('token_hash', '=', tokenHash).execute();
}

export async function findSession(db: Kysely<SystemTables>, token: string): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const row = await sessionQuery(db, tokenHash).executeTakeFirst();
  if (!row) return null;
  await touch(db, tokenHash, row.stale);
  const { stale: _stale, ...user } = row;
  return { tokenHash, ...user };
}

/**
 * The session's user plus their button permission codes and granted data rules, in one statement: the same
 * answers loadPermissionCodes and loadCallerRules give, read at the start of the request.
 */
export async function findSessionGrants(db: Kysely<SystemTables>, token: string): Promise<SessionGrants | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  // Shared by every request of the session until a change is announced (grants-cache.ts): never mutate it.
  return grantsCacheOf(db).get(tokenHash, () => readSessionGrants(db, tokenHash));
}

async function readSessionGrants(db: Kysely<SystemTables>, tokenHash: string): Promise<SessionGrants | null> {
  const row = await sessionQuery(db, tokenHash)
    .select([
      // PL/pgSQL functions (grant-functions.ts): their plans are reused, this statement stays cheap to plan.
      sql<string | null>`app_user_permission_codes(u.id)`.as('perms'),
      sql<GrantedDataRule[] | string | null>`app_user_data_rules(u.id)`.as('rules'),
      sql<number>`(extract(epoch from s.expires_at) * 1000)::float8`.as('expiresAtMs'),
    ])
    .executeTakeFirst();
  if (!row) return null;
  await touch(db, tokenHash, row.stale);
  const { stale: _stale, perms, rules, ...user } = row;
  const permissionCodes = new Set<string>();
  for (const code of (perms ?? '').split(',')) if (code.trim()) permissionCodes.add(code.trim());
  const dataRules = (typeof rules === 'string' ? (JSON.parse(rules) as GrantedDataRule[]) : rules) ?? [];
  return { tokenHash, ...user, permissionCodes, dataRules };
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
  // Remembered browsers would otherwise sign straight back in with the old credentials' blessing.
  await db.deleteFrom('sys_remember_token').where('user_id', '=', userId).execute();
}

/** Permission codes (button rows, menu_type 2) granted to a user through roles. */
export async function loadPermissionCodes(db: Kysely<SystemTables>, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sys_permission as p')
    .select('p.perms')
    .distinct()
    .where(sql<boolean>`p.id in (${grantedPermissionIds(sql`${userId}`)})`)
    .where('p.menu_type', '=', 2)
    .where('p.status', '=', '1')
    .where('p.del_flag', '=', 0)
    .execute();
  const codes = new Set<string>();
  for (const row of rows) for (const code of (row.perms ?? '').split(',')) if (code.trim()) codes.add(code.trim());
  return codes;
}
