/**
 * Migrations of this area, named 0120_… (then 0121_…, 0122_…) so they sort after the core ones in
 * server/db/migrations.ts and apart from the other areas'. Never edit one that has shipped: add a new one.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const departsMigrations: Record<string, Migration> = {
  '0120_depart_admin': {
    async up(db: Kysely<unknown>) {
      // The contract's SysDepart fields the administration screen edits, and who changed a row when.
      await sql`alter table sys_depart
        add column depart_name_en varchar(500), add column depart_name_abbr varchar(500),
        add column description varchar(500), add column org_type varchar(10),
        add column mobile varchar(32), add column fax varchar(32), add column address varchar(100),
        add column memo varchar(500), add column create_by varchar(50), add column update_by varchar(50),
        add column update_time timestamptz`.execute(db);
      // Every tenant numbers its own tree from A01: the code is unique within a tenant, not across tenants.
      await sql`alter table sys_depart drop constraint if exists sys_depart_org_code_key`.execute(db);
      await sql`create unique index uq_sys_depart_tenant_org_code on sys_depart(tenant_id, org_code)`.execute(db);
      await sql`create index idx_sys_depart_parent on sys_depart(parent_id)`.execute(db);
      // Which menus and buttons a department may hand out (JeecgBoot sys_depart_permission).
      await sql`create table sys_depart_permission (
        depart_id varchar(32) not null references sys_depart(id) on delete cascade,
        permission_id varchar(100) not null references sys_permission(id) on delete cascade,
        primary key (depart_id, permission_id)
      )`.execute(db);
      await sql`alter table sys_tenant
        add column create_by varchar(50), add column update_by varchar(50), add column update_time timestamptz`.execute(db);
    },
  },
  '0121_depart_roles': {
    async up(db: Kysely<unknown>) {
      // Roles owned by a department (JeecgBoot sys_depart_role*): granted only menus/buttons of the department's
      // own permissions, held only by the department's members. Both are checked when grants are read.
      await sql`create table sys_depart_role (
        id varchar(32) primary key,
        depart_id varchar(32) not null references sys_depart(id) on delete cascade,
        role_name varchar(200) not null, role_code varchar(100) not null, description varchar(255),
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz,
        sys_org_code varchar(64), tenant_id integer not null default 0,
        unique (depart_id, role_code)
      )`.execute(db);
      await sql`create table sys_depart_role_permission (
        role_id varchar(32) not null references sys_depart_role(id) on delete cascade,
        permission_id varchar(100) not null references sys_permission(id) on delete cascade,
        primary key (role_id, permission_id)
      )`.execute(db);
      await sql`create table sys_depart_role_user (
        id varchar(32) primary key,
        role_id varchar(32) not null references sys_depart_role(id) on delete cascade,
        user_id varchar(32) not null references sys_user(id) on delete cascade,
        create_by varchar(50), create_time timestamptz not null default now(),
        tenant_id integer not null default 0,
        unique (role_id, user_id)
      )`.execute(db);
      await sql`create index idx_sys_depart_role_user_user on sys_depart_role_user (user_id)`.execute(db);
    },
  },
  '0122_depart_has_child': {
    async up(db: Kysely<unknown>) {
      // The department tree is an engine tree (schema `tree`): whether a department has sub-departments is a column
      // ('1'/'0'). A trigger keeps it right whoever writes (the engine's own upkeep, the seed, a tenant's removal).
      await sql`alter table sys_depart add column has_child varchar(1) not null default '0'`.execute(db);
      await sql`update sys_depart p set has_child = '1' where exists (select 1 from sys_depart c where c.parent_id = p.id)`.execute(db);
      await sql`create function sys_depart_has_child() returns trigger language plpgsql as $fn$
        begin
          if tg_op <> 'INSERT' and old.parent_id is not null then
            update sys_depart p set has_child = case when exists (select 1 from sys_depart c where c.parent_id = p.id) then '1' else '0' end
              where p.id = old.parent_id;
          end if;
          if tg_op <> 'DELETE' and new.parent_id is not null then
            update sys_depart set has_child = '1' where id = new.parent_id and has_child <> '1';
          end if;
          return null;
        end $fn$`.execute(db);
      await sql`create trigger sys_depart_has_child after insert or delete or update of parent_id on sys_depart
        for each row execute function sys_depart_has_child()`.execute(db);
    },
  },
};
