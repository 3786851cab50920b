/**
 * The 用户回收站 screen (schemas/entities/system/sys-user-recycle.entity.json, api /sys/userRecycleBin): deleted users
 * of the caller's tenant, with the schema's operations 还原 and 彻底删除. The same work as JeecgBoot's
 * /sys/user/recycleBin|putRecycleBin|deleteRecycleBin (routes.ts), shaped for the list renderer (paged list, operation
 * bodies `{id}` / `{ids}`) and guarded by the screen's own permission codes.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { requireCaller } from '../../auth/guard.ts';
import type { QueryParams } from '../../entity/query.ts';
import { listUsers } from './queries.ts';
import { purge, restore } from './status.ts';
import { bodyOf, operationIds, queryRuntime } from './helpers.ts';

export function registerRecycleBinRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const entity = ctx.entities.find((e) => e.schema.name === 'sysUserRecycleBin');
  if (!entity) throw new Error('schemas/entities/system/sys-user-recycle.entity.json is missing');
  const base = `${prefix}${entity.schema.api}`;
  // The screen's fields are sys_user columns (its `table` is a view over them); filters run on sys_user itself.
  const runtime = queryRuntime(entity, ['orgCodeTxt', 'sysOrgCode'], { sex: 'integer', status: 'integer', userType: 'integer' });
  const can = (code: string) => ({ config: { permission: `${entity.schema.permissionPrefix}:${code}` } });

  app.get<{ Querystring: QueryParams }>(`${base}/list`, can('list'), async (request) =>
    ok(await listUsers(ctx, runtime, requireCaller(request).tenantId, request.query, true)),
  );
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
}
