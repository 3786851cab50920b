/**
 * Endpoints of the department screen beyond CRUD (registered by departs.ts's module): what hangs off a department —
 * the menus/buttons it may grant (`sys_depart_permission`) and its users (`sys_user_depart`, mirrored into
 * `sys_user.depart_ids`). The department must be in the caller's tenant and the users live users of that tenant.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import { inTenant as userInTenant } from '../../../field-types/user/server.ts';
import { bodyOf, departInTenant, idList, syncUserDepartments } from './depart-store.ts';
import { text } from './values.ts';

const P = 'system:depart';

/** A user as a department's member list shows them: never credentials or contact details. */
export interface DepartUser {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  orgCode: string | null;
  status: number;
}

export function registerDepartLinkRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const base = `${prefix}/sys/sysDepart`;

  async function departOrFail(tenantId: number, id: string, field: string) {
    const depart = await departInTenant(ctx.db, tenantId, id);
    if (!depart) throw new ValidationError([{ field, message: '部门不存在，请重新选择' }]);
    return depart;
  }

  app.get<{ Querystring: { departId?: string } }>(`${base}/queryDepartPermission`, { config: { permission: `${P}:list` } }, async (request) => {
    const caller = requireCaller(request);
    const depart = await departOrFail(caller.tenantId, text(request.query.departId), 'departId');
    const rows = await ctx.db.selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', depart.id).orderBy('permission_id').execute();
    return ok(rows.map((row) => row.permission_id));
  });

  // The whole set is replaced by `permissionIds`; `lastpermissionIds` (JeecgBoot's diff base) is accepted and not
  // needed, so a stale screen cannot leave rows behind.
  app.post(`${base}/saveDepartPermission`, { config: { permission: `${P}:edit` } }, async (request) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const depart = await departOrFail(caller.tenantId, text(body.departId), 'departId');
    const wanted = idList(body.permissionIds);
    if (wanted.length > 0) {
      const known = await ctx.db.selectFrom('sys_permission').select('id').where('id', 'in', wanted).where('del_flag', '=', 0).execute();
      if (known.length !== wanted.length) throw new ValidationError([{ field: 'permissionIds', message: '所选权限不存在，请刷新后重试' }]);
    }
    await ctx.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('sys_depart_permission').where('depart_id', '=', depart.id).execute();
      if (wanted.length > 0) {
        await tx.insertInto('sys_depart_permission').values(wanted.map((permission_id) => ({ depart_id: depart.id, permission_id }))).execute();
      }
    });
    return ok(null, '保存成功！');
  });

  app.get<{ Querystring: { id?: string; depId?: string } }>(`${base}/getUsersByDepartId`, { config: { permission: `${P}:list` } }, async (request) => {
    const caller = requireCaller(request);
    const depart = await departOrFail(caller.tenantId, text(request.query.id) || text(request.query.depId), 'id');
    const users: DepartUser[] = await ctx.db
      .selectFrom('sys_user as u')
      .innerJoin('sys_user_depart as ud', 'ud.user_id', 'u.id')
      .select(['u.id', 'u.username', 'u.realname', 'u.avatar', 'u.org_code as orgCode', 'u.status'])
      .where('ud.dep_id', '=', depart.id)
      .where('u.del_flag', '=', 0)
      .orderBy('u.username')
      .execute();
    return ok(users);
  });

  const addUsers = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const depart = await departOrFail(caller.tenantId, text(body.depId), 'depId');
    const userIds = idList(body.userIdList);
    if (userIds.length === 0) throw new ValidationError([{ field: 'userIdList', message: '请选择用户' }]);
    const found = await ctx.db
      .selectFrom('sys_user')
      .select('id')
      .where('id', 'in', userIds)
      .where('del_flag', '=', 0)
      .where(userInTenant(caller.tenantId))
      .execute();
    if (found.length !== userIds.length) throw new ValidationError([{ field: 'userIdList', message: '所选用户不存在或不属于当前租户' }]);
    await ctx.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('sys_user_depart')
        .values(userIds.map((user_id) => ({ user_id, dep_id: depart.id })))
        .onConflict((oc) => oc.columns(['user_id', 'dep_id']).doNothing())
        .execute();
      await syncUserDepartments(tx, userIds);
    });
    return ok(null, '添加成功!');
  };
  app.post(`${base}/editSysDepartWithUser`, { config: { permission: `${P}:edit` } }, addUsers);
  app.put(`${base}/editSysDepartWithUser`, { config: { permission: `${P}:edit` } }, addUsers);

  const removeUsers = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const source = { ...bodyOf(request.query), ...bodyOf(request.body) };
    const depart = await departOrFail(caller.tenantId, text(source.depId), 'depId');
    const userIds = idList(source.userId ?? source.userIds);
    if (userIds.length === 0) throw new ValidationError([{ field: 'userId', message: '请选择用户' }]);
    const removed = await ctx.db.transaction().execute(async (tx) => {
      const result = await tx.deleteFrom('sys_user_depart').where('dep_id', '=', depart.id).where('user_id', 'in', userIds).executeTakeFirst();
      await syncUserDepartments(tx, userIds);
      return Number(result.numDeletedRows);
    });
    if (removed === 0) throw new BusinessError('该用户不在此部门');
    return ok(null, '删除成功!');
  };
  app.delete(`${base}/deleteUserInDepart`, { config: { permission: `${P}:edit` } }, removeUsers);
  app.post(`${base}/deleteUserInDepart`, { config: { permission: `${P}:edit` } }, removeUsers);
  app.delete(`${base}/deleteUserInDepartBatch`, { config: { permission: `${P}:edit` } }, removeUsers);
}
