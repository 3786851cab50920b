/**
 * Users: /sys/user (issue 5, contract §6.4). Each endpoint is guarded by its permission code; users of other
 * tenants are invisible (not found). `queryUserComponentData`, `updatePassword` and `getCurrentUserDeparts` live in
 * server/auth. A customer admin's managed shippers (user type 6) are server/system/customers (管理货主).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, PermissionError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import type { QueryParams } from '../../entity/query.ts';
import { scopeConditions } from '../../entity/data-scope.ts';
import { departsOf, findUsers, listUsers, roleIdsOf, userForForm, userQueryRuntime } from './queries.ts';
import { addUser, editUser, EMAIL_TAKEN, PHONE_TAKEN, USERNAME_TAKEN, valueTaken } from './writes.ts';
import { findByUsername, NOT_FOUND, purge, resetPassword, restore, setStatus, softDelete } from './status.ts';
import { bodyOf, operationIds, splitIds, text } from './helpers.ts';
import { registerRecycleBinRoutes } from './recycle-routes.ts';
import { exportUsers, importUsers } from './excel.ts';
import { DirectoryStore } from '../../files/store.ts';
import { readSingleUpload } from '../../files/routes.ts';

export function registerUsersRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const base = `${prefix}/sys/user`;
  const entity = ctx.entities.find((e) => e.schema.name === 'sysUser');
  if (!entity) throw new Error('schemas/entities/system/sys-user.entity.json is missing');
  const runtime = userQueryRuntime(entity);
  const can = (code: string) => ({ config: { permission: `system:user:${code}` } });

  app.get<{ Querystring: QueryParams }>(`${base}/list`, can('list'), async (request) => {
    const caller = requireCaller(request);
    const rules = await scopeConditions(ctx.db, runtime, caller, request.log);
    return ok(await listUsers(ctx, runtime, caller.tenantId, request.query, false, rules));
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, can('list'), async (request) => {
    const user = await userForForm(ctx, requireCaller(request).tenantId, text(request.query.id));
    if (!user) throw new BusinessError(NOT_FOUND);
    return ok(user);
  });

  app.get<{ Querystring: { userid?: string } }>(`${base}/queryUserRole`, can('list'), async (request) => {
    const caller = requireCaller(request);
    const [user] = await findUsers(ctx, caller.tenantId, splitIds(request.query.userid).slice(0, 1));
    if (!user) throw new BusinessError(NOT_FOUND);
    return ok(await roleIdsOf(ctx, caller.tenantId, user.id));
  });

  app.get<{ Querystring: { userId?: string } }>(`${base}/userDepartList`, can('list'), async (request) => {
    const caller = requireCaller(request);
    const [user] = await findUsers(ctx, caller.tenantId, splitIds(request.query.userId).slice(0, 1));
    if (!user) throw new BusinessError(NOT_FOUND);
    const departs = await departsOf(ctx, caller.tenantId, user.id);
    // JeecgBoot's DepartIdModel: {key, value, title}.
    return ok(departs.map((d) => ({ key: d.id, value: d.id, title: d.departName })));
  });

  app.get<{ Querystring: { id?: string; realname?: string } }>(`${base}/queryUserByDepId`, can('list'), async (request) => {
    const caller = requireCaller(request);
    const departId = text(request.query.id);
    if (!departId) throw new BusinessError('请选择部门');
    const realname = text(request.query.realname);
    const page = await listUsers(ctx, runtime, caller.tenantId, { departId, pageSize: '1000', ...(realname ? { realname: `*${realname}*` } : {}) });
    return ok(page.records);
  });

  app.post(`${base}/add`, can('add'), async (request) => {
    await addUser(ctx, entity, requireCaller(request), bodyOf(request));
    return ok(null, '添加成功！');
  });

  const edit = async (request: FastifyRequest) => {
    await editUser(ctx, entity, requireCaller(request), bodyOf(request));
    return ok(null, '修改成功!');
  };
  app.put(`${base}/edit`, can('edit'), edit);
  app.post(`${base}/edit`, can('edit'), edit);

  // JeecgBoot's frozenBatch decides by `status`; thawing also needs the thaw permission.
  app.put(`${base}/frozenBatch`, can('frozen'), async (request) => {
    const caller = requireCaller(request);
    const body = bodyOf(request);
    const status = Number(text(body.status));
    if (status === 1 && !caller.permissions.has('system:user:thaw')) throw new PermissionError();
    await setStatus(ctx, caller, splitIds(body.ids), status);
    return ok(null, status === 2 ? '冻结成功!' : '解冻成功!');
  });

  // The schema's row/batch operations 冻结 and 解冻.
  app.put(`${base}/frozen`, can('frozen'), async (request) => {
    await setStatus(ctx, requireCaller(request), operationIds(bodyOf(request)), 2, { status: 1, message: '只有正常的用户可以冻结' });
    return ok(null, '冻结成功!');
  });
  app.put(`${base}/thaw`, can('thaw'), async (request) => {
    await setStatus(ctx, requireCaller(request), operationIds(bodyOf(request)), 1, { status: 2, message: '只有冻结的用户可以解冻' });
    return ok(null, '解冻成功!');
  });

  // An administrator's reset: JeecgBoot's body {username, password, confirmpassword} ...
  app.put(`${base}/changePassword`, can('changepwd'), async (request) => {
    const caller = requireCaller(request);
    const body = bodyOf(request);
    const username = text(body.username);
    if (!username) throw new BusinessError('请选择用户');
    const user = await findByUsername(ctx, caller, username);
    await resetPassword(ctx, caller, user, typeof body.password === 'string' ? body.password : '', typeof body.confirmpassword === 'string' ? body.confirmpassword : '');
    return ok(null, '密码修改成功!');
  });
  // ... and the schema's row operation 修改密码 ({ids, password}).
  app.put(`${base}/changepwd`, can('changepwd'), async (request) => {
    const caller = requireCaller(request);
    const body = bodyOf(request);
    const ids = operationIds(body);
    if (ids.length !== 1) throw new BusinessError('请选择一个用户');
    const [user] = await findUsers(ctx, caller.tenantId, ids);
    if (!user) throw new BusinessError(NOT_FOUND);
    await resetPassword(ctx, caller, user, typeof body.password === 'string' ? body.password : '', undefined);
    return ok(null, '密码修改成功!');
  });

  // Only for signed-in users (JeecgBoot's anonymous version let anyone enumerate accounts, contract §6.4).
  app.get<{ Querystring: Record<string, string | undefined> }>(`${base}/checkOnlyUser`, { config: { authenticated: true } }, async (request) => {
    const query = request.query;
    const except = text(query.id);
    const checks = [['username', USERNAME_TAKEN], ['phone', PHONE_TAKEN], ['email', EMAIL_TAKEN]] as const;
    for (const [column, message] of checks) {
      const value = text(query[column]);
      if (value && (await valueTaken(ctx, column, value, except))) throw new BusinessError(message);
    }
    return ok(true, '该值可用！');
  });

  app.delete<{ Querystring: { id?: string } }>(`${base}/delete`, can('delete'), async (request) => {
    await softDelete(ctx, requireCaller(request), splitIds(request.query.id).slice(0, 1));
    return ok(null, '删除用户成功');
  });
  app.delete<{ Querystring: { ids?: string } }>(`${base}/deleteBatch`, can('delete'), async (request) => {
    await softDelete(ctx, requireCaller(request), splitIds(request.query.ids));
    return ok(null, '批量删除用户成功');
  });

  app.get<{ Querystring: QueryParams }>(`${base}/exportXls`, can('exportXls'), async (request, reply) => {
    const caller = requireCaller(request);
    const rules = await scopeConditions(ctx.db, runtime, caller, request.log);
    return exportUsers(ctx, entity, runtime, caller, request.query, rules, reply);
  });
  // The same upload directory as the file endpoints (server/app.ts): the error report is fetched from there.
  const store = new DirectoryStore(ctx.config.uploadDir);
  app.post(`${base}/importExcel`, can('importExcel'), async (request) => {
    const caller = requireCaller(request);
    const { file } = await readSingleUpload(request);
    return importUsers(ctx, entity, caller, store, file);
  });

  registerRecycleBinRoutes(app, ctx, prefix);

  app.get<{ Querystring: QueryParams }>(`${base}/recycleBin`, can('delete'), async (request) => {
    const page = await listUsers(ctx, runtime, requireCaller(request).tenantId, { ...request.query, pageNo: '1', pageSize: '1000' }, true);
    return ok(page.records);
  });
  app.put(`${base}/putRecycleBin`, can('delete'), async (request) => {
    await restore(ctx, requireCaller(request), splitIds(bodyOf(request).userIds));
    return ok(null, '还原成功');
  });
  app.delete<{ Querystring: { userIds?: string } }>(`${base}/deleteRecycleBin`, can('delete'), async (request) => {
    await purge(ctx, requireCaller(request), splitIds(request.query.userIds));
    return ok(null, '删除成功');
  });
}
