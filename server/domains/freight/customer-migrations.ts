/**
 * Migrations of the customer accounts (were server/system/customers), named 0180_… (then 0181_…, 0182_…) so they
 * sort after the core ones in server/db/migrations.ts and apart from the other areas'. Never edit one that has
 * shipped: add a new one.
 * hy_customer itself is an engine table (schemas/entities/freight/hy-customer.entity.json), created after the
 * migrations run, so customer ids here carry no foreign key: the routes check them against hy_customer.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const customersMigrations: Record<string, Migration> = {
  '0180_customer_accounts': {
    async up(db: Kysely<unknown>) {
      // The shippers a customer admin (user type 6) manages; one of them is the active one (sys_user.customer_id).
      await sql`create table hy_customer_admin (
        id varchar(32) primary key,
        user_id varchar(32) not null references sys_user(id) on delete cascade,
        customer_id varchar(32) not null,
        tenant_id integer not null default 0,
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz, sys_org_code varchar(64),
        unique (user_id, customer_id)
      )`.execute(db);
      await sql`create index idx_hy_customer_admin_customer on hy_customer_admin (customer_id)`.execute(db);
      // A shipper's own accounts: the login is the sys_user row of the same id (user type 2, customer_id set).
      await sql`create table hy_customer_user (
        id varchar(32) primary key references sys_user(id) on delete cascade,
        customer_id varchar(32) not null,
        role varchar(20) not null,
        is_main_account boolean not null default false,
        tenant_id integer not null default 0,
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz, sys_org_code varchar(64)
      )`.execute(db);
      await sql`create index idx_hy_customer_user_customer on hy_customer_user (customer_id)`.execute(db);
      await sql`create unique index uq_hy_customer_user_main on hy_customer_user (customer_id) where is_main_account`.execute(db);
    },
  },
  // What 货主账号 (hyCustomerUser, storage.view) reads: each account with its live login user, the last login from
  // the sessions (nothing is written at login). Inner joins only, so the engine may lock a row through it.
  '0181_hy_customer_user_view': {
    async up(db: Kysely<unknown>) {
      await sql`create view hy_customer_user_v as
        select cu.id, cu.customer_id, cu.role, cu.is_main_account, cu.tenant_id,
          cu.create_by, cu.create_time, cu.update_by, cu.update_time, cu.sys_org_code,
          u.username, u.realname as real_name, u.phone, cast(u.status as varchar) as status,
          (select max(s.created_at) from sys_session s where s.user_id = u.id) as last_login_time,
          (select s.ip from sys_session s where s.user_id = u.id order by s.created_at desc limit 1) as last_login_ip
        from hy_customer_user cu join sys_user u on u.id = cu.id and u.del_flag = 0`.execute(db);
    },
  },
};
