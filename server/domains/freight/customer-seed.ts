/**
 * Demo links for a fresh database, after the demo customers (server/seed/demo-customers.ts): the demo customer
 * admin `shipperadmin` manages its current shipper and the next two by name, and the demo `shipper` becomes the
 * main 管理员 account of its shipper. Does nothing when those users have no shipper.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../db/schema.ts';
import { newId } from '../../core/ids.ts';

export const DEMO_MANAGED_CUSTOMERS = 3;

export async function seedDemoCustomerAccounts(db: Kysely<SystemTables>, tenantId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const users = await tx.selectFrom('sys_user').select(['id', 'username', 'customer_id']).where('username', 'in', ['shipper', 'shipperadmin']).execute();
    const admin = users.find((u) => u.username === 'shipperadmin');
    if (admin?.customer_id) {
      const { rows } = await sql<{ id: string }>`select id from hy_customer where tenant_id = ${tenantId}
        order by (id = ${admin.customer_id}) desc, customer_name limit ${DEMO_MANAGED_CUSTOMERS}`.execute(tx);
      for (const row of rows) {
        await sql`insert into hy_customer_admin (id, user_id, customer_id, tenant_id, create_by)
          values (${newId()}, ${admin.id}, ${row.id}, ${tenantId}, 'system') on conflict do nothing`.execute(tx);
      }
    }
    const shipper = users.find((u) => u.username === 'shipper');
    if (shipper?.customer_id) {
      await sql`insert into hy_customer_user (id, customer_id, role, is_main_account, tenant_id, create_by)
        values (${shipper.id}, ${shipper.customer_id}, 'admin', true, ${tenantId}, 'system') on conflict do nothing`.execute(tx);
    }
  });
}
