/**
 * A role's users, as JeecgBoot's 角色管理 → 用户 tab reads and changes them (both stock clients): the users holding a
 * role (`userRoleList`), adding users to it (`addSysUserRole` {roleId, userIdList}) and taking them off
 * (`deleteUserRole`, `deleteUserRoleBatch`). Reading needs the user list permission, changing needs user edit —
 * the same codes as a user form's 角色 field — and the role, like the users, must be of the caller's tenant and the
 * users within the caller's data scope, so the tab cannot reach further than the user screen does.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext, Caller } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import { listRows } from '../../entity/repository.ts';
import { presentForCaller } from '../../entity/list-route.ts';
import { readScopeConditions } from '../../entity/data-scope.ts';
import type { EntityRuntime } from '../../entity/registry.ts';
import { splitIds, text } from './values.ts';
import { RESERVED_USER } from './user-reads.ts';
import { bodyOf, entityNamed } from './user-routes.ts';

const ROLE_NOT_FOUND = '未找到对应角色';

/** Users holding the role (JeecgBoot's userRoleList filter). */
const holdsRole = (roleId: string) =>
  sql`exists (select 1 from sys_user_role ur where ur.user_id = sys_user.id and ur.role_id = ${roleId})`;

async function roleOfTenant(ctx: AppContext, tenantId: number, roleId: string): Promise<string> {
  if (!roleId) throw new BusinessError('请选择角色');
  const role = await ctx.db.selectFrom('sys_role').select('id').where('id', '=', roleId).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!role) throw new BusinessError(ROLE_NOT_FOUND);
  return role.id;
}

/** All of `ids` as users the caller reaches (tenant and data scope), or a refusal. */
async function reachableUsers(ctx: AppContext, entity: EntityRuntime, caller: Caller, ids: string[], log: Parameters<typeof readScopeConditions>[3]): Promise<string[]> {
  if (ids.length === 0) throw new BusinessError('请选择用户');
  const scope = await readScopeConditions(ctx.db, entity, caller, log);
  const page = await listRows(ctx.db, {
    entity,
    tenantId: caller.tenantId,
    params: { pageSize: String(ids.length) },
    scope: [...scope, sql`username <> ${RESERVED_USER}`, sql`sys_user.id in (${sql.join(ids)})`],
  });
  if (page.records.length !== ids.length) throw new BusinessError('未找到对应用户');
  return ids;
}

export function registerRoleUserRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const base = `${prefix}/sys/user`;
  const entity = entityNamed(ctx, 'sysUser');
  const can = (code: string) => ({ config: { permission: `system:user:${code}` } });

  app.get<{ Querystring: Record<string, string | undefined> }>(`${base}/userRoleList`, can('list'), async (request) => {
    const caller = requireCaller(request);
    const roleId = await roleOfTenant(ctx, caller.tenantId, text(request.query.roleId));
    const { roleId: _role, ...params } = request.query;
    const scope = await readScopeConditions(ctx.db, entity, caller, request.log);
    const page = await listRows(ctx.db, {
      entity,
      tenantId: caller.tenantId,
      params: Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
      scope: [...scope, sql`username <> ${RESERVED_USER}`, holdsRole(roleId)],
    });
    return ok({ ...page, records: await presentForCaller(ctx, entity, page.records, false, caller) });
  });

  app.post(`${base}/addSysUserRole`, can('edit'), async (request) => {
    const caller = requireCaller(request);
    const body = bodyOf(request);
    const roleId = await roleOfTenant(ctx, caller.tenantId, text(body.roleId));
    const listed = Array.isArray(body.userIdList) ? body.userIdList.filter((id): id is string => typeof id === 'string') : [];
    const userIds = await reachableUsers(ctx, entity, caller, [...new Set(listed)].slice(0, 1000), request.log);
    await ctx.db.insertInto('sys_user_role').values(userIds.map((user_id) => ({ user_id, role_id: roleId })))
      .onConflict((conflict) => conflict.columns(['user_id', 'role_id']).doNothing()).execute();
    return ok(null, '添加成功!');
  });

  const removeUsers = async (caller: Caller, roleIdValue: unknown, userIdsValue: unknown, log: Parameters<typeof readScopeConditions>[3]) => {
    const roleId = await roleOfTenant(ctx, caller.tenantId, text(roleIdValue));
    const userIds = await reachableUsers(ctx, entity, caller, splitIds(userIdsValue), log);
    await ctx.db.deleteFrom('sys_user_role').where('role_id', '=', roleId).where('user_id', 'in', userIds).execute();
  };
  app.delete<{ Querystring: { roleId?: string; userId?: string } }>(`${base}/deleteUserRole`, can('edit'), async (request) => {
    await removeUsers(requireCaller(request), request.query.roleId, request.query.userId, request.log);
    return ok(null, '删除成功!');
  });
  app.delete<{ Querystring: { roleId?: string; userIds?: string } }>(`${base}/deleteUserRoleBatch`, can('edit'), async (request) => {
    await removeUsers(requireCaller(request), request.query.roleId, request.query.userIds, request.log);
    return ok(null, '删除成功!');
  });
}
