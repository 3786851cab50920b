/**
 * The department-role half of a user's grants (contract §3 "plus department roles"), as one SQL condition that the
 * permission queries (server/menu/permissions.ts, server/auth/sessions.ts) add to their single statement. A grant
 * counts only while all of it still holds: the user is assigned the department role, is still a member of its
 * department, the department is live, and the permission is still one the department may hand out.
 */
import { sql, type RawBuilder } from 'kysely';

/**
 * The department-role path of a grant, every link of which must hold: the assignment, the membership, a live
 * department, and the department's own grant of the permission. The one source of these joins: departRoleGrant,
 * grantedPermissionIds and the guard's PL/pgSQL function (grant-functions.ts) all use it.
 */
const DEPART_ROLE_PATH = sql`sys_depart_role_user dru
      join sys_depart_role dr on dr.id = dru.role_id
      join sys_depart d on d.id = dr.depart_id and d.del_flag = 0
      join sys_user_depart ud on ud.dep_id = dr.depart_id and ud.user_id = dru.user_id
      join sys_depart_role_permission drp on drp.role_id = dr.id
      join sys_depart_permission dp on dp.depart_id = dr.depart_id and dp.permission_id = drp.permission_id`;

/** True when `userId` holds `permissionId` through a department role; both are SQL expressions (column refs). */
export function departRoleGrant(permissionId: RawBuilder<unknown>, userId: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from ${DEPART_ROLE_PATH}
    where drp.permission_id = ${permissionId} and dru.user_id = ${userId})`;
}

/**
 * Ids of the permissions a user holds, through their roles and their department roles (same conditions as
 * departRoleGrant). Driven from the user's few grants rather than tested per permission row, so the guard's
 * per-request read stays cheap however many permission rows exist.
 */
export function grantedPermissionIds(userId: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`select rp.permission_id from sys_user_role ur
      join sys_role_permission rp on rp.role_id = ur.role_id
      where ur.user_id = ${userId}
    union
    select drp.permission_id from ${DEPART_ROLE_PATH}
      where dru.user_id = ${userId}`;
}
