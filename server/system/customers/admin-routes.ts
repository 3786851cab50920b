/**
 * Customer admins and their shippers (issues 3 and 8):
 * - `GET /customer/hyCustomerAdmin/myList` — the caller's managed shippers with the active one marked
 *   (`isUsed` '1'); staff manage no shipper of their own and get an empty list.
 * - `POST|PUT /customer/hyCustomerAdmin/selectCustomer` (`customerId` in the body or the query) — makes one of
 *   them the active shipper (sys_user.customer_id). Sessions read customer_id with every request
 *   (server/auth/sessions.ts), so the next request is already confined to the new shipper.
 * - `/customer/hyCustomerAdmin/list|add|delete|deleteBatch` — the 管理货主 panel of the user screen: which
 *   shippers a type-6 user manages (permission codes customer:hyCustomerAdmin:*).
 */
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WireRecord } from '../../../src/contracts/envelope.ts';
import type { AppContext, Caller } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { requireCaller } from '../../auth/guard.ts';
import { STAFF_USER_TYPE } from '../../entity/data-scope.ts';
import { inTenant } from '../../entity/field-types.ts';
import { pageParams, type QueryParams } from '../../entity/query.ts';
import { bodyOf, splitIds, text } from '../users/helpers.ts';
import { CUSTOMER_ADMIN_USER_TYPE, CUSTOMER_NOT_FOUND, customerInTenant, managedCustomers, NOT_MANAGED_MESSAGE } from './access.ts';

export const SWITCHED_MESSAGE = '已切换到指定货主';

export interface MyCustomer {
  customerId: string;
  customerName: string;
  isUsed: '0' | '1';
}

const plain = (value: unknown): string => text(value).replaceAll('*', '');

export function registerCustomerAdminRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const base = `${prefix}/customer/hyCustomerAdmin`;
  const signedIn = { config: { authenticated: true } };
  const can = (code: string) => ({ config: { permission: `customer:hyCustomerAdmin:${code}` } });

  app.get(`${base}/myList`, signedIn, async (request) => {
    const caller = requireCaller(request);
    if (caller.userType === STAFF_USER_TYPE) return ok([]);
    const list = await managedCustomers(ctx.db, caller.tenantId, caller.userId);
    return ok(list.map<MyCustomer>((c) => ({ ...c, isUsed: c.customerId === caller.customerId ? '1' : '0' })));
  });

  const select = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const customerId = text(bodyOf(request).customerId) || text(query.customerId);
    if (!customerId) throw new BusinessError('请选择货主');
    const managed = await managedCustomers(ctx.db, caller.tenantId, caller.userId);
    if (!managed.some((c) => c.customerId === customerId)) throw new BusinessError(NOT_MANAGED_MESSAGE);
    await ctx.db.updateTable('sys_user').set({ customer_id: customerId }).where('id', '=', caller.userId).execute();
    return ok(null, SWITCHED_MESSAGE);
  };
  app.post(`${base}/selectCustomer`, signedIn, select);
  app.put(`${base}/selectCustomer`, signedIn, select);

  /** A live customer admin of the caller's tenant, or a clear refusal. */
  const adminUser = async (caller: Caller, userId: string) => {
    const user = userId
      ? await ctx.db.selectFrom('sys_user').select(['id', 'user_type', 'customer_id']).where('id', '=', userId)
        .where('del_flag', '=', 0).where(inTenant(caller.tenantId)).executeTakeFirst()
      : undefined;
    if (!user) throw new BusinessError('未找到对应用户');
    if (user.user_type !== CUSTOMER_ADMIN_USER_TYPE) throw new BusinessError('只有货主管理员可以管理多个货主');
    return user;
  };

  app.get<{ Querystring: QueryParams }>(`${base}/list`, can('list'), async (request) => {
    const caller = requireCaller(request);
    const user = await adminUser(caller, plain(request.query.userId));
    const { pageNo, pageSize } = pageParams(request.query);
    const customerId = plain(request.query.customerId);
    const where = sql`a.user_id = ${user.id} and a.tenant_id = ${caller.tenantId}${customerId ? sql` and a.customer_id = ${customerId}` : sql``}`;
    const { rows } = await sql<WireRecord>`select a.id, a.user_id as "userId", a.customer_id as "customerId",
        c.customer_name as "customerId_dictText", a.create_by as "createBy", a.create_time as "createTime"
      from hy_customer_admin a left join hy_customer c on c.id = a.customer_id and c.tenant_id = a.tenant_id
      where ${where} order by a.create_time desc, a.id limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(ctx.db);
    const { rows: counted } = await sql<{ total: number }>`select count(*)::int as total from hy_customer_admin a where ${where}`.execute(ctx.db);
    const total = counted[0]?.total ?? 0;
    return ok({ records: rows, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) });
  });

  app.post(`${base}/add`, can('add'), async (request) => {
    const caller = requireCaller(request);
    const body = bodyOf(request);
    const user = await adminUser(caller, text(body.userId));
    const customerIds = splitIds(body.customerId);
    if (customerIds.length === 0) throw new ValidationError([{ field: 'customerId', message: '货主：必填' }]);
    for (const id of customerIds) {
      if (!(await customerInTenant(ctx.db, caller.tenantId, id))) throw new ValidationError([{ field: 'customerId', message: CUSTOMER_NOT_FOUND }]);
    }
    await ctx.db.transaction().execute(async (tx) => {
      for (const customerId of customerIds) {
        await sql`insert into hy_customer_admin (id, user_id, customer_id, tenant_id, create_by)
          values (${newId()}, ${user.id}, ${customerId}, ${caller.tenantId}, ${caller.username}) on conflict (user_id, customer_id) do nothing`.execute(tx);
      }
      // A customer admin without an active shipper starts with the first one given.
      if (!user.customer_id) await tx.updateTable('sys_user').set({ customer_id: customerIds[0] }).where('id', '=', user.id).execute();
    });
    return ok(null, '添加成功！');
  });

  const remove = async (caller: Caller, ids: string[]) => {
    if (ids.length === 0) throw new BusinessError('请选择要删除的记录');
    await ctx.db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ user_id: string; customer_id: string }>`delete from hy_customer_admin
        where tenant_id = ${caller.tenantId} and id in (${sql.join(ids)}) returning user_id, customer_id`.execute(tx);
      if (rows.length !== ids.length) throw new BusinessError('未找到对应数据');
      // A user whose active shipper is no longer theirs moves to another one they manage, or to none.
      for (const row of rows) {
        await sql`update sys_user set customer_id = (select min(customer_id) from hy_customer_admin where user_id = ${row.user_id})
          where id = ${row.user_id} and customer_id = ${row.customer_id}`.execute(tx);
      }
    });
  };
  app.delete<{ Querystring: { id?: string } }>(`${base}/delete`, can('delete'), async (request) => {
    await remove(requireCaller(request), splitIds(request.query.id).slice(0, 1));
    return ok(null, '删除成功!');
  });
  app.delete<{ Querystring: { ids?: string } }>(`${base}/deleteBatch`, can('delete'), async (request) => {
    await remove(requireCaller(request), splitIds(request.query.ids));
    return ok(null, '批量删除成功!');
  });
}
