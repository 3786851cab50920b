/**
 * JeecgBoot's /sys/user endpoints beyond CRUD (contract §6.4), each guarded by its permission code; users of other
 * tenants are not found: a user's roles and departments, the users of a department, frozenBatch, an
 * administrator's changePassword, and checkOnlyUser. The recycle bin's are user-recycle.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { WireRecord } from '../../../src/contracts/envelope.ts';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, PermissionError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import { listRows } from '../../entity/repository.ts';
import { presentForCaller } from '../../entity/list-route.ts';
import { readScopeConditions } from '../../entity/data-scope.ts';
import { splitIds, text } from './values.ts';
import { departsOf, inDepartment, NOT_FOUND, rolesOf, RESERVED_USER, userByName, usersOf } from './user-reads.ts';
import { EMAIL_TAKEN, PHONE_TAKEN, resetPassword, setStatus, USERNAME_TAKEN, valueTaken, WORK_NO_TAKEN } from './user-writes.ts';

export const bodyOf = (request: FastifyRequest): WireRecord => {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as WireRecord) : {};
};

/** The entity runtime of a schema this module serves. */
export function entityNamed(ctx: AppContext, name: string) {
  const entity = ctx.entities.find((e) => e.schema.name === name);
  if (!entity) throw new Error(`entity schema ${name} is missing`);
  return entity;
}

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const base = `${prefix}/sys/user`;
  const entity = entityNamed(ctx, 'sysUser');
  const can = (code: string) => ({ config: { permission: `system:user:${code}` } });
  /** The one user of the tenant a query names, or a refusal. */
  const oneUser = async (tenantId: number, id: unknown) => {
    const [user] = await usersOf(ctx.db, tenantId, splitIds(id).slice(0, 1));
    if (!user) throw new BusinessError(NOT_FOUND);
    return user;
  };

  app.get<{ Querystring: { userid?: string } }>(`${base}/queryUserRole`, can('list'), async (request) => {
    const caller = requireCaller(request);
    const user = await oneUser(caller.tenantId, request.query.userid);
    return ok((await rolesOf(ctx.db, caller.tenantId, [user.id])).get(user.id)?.map((role) => role.id).sort() ?? []);
  });

  app.get<{ Querystring: { userId?: string } }>(`${base}/userDepartList`, can('list'), async (request) => {
    const caller = requireCaller(request);
    const user = await oneUser(caller.tenantId, request.query.userId);
    const departs = (await departsOf(ctx.db, caller.tenantId, [user.id])).get(user.id) ?? [];
    // JeecgBoot's DepartIdModel: {key, value, title}.
    return ok(departs.map((d) => ({ key: d.id, value: d.id, title: d.name })));
  });

  // The users of one department (at most 1000), as the list shows them.
  app.get<{ Querystring: { id?: string; realname?: string } }>(`${base}/queryUserByDepId`, can('list'), async (request) => {
    const caller = requireCaller(request);
    const departId = text(request.query.id);
    if (!departId) throw new BusinessError('请选择部门');
    const realname = text(request.query.realname);
    const scope = await readScopeConditions(ctx.db, entity, caller, request.log);
    const extra = [...scope, sql`username <> ${RESERVED_USER}`, inDepartment(departId, caller.tenantId)];
    const page = await listRows(ctx.db, { entity, tenantId: caller.tenantId, params: { pageSize: '1000', ...(realname ? { realname: `*${realname}*` } : {}) }, scope: extra });
    return ok(await presentForCaller(ctx, entity, page.records, true, caller));
  });

  // JeecgBoot's frozenBatch decides by `status`; thawing also needs the thaw permission.
  app.put(`${base}/frozenBatch`, can('frozen'), async (request) => {
    const caller = requireCaller(request);
    const body = bodyOf(request);
    const status = Number(text(body.status));
    if (status === 1 && !caller.permissions.has('system:user:thaw')) throw new PermissionError();
    await setStatus(ctx, caller, splitIds(body.ids), status);
    return ok(null, status === 2 ? '冻结成功!' : '解冻成功!');
  });

  // An administrator's reset, JeecgBoot's body {username, password, confirmpassword} (the row operation 修改密码 is
  // the schema's changepwd).
  app.put(`${base}/changePassword`, can('changepwd'), async (request) => {
    const caller = requireCaller(request);
    const body = bodyOf(request);
    const username = text(body.username);
    if (!username) throw new BusinessError('请选择用户');
    await resetPassword(ctx, caller, await userByName(ctx.db, caller.tenantId, username), body);
    return ok(null, '密码修改成功!');
  });

  // Only for signed-in users (JeecgBoot's anonymous version let anyone enumerate accounts, contract §6.4).
  app.get<{ Querystring: Record<string, string | undefined> }>(`${base}/checkOnlyUser`, { config: { authenticated: true } }, async (request) => {
    const query = request.query;
    const except = text(query.id);
    const checks = [
      ['username', 'username', USERNAME_TAKEN],
      ['phone', 'phone', PHONE_TAKEN],
      ['email', 'email', EMAIL_TAKEN],
      ['workNo', 'work_no', WORK_NO_TAKEN],
    ] as const;
    for (const [param, column, message] of checks) {
      const value = text(query[param]);
      if (value && (await valueTaken(ctx, column, value, except))) throw new BusinessError(message);
    }
    return ok(true, '该值可用！');
  });
}
