/**
 * A shipper's accounts (hy_customer_user, freight-domain §1.2): each is a sys_user row of the same id (user type 2,
 * customer_id = the shipper, role 货主) plus its account role and main-account flag. Reads join the two; the
 * last login comes from the sessions, so nothing has to be written at login.
 */
import { sql, type RawBuilder } from 'kysely';
import type { WireRecord } from '../../../src/contracts/envelope.ts';
import type { AppContext } from '../../context.ts';
import { pageParams, type QueryParams } from '../../entity/query.ts';
import { text } from '../users/helpers.ts';

export interface CustomerUserRow extends WireRecord {
  id: string;
  customerId: string;
  customerName?: string | null;
  username: string;
  realName: string;
  phone: string | null;
  role: string;
  isMainAccount: boolean;
  status: string;
}

const SELECT = sql`cu.id, cu.customer_id as "customerId", c.customer_name as "customerName", u.username, u.realname as "realName",
  u.phone, cu.role, cu.is_main_account as "isMainAccount", cast(u.status as varchar) as status,
  cu.create_by as "createBy", cu.create_time as "createTime", cu.update_by as "updateBy", cu.update_time as "updateTime",
  (select max(s.created_at) from sys_session s where s.user_id = u.id) as "lastLoginTime",
  (select s.ip from sys_session s where s.user_id = u.id order by s.created_at desc limit 1) as "lastLoginIp"`;

const FROM = sql`from hy_customer_user cu join sys_user u on u.id = cu.id and u.del_flag = 0
  left join hy_customer c on c.id = cu.customer_id and c.tenant_id = cu.tenant_id`;

const plain = (value: unknown): string => text(Array.isArray(value) ? value[0] : value).replaceAll('*', '');

function present(ctx: AppContext, row: CustomerUserRow): WireRecord {
  const { customerName, ...rest } = row;
  return {
    ...rest,
    customerId_dictText: customerName ?? '',
    role_dictText: ctx.dicts.text('customer_user_role', row.role),
    status_dictText: ctx.dicts.text('user_status', row.status),
  };
}

/** One page of accounts of the given shippers ('all' for staff), filtered by the list screen's query bar. */
export async function listCustomerUsers(ctx: AppContext, tenantId: number, scope: 'all' | string[], query: QueryParams) {
  const { pageNo, pageSize } = pageParams(query);
  const where: RawBuilder<unknown>[] = [sql`cu.tenant_id = ${tenantId}`];
  if (scope !== 'all') where.push(sql`cu.customer_id in (${sql.join(scope)})`);
  const customerId = plain(query.customerId);
  if (customerId) where.push(sql`cu.customer_id = ${customerId}`);
  for (const [param, column] of [['username', sql`u.username`], ['realName', sql`u.realname`], ['phone', sql`u.phone`]] as const) {
    const value = plain(query[param]);
    if (value) where.push(sql`${column} like ${`%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} escape '\\'`);
  }
  const role = plain(query.role);
  if (role) where.push(sql`cu.role = ${role}`);
  const status = plain(query.status);
  if (status) where.push(sql`cast(u.status as varchar) = ${status}`);
  const condition = sql.join(where, sql` and `);
  const desc = plain(query.order) !== 'asc';
  const order = plain(query.column) === 'username' ? sql`u.username` : sql`cu.create_time`;
  const { rows } = await sql<CustomerUserRow>`select ${SELECT} ${FROM} where ${condition}
    order by ${order} ${sql.raw(desc ? 'desc' : 'asc')}, cu.id limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(ctx.db);
  const { rows: counted } = await sql<{ total: number }>`select count(*)::int as total ${FROM} where ${condition}`.execute(ctx.db);
  const total = counted[0]?.total ?? 0;
  return { records: rows.map((row) => present(ctx, row)), total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
}

/** Accounts by id in the tenant (live users only), as stored. */
export async function findCustomerUsers(ctx: AppContext, tenantId: number, ids: string[]): Promise<CustomerUserRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<CustomerUserRow>`select ${SELECT} ${FROM} where cu.tenant_id = ${tenantId} and cu.id in (${sql.join(ids)})`.execute(ctx.db);
  return rows;
}

export function presentCustomerUser(ctx: AppContext, row: CustomerUserRow): WireRecord {
  return present(ctx, row);
}
