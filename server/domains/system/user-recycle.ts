/**
 * The 用户回收站 screen (schemas/entities/system/sys-user-recycle.entity.json, /sys/userRecycleBin): its list is the
 * engine's over the deleted rows of sys_user (storage.deletedRows); 还原 and 彻底删除 are its operations, served here
 * (bodies `{id}` / `{ids}`), as are JeecgBoot's own /sys/user/recycleBin|putRecycleBin|deleteRecycleBin.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext, Caller } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import type { EntityHooks } from '../../entity/hooks.ts';
import type { QueryParams } from '../../entity/query.ts';
import { listRows } from '../../entity/repository.ts';
import { presentForCaller } from '../../entity/list-route.ts';
import { readScopeConditions } from '../../entity/data-scope.ts';
import { splitIds } from './values.ts';
import { presentUsers, RESERVED_USER, usersOrRefuse } from './user-reads.ts';
import { bodyOf, entityNamed } from './user-routes.ts';

export const recycleBinHooks: EntityHooks = {
  present: (rows, { ctx, caller }) => presentUsers(ctx.db, caller.tenantId, rows, false),
  reads: ['sys_user_depart', 'sys_depart'],
  listConditions: () => [sql`username <> ${RESERVED_USER}`],
};

/** Back from the recycle bin, unless a live user has taken the phone number meanwhile (it must stay unique). */
async function restore(ctx: AppContext, caller: Caller, ids: string[]): Promise<void> {
  const users = await usersOrRefuse(ctx.db, caller.tenantId, ids, true);
  const phones = users.map((u) => u.phone).filter((p): p is string => !!p);
  if (phones.length > 0) {
    const clash = await ctx.db.selectFrom('sys_user').select(['phone']).where('phone', 'in', phones).where('del_flag', '=', 0).executeTakeFirst();
    if (clash) throw new BusinessError(`手机号${clash.phone ?? ''}已被其他用户使用，无法还原`);
  }
  await ctx.db.updateTable('sys_user').set({ del_flag: 0, update_by: caller.username, update_time: sql<string>`now()` }).where('id', 'in', ids).execute();
}

/** Removes users from the recycle bin for good (their roles, departments and sessions go with them). */
async function purge(ctx: AppContext, caller: Caller, ids: string[]): Promise<void> {
  await usersOrRefuse(ctx.db, caller.tenantId, ids, true);
  await ctx.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('sys_user_role').where('user_id', 'in', ids).execute();
    await tx.deleteFrom('sys_user_depart').where('user_id', 'in', ids).execute();
    await tx.deleteFrom('sys_session').where('user_id', 'in', ids).execute();
    await tx.deleteFrom('sys_remember_token').where('user_id', 'in', ids).execute();
    await tx.deleteFrom('sys_user').where('id', 'in', ids).where('del_flag', '=', 1).execute();
  });
}

/** Rows an operation names: the web app sends `{id}` for one row and `{ids: "a,b"}` for several. */
const operationIds = (body: Record<string, unknown>): string[] =>
  typeof body.id === 'string' && body.id ? splitIds(body.id).slice(0, 1) : splitIds(body.ids);

export function registerRecycleBinRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const entity = entityNamed(ctx, 'sysUserRecycleBin');
  const base = `${prefix}${entity.schema.api}`;
  const can = (code: string) => ({ config: { permission: `${entity.schema.permissionPrefix}:${code}` } });
  for (const method of ['PUT', 'POST'] as const) {
    app.route({ method, url: `${base}/putRecycleBin`, ...can('putRecycleBin'), handler: async (request) => {
      await restore(ctx, requireCaller(request), operationIds(bodyOf(request)));
      return ok(null, '还原成功');
    } });
    app.route({ method, url: `${base}/deleteRecycleBin`, ...can('deleteRecycleBin'), handler: async (request) => {
      await purge(ctx, requireCaller(request), operationIds(bodyOf(request)));
      return ok(null, '删除成功');
    } });
  }

  // JeecgBoot's own recycle bin endpoints, under the users' delete permission.
  const users = `${prefix}/sys/user`;
  const canDelete = { config: { permission: 'system:user:delete' } };
  app.get<{ Querystring: QueryParams }>(`${users}/recycleBin`, canDelete, async (request) => {
    const caller = requireCaller(request);
    const extra = [...(await readScopeConditions(ctx.db, entity, caller, request.log)), ...(await recycleBinHooks.listConditions!(request.query, { ctx, caller, entity }))];
    const page = await listRows(ctx.db, { entity, tenantId: caller.tenantId, params: { ...request.query, pageNo: '1', pageSize: '1000' }, scope: extra });
    return ok(await presentForCaller(ctx, entity, page.records, true, caller));
  });
  app.put(`${users}/putRecycleBin`, canDelete, async (request) => {
    await restore(ctx, requireCaller(request), splitIds(bodyOf(request).userIds));
    return ok(null, '还原成功');
  });
  app.delete<{ Querystring: { userIds?: string } }>(`${users}/deleteRecycleBin`, canDelete, async (request) => {
    await purge(ctx, requireCaller(request), splitIds(request.query.userIds));
    return ok(null, '删除成功');
  });
}
