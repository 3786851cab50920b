/**
 * Migrations of this area, named 0110_… (then 0111_…, 0112_…) so they sort after the core ones in
 * server/db/migrations.ts and apart from the other areas'. Never edit one that has shipped: add a new one.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const rolesMigrations: Record<string, Migration> = {
  '0110_role_tenant_and_audit': {
    async up(db: Kysely<unknown>) {
      // Roles belong to a tenant (existing ones to the first), so one tenant's administrators neither see nor
      // assign another's; role_code stays unique across tenants because menus grant by code.
      await sql`alter table sys_role add column tenant_id integer not null default 1`.execute(db);
      await sql`alter table sys_role add column create_by varchar(50)`.execute(db);
      await sql`alter table sys_role add column update_by varchar(50)`.execute(db);
      await sql`alter table sys_role add column update_time timestamptz`.execute(db);
      await sql`create index idx_sys_role_tenant on sys_role(tenant_id)`.execute(db);
    },
  },
};
