/**
 * Department rows as the department, department-role and user-link code reads and changes them (tables of
 * server/domains/system/departs/migrations.ts). Hierarchical codes (contract §6.6): three characters per level, a letter
 * and two digits — A01…A99, then B01…Z99 — so `A01A03` is the third child of the first root. Codes are unique
 * within a tenant and always chosen by the server; a department's descendants are exactly the codes that start
 * with its own.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SystemTables } from '../../db/schema.ts';
import { BusinessError } from '../../core/errors.ts';

export type DepartDb = Kysely<SystemTables> | Transaction<SystemTables>;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PER_LETTER = 99;
export const LEVEL_LENGTH = 3;

/** 1 → A01, 99 → A99, 100 → B01. */
export function encodeLevel(n: number): string {
  const letter = Math.floor((n - 1) / PER_LETTER);
  if (n < 1 || letter >= LETTERS.length) throw new BusinessError('同一上级下的部门数量已达上限');
  return `${LETTERS[letter]}${String(((n - 1) % PER_LETTER) + 1).padStart(2, '0')}`;
}

/** A01 → 1; anything that is not a level code → 0. */
export function decodeLevel(code: string): number {
  const match = /^([A-Z])(\d{2})$/.exec(code);
  if (!match || match[2] === '00') return 0;
  return LETTERS.indexOf(match[1]) * PER_LETTER + Number(match[2]);
}

/** The code after the highest one among the siblings. */
export function nextOrgCode(parentCode: string, siblingCodes: string[]): string {
  const highest = siblingCodes.reduce((max, code) => Math.max(max, decodeLevel(code.slice(parentCode.length))), 0);
  return `${parentCode}${encodeLevel(highest + 1)}`;
}

/**
 * The next free code for a new child of `parentCode` ('' for a root) in the tenant. Holds the tenant's code lock
 * until the transaction ends, so two adds at once never pick the same code.
 */
export async function allocateOrgCode(tx: DepartDb, tenantId: number, parentCode: string): Promise<string> {
  await sql`select pg_advisory_xact_lock(hashtext('sys_depart.org_code'), ${tenantId}::int)`.execute(tx);
  const rows = await tx
    .selectFrom('sys_depart')
    .select('org_code')
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`length(org_code) = ${parentCode.length + LEVEL_LENGTH}`)
    .where(sql<boolean>`left(org_code, ${parentCode.length}) = ${parentCode}`)
    .execute();
  return nextOrgCode(parentCode, rows.map((row) => row.org_code));
}

/** Re-codes a subtree (`oldCode` and below) under `newCode`, and the current department of its users. */
export async function moveSubtree(tx: DepartDb, tenantId: number, oldCode: string, newCode: string): Promise<void> {
  await sql`update sys_user u set org_code = ${newCode} || substr(u.org_code, ${oldCode.length + 1})
    where left(u.org_code, ${oldCode.length}) = ${oldCode}
      and exists (select 1 from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
                  where ud.user_id = u.id and d.tenant_id = ${tenantId})`.execute(tx);
  await sql`update sys_depart set org_code = ${newCode} || substr(org_code, ${oldCode.length + 1})
    where tenant_id = ${tenantId} and left(org_code, ${oldCode.length}) = ${oldCode}`.execute(tx);
}

/** One department of the tenant (any other id, including another tenant's, reads as not found). */
export async function departInTenant(db: DepartDb, tenantId: number, id: string) {
  if (!id) return undefined;
  return db.selectFrom('sys_depart').selectAll().where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
}

/** A live department of the tenant, or undefined. */
export async function liveDepart(db: DepartDb, tenantId: number, id: string): Promise<{ id: string; depart_name: string } | undefined> {
  if (!id) return undefined;
  return db.selectFrom('sys_depart').select(['id', 'depart_name']).where('id', '=', id).where('tenant_id', '=', tenantId).where('del_flag', '=', 0).executeTakeFirst();
}

/** A department role that is not the tenant's reads as not found. */
export const ROLE_NOT_FOUND = '部门角色不存在';

/** A department role of the tenant with its department. */
export async function departRole(db: DepartDb, tenantId: number, id: string): Promise<{ id: string; departId: string } | undefined> {
  if (!id) return undefined;
  const { rows } = await sql<{ id: string; departId: string }>`select id, depart_id as "departId" from sys_depart_role
    where id = ${id} and tenant_id = ${tenantId}`.execute(db);
  return rows[0];
}

/** Is `userId` a live member of the department (in the tenant)? */
export async function isMember(db: DepartDb, tenantId: number, departId: string, userId: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`select u.id from sys_user u join sys_user_depart ud on ud.user_id = u.id
    join sys_depart d on d.id = ud.dep_id
    where u.id = ${userId} and u.del_flag = 0 and ud.dep_id = ${departId} and d.tenant_id = ${tenantId}`.execute(db);
  return rows.length > 0;
}

/**
 * Brings `sys_user.depart_ids` (a copy JeecgBoot keeps on the user) and the user's current `org_code` in line with
 * `sys_user_depart` after links changed: a current department the user left falls back to their first one.
 */
export async function syncUserDepartments(db: DepartDb, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await sql`update sys_user u set
      depart_ids = (select string_agg(ud.dep_id, ',' order by ud.dep_id) from sys_user_depart ud where ud.user_id = u.id),
      org_code = case
        when exists (select 1 from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
                     where ud.user_id = u.id and d.org_code = u.org_code) then u.org_code
        else (select d.org_code from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
              where ud.user_id = u.id order by d.depart_order, d.org_code limit 1)
      end
    where u.id in (${sql.join(userIds)})`.execute(db);
}

/** Request values: `a,b,c` (or an array) → distinct non-empty ids. */
export function idList(value: unknown): string[] {
  const text = (item: unknown) => (typeof item === 'string' ? item.trim() : typeof item === 'number' ? String(item) : '');
  const parts = Array.isArray(value) ? value.map(text) : text(value).split(',');
  return [...new Set(parts.map((s) => s.trim()).filter(Boolean))];
}

/** A request body as an object (anything else reads as empty). */
export function bodyOf(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}
