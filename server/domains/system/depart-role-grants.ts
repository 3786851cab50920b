/**
 * What department roles grant (issue 5), registered by depart-roles.ts's module: `/sys/sysDepartPermission/*` — the
 * grant tree of a department role (only the department's own permissions, `sys_depart_permission`), its granted ids,
 * saving the difference against what the editor loaded. Guarded by `system:departRole:authorize`, the 授权 operation
 * of the 部门角色 screen (the `permission-tree` panel).
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext, Caller } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import { grantTree, liveRows } from './menus/rows.ts';
import { bodyOf, departRole, idList, liveDepart, ROLE_NOT_FOUND } from './depart-store.ts';
import { text } from './values.ts';

const MAX_IDS = 5000;

export function registerDepartRoleGrantRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const perm = `${prefix}/sys/sysDepartPermission`;
  const authorize = { config: { permission: 'system:departRole:authorize' } };

  const roleOrFail = async (caller: Caller, id: string) => {
    const role = await departRole(ctx.db, caller.tenantId, id);
    if (!role) throw new BusinessError(ROLE_NOT_FOUND);
    return role;
  };
  const departPermissionIds = async (departId: string): Promise<Set<string>> => {
    const rows = await ctx.db.selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', departId).execute();
    return new Set(rows.map((row) => row.permission_id));
  };

  // The department's permissions as a tree (`departId`, or `roleId` as the panel sends); rows whose parent the
  // department lacks become roots. No data-rule flags: department roles grant menus and buttons only.
  app.get<{ Querystring: { departId?: string; roleId?: string } }>(`${perm}/queryTreeListForDeptRole`, authorize, async (request) => {
    const caller = requireCaller(request);
    const roleId = text(request.query.roleId);
    const departId = roleId ? (await roleOrFail(caller, roleId)).departId : text(request.query.departId);
    if (!(await liveDepart(ctx.db, caller.tenantId, departId))) throw new BusinessError('部门不存在');
    const allowed = await departPermissionIds(departId);
    const rows = (await liveRows(ctx.db)).filter((row) => allowed.has(row.id));
    const present = new Set(rows.map((row) => row.id));
    const rooted = rows.map((row) => (row.parent_id && !present.has(row.parent_id) ? { ...row, parent_id: null } : row));
    return ok({ treeList: grantTree(rooted, new Set()), ids: rooted.map((row) => row.id) });
  });

  app.get<{ Querystring: { roleId?: string } }>(`${perm}/queryDeptRolePermission`, authorize, async (request) => {
    const role = await roleOrFail(requireCaller(request), text(request.query.roleId));
    const { rows } = await sql<{ id: string }>`select drp.permission_id as id from sys_depart_role_permission drp
      join sys_permission p on p.id = drp.permission_id where drp.role_id = ${role.id} and p.del_flag = 0 order by drp.permission_id`.execute(ctx.db);
    return ok(rows.map((row) => row.id));
  });

  // Applies only the difference (added = new − last, removed = last − new), so grants saved meanwhile survive.
  // Everything added must be one of the department's permissions; otherwise nothing changes.
  app.post(`${perm}/saveDeptRolePermission`, authorize, async (request) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const role = await roleOrFail(caller, text(body.roleId));
    const next = idList(body.permissionIds);
    const last = idList(body.lastpermissionIds);
    if (next.length > MAX_IDS || last.length > MAX_IDS) throw new BusinessError('权限数量过多');
    const lastSet = new Set(last);
    const nextSet = new Set(next);
    const added = next.filter((id) => !lastSet.has(id));
    const removed = last.filter((id) => !nextSet.has(id));
    const allowed = await departPermissionIds(role.departId);
    if (added.some((id) => !allowed.has(id))) throw new ValidationError([{ field: 'permissionIds', message: '只能授予部门拥有的权限' }]);
    await ctx.db.transaction().execute(async (tx) => {
      for (const id of added) {
        await sql`insert into sys_depart_role_permission (role_id, permission_id) values (${role.id}, ${id}) on conflict do nothing`.execute(tx);
      }
      if (removed.length > 0) await sql`delete from sys_depart_role_permission where role_id = ${role.id} and permission_id in (${sql.join(removed)})`.execute(tx);
    });
    return ok({ added: added.length, removed: removed.length }, '保存成功！');
  });
}
