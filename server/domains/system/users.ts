/**
 * Users (/sys/user, contract §6.4) on the engine: list, queryById, add, edit, delete, deleteBatch, exportXls and
 * importExcel are the engine's over sys_user (migrations, schema `storage`): a user belongs to the tenants its
 * rel_tenant_ids lists, a delete moves it to the recycle bin (del_flag), the password hash lives in password_hash,
 * and the form's roles and departments are sys_user_role/sys_user_depart rows these hooks write. 冻结, 解冻 and
 * 修改密码 are the schema's operations with the hooks' effects on sessions; JeecgBoot's other endpoints are
 * user-routes.ts. `queryUserComponentData`, `updatePassword` and `getCurrentUserDeparts` live in server/auth.
 */
import { sql } from 'kysely';
import type { DomainModule, EntityHooks } from '../../entity/hooks.ts';
import { BusinessError } from '../../core/errors.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { splitIds, text } from './values.ts';
import { inDepartment, NOT_FOUND, presentUsers, RESERVED_USER } from './user-reads.ts';
import { assertUserWrite, passwordWasReset, randomPassword, UNIQUE_FIELDS, uniqueValueErrors, writeUserLinks } from './user-writes.ts';
import { registerUserRoutes } from './user-routes.ts';
import { registerRoleUserRoutes } from './role-users.ts';
import { recycleBinHooks, registerRecycleBinRoutes } from './user-recycle.ts';


const userHooks: EntityHooks = {
  present: (rows, { ctx, caller }) => presentUsers(ctx.db, caller.tenantId, rows, true),
  reads: ['sys_user_role', 'sys_user_depart', 'sys_depart'],
  listConditions(params, { caller }) {
    const conditions = [sql`username <> ${RESERVED_USER}`];
    const departId = text(params.departId);
    if (departId) conditions.push(inDepartment(departId, caller.tenantId));
    // JeecgBoot's `code`: the users picked by id.
    const codes = splitIds(params.code);
    if (codes.length > 0) conditions.push(sql`id in (${sql.join(codes)})`);
    return conditions;
  },
  checkRecord: uniqueValueErrors,
  uniqueFields: UNIQUE_FIELDS,
  beforeWrite: assertUserWrite,
  afterWrite: writeUserLinks,
  async beforeDelete({ tx, caller, rows, requested }) {
    if (requested.includes(caller.userId)) throw new BusinessError('不能删除自己');
    // All or nothing, as JeecgBoot's user screen expects; the deleted are signed out at once.
    if (rows.length !== requested.length) throw new BusinessError(NOT_FOUND);
    for (const row of rows) await revokeUserSessions(tx, String(row.id));
  },
  async beforeOperation({ tx, caller, operation, rows }) {
    if (operation.key === 'frozen') {
      if (rows.some((row) => row.id === caller.userId)) throw new BusinessError('不能冻结自己');
      for (const row of rows) await revokeUserSessions(tx, String(row.id));
    }
    if (operation.key === 'changepwd') for (const row of rows) await passwordWasReset(tx, caller, String(row.id));
  },
  prepareImport: async (rows, { ctx, caller }) => {
    // Roles may be typed by code too (names and ids the engine resolves itself).
    const typed = [...new Set(rows.flatMap((row) => splitIds(String(row.data.selectedroles ?? '').replaceAll('，', ','))))];
    const byCode = typed.length === 0 ? [] : await ctx.db.selectFrom('sys_role').select(['id', 'role_code'])
      .where('tenant_id', '=', caller.tenantId).where('role_code', 'in', typed).execute();
    const codes = new Map(byCode.map((role) => [role.role_code, role.id]));
    for (const row of rows) {
      const roles = splitIds(String(row.data.selectedroles ?? '').replaceAll('，', ','));
      if (roles.length > 0) row.data.selectedroles = roles.map((role) => codes.get(role) ?? role).join(',');
      // A new user given no password gets one nobody knows, and must choose their own at first login (afterWrite).
      if (!row.id && !text(row.data.password)) row.data.password = randomPassword();
    }
  },
  // The spreadsheet holds what the form edits and the creation time, no ID: an imported row is always a new user.
  exportColumns: (columns) => columns.filter((column) => !column.field.readOnly && column.property !== 'id'),
  texts: { edit: '修改成功!', delete: '删除用户成功', deleteBatch: '批量删除用户成功', notFound: NOT_FOUND },
};

export const usersDomain: DomainModule = {
  name: 'system/users',
  hooks: { sysUser: userHooks, sysUserRecycleBin: recycleBinHooks },
  routes(app, ctx, prefix) {
    registerUserRoutes(app, ctx, prefix);
    registerRecycleBinRoutes(app, ctx, prefix);
    registerRoleUserRoutes(app, ctx, prefix);
  },
};
