/**
 * Customer admins and their shippers (issues 3 and 8). 管理的货主 (hyCustomerAdmin, hy_customer_admin, migration
 * 0180) is an engine entity: the user screen's 管理货主 panel lists, adds and deletes which shippers a type-6 user
 * manages through the engine's list/add/delete (permission codes customer:hyCustomerAdmin:*). The domain's own:
 * - the user named (`userId`, in the panel's list query and the add's body) must be a live customer admin of the
 *   tenant (a list naming none lists every assignment of the tenant, as the engine lists any entity);
 * - a customer admin without an active shipper (sys_user.customer_id) starts with the first one added, and one whose
 *   active shipper is taken away moves to another it still manages, or to none;
 * - a delete naming an unknown row deletes nothing (未找到对应数据), as before.
 * Endpoints beyond CRUD, for the header's shipper picker:
 * - `GET /customer/hyCustomerAdmin/myList` — the caller's managed shippers with the active one marked (`isUsed`
 *   '1'); staff manage no shipper of their own and get an empty list.
 * - `POST|PUT /customer/hyCustomerAdmin/selectCustomer` (`customerId` in the body or the query) — makes one of them
 *   the active shipper. Sessions read customer_id with every request (server/auth/sessions.ts), so the next request
 *   is already confined to the new shipper.
 * A shipper's own accounts (hyCustomerUser) are the engine's too, with the rules of customer-users.ts.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { SystemTables } from '../../db/schema.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import { STAFF_USER_TYPE } from '../../entity/data-scope.ts';
import { inTenant } from '../../../field-types/user/server.ts';
import type { DomainModule, EntityHooks } from '../../entity/hooks.ts';
import { CUSTOMER_ADMIN_USER_TYPE, managedCustomers, NOT_MANAGED_MESSAGE } from './customer-access.ts';
import { text } from '../system/values.ts';

export const SWITCHED_MESSAGE = '已切换到指定货主';
const NOT_FOUND = '未找到对应数据';

export interface MyCustomer {
  customerId: string;
  customerName: string;
  isUsed: '0' | '1';
}

const plain = (value: unknown): string => text(Array.isArray(value) ? value[0] : value).replaceAll('*', '');

/** A live customer admin of the caller's tenant, or a clear refusal. */
async function customerAdmin(db: Kysely<SystemTables>, tenantId: number, userId: string) {
  const user = userId
    ? await db.selectFrom('sys_user').select(['id', 'user_type', 'customer_id']).where('id', '=', userId)
      .where('del_flag', '=', 0).where(inTenant(tenantId)).executeTakeFirst()
    : undefined;
  if (!user) throw new BusinessError('未找到对应用户');
  if (user.user_type !== CUSTOMER_ADMIN_USER_TYPE) throw new BusinessError('只有货主管理员可以管理多个货主');
  return user;
}

const customerAdminHooks: EntityHooks = {
  // The panel lists one customer admin's shippers: the user it names is checked, the engine filters by `userId`.
  async listConditions(params, { ctx, caller }) {
    const userId = plain(params.userId);
    if (userId) await customerAdmin(ctx.db, caller.tenantId, userId);
    return [];
  },
  async beforeWrite({ tx, caller, record }) {
    const user = await customerAdmin(tx, caller.tenantId, text(record.userId));
    // A customer admin without an active shipper starts with the first one given.
    if (!user.customer_id) await tx.updateTable('sys_user').set({ customer_id: String(record.customerId) }).where('id', '=', user.id).execute();
  },
  async beforeDelete({ tx, rows, requested }) {
    if (rows.length !== requested.length) throw new BusinessError(NOT_FOUND);
    const ids = rows.map((row) => String(row.id));
    // A user whose active shipper is no longer theirs moves to another one they manage, or to none.
    for (const row of rows) {
      await sql`update sys_user set customer_id = (select min(customer_id) from hy_customer_admin
          where user_id = ${row.userId} and id not in (${sql.join(ids)}))
        where id = ${row.userId} and customer_id = ${row.customerId}`.execute(tx);
    }
  },
  texts: { notFound: NOT_FOUND },
};

export const customerAccountsDomain: DomainModule = {
  name: 'freight/customer-accounts',
  hooks: { hyCustomerAdmin: customerAdminHooks },
  routes(app, ctx, prefix) {
    const base = `${prefix}/customer/hyCustomerAdmin`;
    const signedIn = { config: { authenticated: true } };

    app.get(`${base}/myList`, signedIn, async (request) => {
      const caller = requireCaller(request);
      if (caller.userType === STAFF_USER_TYPE) return ok([]);
      const list = await managedCustomers(ctx.db, caller.tenantId, caller.userId);
      return ok(list.map<MyCustomer>((c) => ({ ...c, isUsed: c.customerId === caller.customerId ? '1' : '0' })));
    });

    const select = async (request: FastifyRequest) => {
      const caller = requireCaller(request);
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const query = (request.query ?? {}) as Record<string, unknown>;
      const customerId = text(body.customerId) || text(query.customerId);
      if (!customerId) throw new BusinessError('请选择货主');
      const managed = await managedCustomers(ctx.db, caller.tenantId, caller.userId);
      if (!managed.some((c) => c.customerId === customerId)) throw new BusinessError(NOT_MANAGED_MESSAGE);
      await ctx.db.updateTable('sys_user').set({ customer_id: customerId }).where('id', '=', caller.userId).execute();
      return ok(null, SWITCHED_MESSAGE);
    };
    app.post(`${base}/selectCustomer`, signedIn, select);
    app.put(`${base}/selectCustomer`, signedIn, select);
  },
};
