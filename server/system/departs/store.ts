/** Helpers shared by the department and tenant endpoints (columns of migration 0120 are typed in db/schema.ts). */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SystemTables } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import type { EntityRuntime } from '../../entity/registry.ts';
import type { QueryParams } from '../../entity/query.ts';

export type DepartDb = Kysely<SystemTables> | Transaction<SystemTables>;

export function entityNamed(ctx: AppContext, name: string): EntityRuntime {
  const entity = ctx.entities.find((e) => e.schema.name === name);
  if (!entity) throw new Error(`schemas/entities/system: entity ${name} is missing`);
  return entity;
}

/**
 * List parameters without the properties that have no column (computed `hasChild`, `sysOrgCode` which these
 * system tables do not carry), so buildFilters never names a missing column.
 */
export function storedParams(params: QueryParams, unstored: readonly string[]): QueryParams {
  const out: QueryParams = {};
  for (const [key, value] of Object.entries(params)) {
    const base = key.replace(/_(begin|end|MultiString)$/, '');
    if (unstored.includes(base)) continue;
    out[key] = value;
  }
  const superQuery = typeof out.superQueryParams === 'string' ? out.superQueryParams : undefined;
  if (superQuery) {
    try {
      const parsed: unknown = JSON.parse(decodeURIComponent(superQuery));
      if (Array.isArray(parsed)) {
        const kept = parsed.filter((item: unknown) => !unstored.includes(String((item as { field?: unknown } | null)?.field ?? '')));
        out.superQueryParams = JSON.stringify(kept);
      }
    } catch {
      // Malformed: buildFilters reports it with its own message.
    }
  }
  return out;
}

export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** `a,b,c` (or an array) → distinct non-empty ids. */
export function idList(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(text) : text(value).split(',');
  return [...new Set(parts.map((s) => s.trim()).filter(Boolean))];
}

export function bodyOf(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A request confirmed a destructive step (`confirm=true` in the query string or body). */
export function confirmed(query: unknown, body: unknown): boolean {
  const pick = (source: unknown) => (source && typeof source === 'object' ? (source as Record<string, unknown>).confirm : undefined);
  const value = pick(query) ?? pick(body);
  return value === true || value === 'true' || value === '1';
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
