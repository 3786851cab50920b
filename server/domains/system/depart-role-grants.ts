/**
 * What department roles grant and who holds them (issue 5), registered by depart-roles.ts's module:
 * - `/sys/sysDepartPermission/*` — the grant tree of a department role (only the department's own permissions,
 *   `sys_depart_permission`), its granted ids, saving the difference against what the editor loaded. Guarded by
 *   `system:departRole:authorize`, the 授权 operation of the 部门角色 screen (the `permission-tree` panel).
 * - `/sys/sysDepartRoleUser/*` — the members holding a role (the `child-list` panel 用户 of that screen): list, add
 *   (a live member of the role's department), delete.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { WireRecord } from '../../../src/contracts/envelope.ts';
import type { AppContext, Caller } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { requireCaller } from '../../auth/guard.ts';
import { inTenant } from '../../entity/field-types.ts';
import { pageParams, type QueryParams } from '../../entity/query.ts';
import { grantTree, liveRows } from '../../system/menus/rows.ts';
import { bodyOf, departRole, idList, isMember, liveDepart, ROLE_NOT_FOUND } from './depart-store.ts';
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

  const users = `${prefix}/sys/sysDepartRoleUser`;
  const can = (code: string) => ({ config: { permission: `system:departRoleUser:${code}` } });

  // One role's members as the child-list shows them (`username` is a user field: its text is the real name).
  app.get<{ Querystring: QueryParams }>(`${users}/list`, can('list'), async (request) => {
    const caller = requireCaller(request);
    const role = await roleOrFail(caller, text(request.query.roleId));
    const { pageNo, pageSize } = pageParams(request.query);
    const username = text(request.query.username).replaceAll('*', '');
    const where = sql`dru.role_id = ${role.id} and u.del_flag = 0${username ? sql` and u.username = ${username}` : sql``}`;
    const { rows } = await sql<WireRecord>`select dru.id, dru.role_id as "roleId", u.username, u.realname, dru.create_by as "createBy",
        dru.create_time as "createTime"
      from sys_depart_role_user dru join sys_user u on u.id = dru.user_id where ${where}
      order by dru.create_time desc, dru.id limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(ctx.db);
    const { rows: counted } = await sql<{ total: number }>`select count(*)::int as total from sys_depart_role_user dru
      join sys_user u on u.id = dru.user_id where ${where}`.execute(ctx.db);
    const total = counted[0]?.total ?? 0;
    const records = rows.map((row) => ({ ...row, username_dictText: row.realname }));
    return ok({ records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize), orders: [], optimizeCountSql: true, searchCount: true, countId: null, maxLimit: null });
  });

  // {roleId, username} (the child-list form) or {roleId, userIds: "id,id"}.
  app.post(`${users}/add`, can('add'), async (request) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const role = await roleOrFail(caller, text(body.roleId));
    const usernames = idList(body.username);
    let userIds = idList(body.userIds);
    if (usernames.length > 0) {
      const found = await ctx.db.selectFrom('sys_user').select('id').where('username', 'in', usernames).where('del_flag', '=', 0).where(inTenant(caller.tenantId)).execute();
      if (found.length !== usernames.length) throw new ValidationError([{ field: 'username', message: '用户不存在' }]);
      userIds = [...new Set([...userIds, ...found.map((row) => row.id)])];
    }
    if (userIds.length === 0) throw new ValidationError([{ field: 'username', message: '用户：必填' }]);
    for (const userId of userIds) {
      if (!(await isMember(ctx.db, caller.tenantId, role.departId, userId))) throw new ValidationError([{ field: 'username', message: '该用户不属于此部门角色的部门' }]);
    }
    await ctx.db.transaction().execute(async (tx) => {
      for (const userId of userIds) {
        await sql`insert into sys_depart_role_user (id, role_id, user_id, create_by, tenant_id)
          values (${newId()}, ${role.id}, ${userId}, ${caller.username}, ${caller.tenantId}) on conflict (role_id, user_id) do nothing`.execute(tx);
      }
    });
    return ok(null, '添加成功！');
  });

  const remove = async (caller: Caller, ids: string[]) => {
    if (ids.length === 0) throw new BusinessError('请选择要删除的记录');
    await ctx.db.transaction().execute(async (tx) => {
      const result = await sql`delete from sys_depart_role_user where tenant_id = ${caller.tenantId} and id in (${sql.join(ids)})`.execute(tx);
      if (Number(result.numAffectedRows ?? 0) !== ids.length) throw new BusinessError('未找到对应数据');
    });
  };
  app.delete<{ Querystring: { id?: string } }>(`${users}/delete`, can('delete'), async (request) => {
    await remove(requireCaller(request), idList(request.query.id).slice(0, 1));
    return ok(null, '删除成功!');
  });
  app.delete<{ Querystring: { ids?: string } }>(`${users}/deleteBatch`, can('delete'), async (request) => {
    await remove(requireCaller(request), idList(request.query.ids).slice(0, 1000));
    return ok(null, '批量删除成功!');
  });
}
