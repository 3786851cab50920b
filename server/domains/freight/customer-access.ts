/**
 * Who may act for which shipper (issue 8). Customer admins (user type 6) manage the shippers listed for them in
 * hy_customer_admin; platform staff (type 1) manage every shipper of the tenant; a shipper's own account (type 2)
 * with the 管理员 role manages that one shipper's accounts. Everything comes from the session, never the body.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../db/schema.ts';
import type { Caller } from '../../context.ts';
import { BusinessError } from '../../core/errors.ts';
import { STAFF_USER_TYPE } from '../../entity/data-scope.ts';

export const CUSTOMER_USER_TYPE = 2;
export const CUSTOMER_ADMIN_USER_TYPE = 6;

export const NOT_MANAGED_MESSAGE = '您无权管理该货主';
export const NO_ACCOUNT_ADMIN_MESSAGE = '只有平台人员、货主管理员或货主的管理员账号可以管理货主账号';
export const CUSTOMER_NOT_FOUND = '货主不存在';

export interface ManagedCustomer {
  customerId: string;
  customerName: string;
}

/** The shippers a customer admin manages in the tenant, by name (only shippers that still exist). */
export async function managedCustomers(db: Kysely<SystemTables>, tenantId: number, userId: string): Promise<ManagedCustomer[]> {
  const { rows } = await sql<ManagedCustomer>`select a.customer_id as "customerId", c.customer_name as "customerName"
    from hy_customer_admin a join hy_customer c on c.id = a.customer_id and c.tenant_id = a.tenant_id
    where a.user_id = ${userId} and a.tenant_id = ${tenantId}
    order by c.customer_name, a.customer_id`.execute(db);
  return rows;
}

/** The shipper of that id in the tenant, or undefined. */
export async function customerInTenant(db: Kysely<SystemTables>, tenantId: number, customerId: string): Promise<ManagedCustomer | undefined> {
  if (!customerId) return undefined;
  const { rows } = await sql<ManagedCustomer>`select id as "customerId", customer_name as "customerName" from hy_customer
    where id = ${customerId} and tenant_id = ${tenantId}`.execute(db);
  return rows[0];
}

/** The role (customer_user_role) of a shipper's own account, or undefined for other users. */
export async function customerUserRole(db: Kysely<SystemTables>, userId: string, customerId: string | null): Promise<string | undefined> {
  if (!customerId) return undefined;
  const { rows } = await sql<{ role: string }>`select role from hy_customer_user where id = ${userId} and customer_id = ${customerId}`.execute(db);
  return rows[0]?.role;
}

/**
 * The shippers whose accounts the caller may manage: 'all' for platform staff, otherwise their ids. A caller who
 * may manage none is refused here, so every customer-user endpoint denies by default.
 */
export async function accountScope(db: Kysely<SystemTables>, caller: Caller): Promise<'all' | string[]> {
  if (caller.userType === STAFF_USER_TYPE) return 'all';
  let ids: string[] = [];
  if (caller.userType === CUSTOMER_ADMIN_USER_TYPE) {
    ids = (await managedCustomers(db, caller.tenantId, caller.userId)).map((c) => c.customerId);
  } else if (caller.userType === CUSTOMER_USER_TYPE && caller.customerId) {
    if ((await customerUserRole(db, caller.userId, caller.customerId)) === 'admin') ids = [caller.customerId];
  }
  if (ids.length === 0) throw new BusinessError(NO_ACCOUNT_ADMIN_MESSAGE);
  return ids;
}

export function inScope(scope: 'all' | string[], customerId: string): boolean {
  return scope === 'all' || scope.includes(customerId);
}
