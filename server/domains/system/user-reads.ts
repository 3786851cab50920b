/**
 * What the user screens read beyond sys_user's own columns: each user's roles and departments in the caller's
 * tenant (the form's `selectedroles`/`selecteddeparts`, the list's 部门 and the export's 角色/所属部门 texts), and the
 * users of the tenant an endpoint beyond CRUD names by id.
 */
import { sql } from 'kysely';
import type { WireRecord } from '../../../src/contracts/envelope.ts';
import type { AppContext } from '../../context.ts';
import { BusinessError } from '../../core/errors.ts';
import { inTenant } from '../../../field-types/user/server.ts';

type Db = AppContext['db'];

/** Users in one department of the tenant (JeecgBoot's `departId` list filter, queryUserByDepId). */
export const inDepartment = (departId: string, tenantId: number) =>
  sql`exists (select 1 from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
    where ud.user_id = sys_user.id and ud.dep_id = ${departId} and d.tenant_id = ${tenantId})`;

/** JeecgBoot's reserved account for external callers: never shown nor changed by the user screens. */
export const RESERVED_USER = '_reserve_user_external';
export const NOT_FOUND = '未找到对应用户';

interface Linked {
  id: string;
  name: string;
  orgCode?: string;
}

function byUser<T extends { user_id: string }>(rows: T[], linked: (row: T) => Linked): Map<string, Linked[]> {
  const out = new Map<string, Linked[]>();
  for (const row of rows) out.set(row.user_id, [...(out.get(row.user_id) ?? []), linked(row)]);
  return out;
}

/** Per user, their roles of the tenant, by name. */
export async function rolesOf(db: Db, tenantId: number, userIds: string[]): Promise<Map<string, Linked[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('sys_user_role as ur').innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id', 'r.id', 'r.role_name']).where('ur.user_id', 'in', userIds).where('r.tenant_id', '=', tenantId)
    .orderBy('r.role_name').orderBy('r.id').execute();
  return byUser(rows, (row) => ({ id: row.id, name: row.role_name }));
}

/** Per user, their live departments of the tenant, in the departments' order. */
export async function departsOf(db: Db, tenantId: number, userIds: string[]): Promise<Map<string, Linked[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('sys_user_depart as ud').innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
    .select(['ud.user_id', 'd.id', 'd.depart_name', 'd.org_code']).where('ud.user_id', 'in', userIds)
    .where('d.tenant_id', '=', tenantId).where('d.del_flag', '=', 0).orderBy('d.depart_order').orderBy('d.org_code').execute();
  return byUser(rows, (row) => ({ id: row.id, name: row.depart_name, orgCode: row.org_code }));
}

const ids = (linked: Linked[] | undefined) => (linked ?? []).map((l) => l.id).join(',');
const names = (linked: Linked[] | undefined) => (linked ?? []).map((l) => l.name).join(',');

/**
 * Users as the screens show them: `orgCodeTxt` (department names) always; with `links`, the form's selectedroles and
 * selecteddeparts (comma-joined ids) with their names as `_dictText` (the export's 角色 and 所属部门 columns).
 */
export async function presentUsers(db: Db, tenantId: number, rows: WireRecord[], links: boolean): Promise<WireRecord[]> {
  const userIds = rows.map((row) => String(row.id));
  const departs = await departsOf(db, tenantId, userIds);
  const roles = links ? await rolesOf(db, tenantId, userIds) : new Map<string, Linked[]>();
  return rows.map((row) => {
    const id = String(row.id);
    const shown: WireRecord = { ...row, orgCodeTxt: names(departs.get(id)) };
    if (!links) return shown;
    return {
      ...shown,
      selectedroles: ids(roles.get(id)),
      selectedroles_dictText: names(roles.get(id)),
      selecteddeparts: ids(departs.get(id)),
      selecteddeparts_dictText: names(departs.get(id)),
    };
  });
}

export interface UserRow {
  id: string;
  username: string;
  status: number;
  phone: string | null;
}

/** Users of the tenant among `ids` (live, or deleted ones for the recycle bin), never the reserved one. */
export async function usersOf(db: Db, tenantId: number, ids: string[], deleted = false): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('sys_user').select(['id', 'username', 'status', 'phone']).where('id', 'in', ids)
    .where('del_flag', '=', deleted ? 1 : 0).where(inTenant(tenantId)).where('username', '<>', RESERVED_USER).execute();
}

/** All of `ids` as users of the tenant, or a refusal (none named, or one unknown). */
export async function usersOrRefuse(db: Db, tenantId: number, ids: string[], deleted = false): Promise<UserRow[]> {
  if (ids.length === 0) throw new BusinessError('请选择用户');
  const users = await usersOf(db, tenantId, ids, deleted);
  if (users.length !== ids.length) throw new BusinessError(NOT_FOUND);
  return users;
}

/** The live user of the tenant with this account name, or a refusal. */
export async function userByName(db: Db, tenantId: number, username: string): Promise<UserRow> {
  const user = await db.selectFrom('sys_user').select(['id', 'username', 'status', 'phone']).where('username', '=', username)
    .where('del_flag', '=', 0).where(inTenant(tenantId)).where('username', '<>', RESERVED_USER).executeTakeFirst();
  if (!user) throw new BusinessError(NOT_FOUND);
  return user;
}
