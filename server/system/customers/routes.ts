/**
 * A shipper's own accounts under `/customer/hyCustomerUser` (issues 5 and 8; schema
 * schemas/entities/freight/hy-customer-user.entity.json, `managedBy: server`): each is a sys_user row plus its
 * account role, read and written together here. The customer admins' shippers and the switch of the active shipper
 * are the engine's and server/domains/freight/customer-accounts.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import type { QueryParams } from '../../entity/query.ts';
import { bodyOf, splitIds, text } from '../users/helpers.ts';
import { accountScope, inScope, NOT_MANAGED_MESSAGE } from './access.ts';
import { findCustomerUsers, listCustomerUsers, presentCustomerUser } from './user-store.ts';
import { addCustomerUser, deleteCustomerUsers, editCustomerUser, NOT_FOUND } from './user-writes.ts';

export function registerCustomersRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const base = `${prefix}/customer/hyCustomerUser`;
  const entity = ctx.entities.find((e) => e.schema.name === 'hyCustomerUser');
  if (!entity) throw new Error('schemas/entities/freight/hy-customer-user.entity.json is missing');
  const can = (code: string) => ({ config: { permission: `customer:hyCustomerUser:${code}` } });

  /** The account of that id if the caller manages its shipper; others are refused, unknown ones not found. */
  const managedAccount = async (request: FastifyRequest, id: string) => {
    const caller = requireCaller(request);
    const scope = await accountScope(ctx.db, caller);
    const [row] = await findCustomerUsers(ctx, caller.tenantId, id ? [id] : []);
    if (!row) throw new BusinessError(NOT_FOUND);
    if (!inScope(scope, row.customerId)) throw new BusinessError(NOT_MANAGED_MESSAGE);
    return { caller, scope, row };
  };

  app.get<{ Querystring: QueryParams }>(`${base}/list`, can('list'), async (request) => {
    const caller = requireCaller(request);
    return ok(await listCustomerUsers(ctx, caller.tenantId, await accountScope(ctx.db, caller), request.query));
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, can('list'), async (request) => {
    const { row } = await managedAccount(request, text(request.query.id));
    return ok(presentCustomerUser(ctx, row));
  });

  app.post(`${base}/add`, can('add'), async (request) => {
    const caller = requireCaller(request);
    const scope = await accountScope(ctx.db, caller);
    const { id, initialPassword } = await addCustomerUser(ctx, entity, caller, scope, bodyOf(request));
    const message = initialPassword ? `添加成功！初始密码：${initialPassword}，首次登录须修改密码` : '添加成功！';
    return ok({ id, ...(initialPassword ? { initialPassword } : {}) }, message);
  });

  const edit = async (request: FastifyRequest) => {
    const body = bodyOf(request);
    const { caller, scope, row } = await managedAccount(request, text(body.id));
    await editCustomerUser(ctx, entity, caller, scope, row, body);
    return ok(null, '编辑成功!');
  };
  app.put(`${base}/edit`, can('edit'), edit);
  app.post(`${base}/edit`, can('edit'), edit);

  const remove = async (request: FastifyRequest, ids: string[]) => {
    const caller = requireCaller(request);
    const scope = await accountScope(ctx.db, caller);
    const rows = await findCustomerUsers(ctx, caller.tenantId, ids);
    if (ids.length === 0 || rows.length !== ids.length) throw new BusinessError(NOT_FOUND);
    await deleteCustomerUsers(ctx, caller, scope, rows);
  };
  app.delete<{ Querystring: { id?: string } }>(`${base}/delete`, can('delete'), async (request) => {
    await remove(request, splitIds(request.query.id).slice(0, 1));
    return ok(null, '删除成功!');
  });
  app.delete<{ Querystring: { ids?: string } }>(`${base}/deleteBatch`, can('delete'), async (request) => {
    await remove(request, splitIds(request.query.ids));
    return ok(null, '批量删除成功!');
  });
}
