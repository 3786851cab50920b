/**
 * Migrations of this area, named 0170_… (then 0171_…, 0172_…) so they sort after the core ones in
 * server/db/migrations.ts and apart from the other areas'. Never edit one that has shipped: add a new one.
 *
 * Column names are the snake_case of the entity schema's properties (schemas/entities/system/sys-announcement*),
 * so the shared repository (server/entity/repository.ts) can list and filter them through the schema allow-list.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const announcementsMigrations: Record<string, Migration> = {
  '0170_sys_announcement': {
    async up(db: Kysely<unknown>) {
      await sql`create table sys_announcement (
        id varchar(32) primary key,
        titile varchar(100) not null,
        msg_content text,
        msg_abstract varchar(500),
        start_time timestamptz, end_time timestamptz,
        sender varchar(100),
        priority varchar(1) not null default 'L',
        msg_category varchar(1) not null default '1',
        msg_type varchar(10) not null default 'ALL',
        send_status varchar(1) not null default '0',
        send_time timestamptz, cancel_time timestamptz,
        user_ids text,
        open_type varchar(20), open_page varchar(255),
        del_flag varchar(1) not null default '0',
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz,
        sys_org_code varchar(64), tenant_id integer not null default 0
      )`.execute(db);
      await sql`create index idx_sys_announcement_tenant on sys_announcement (tenant_id, send_status, create_time desc)`.execute(db);
      await sql`create table sys_announcement_send (
        id varchar(32) primary key,
        annt_id varchar(32) not null references sys_announcement(id) on delete cascade,
        user_id varchar(32) not null references sys_user(id) on delete cascade,
        read_flag varchar(1) not null default '0',
        read_time timestamptz,
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz,
        tenant_id integer not null default 0,
        unique (annt_id, user_id)
      )`.execute(db);
      await sql`create index idx_sys_announcement_send_user on sys_announcement_send (user_id, read_flag)`.execute(db);
      // One row per message a user received, with the message's fields: the 我的消息 screen lists it through the
      // shared repository (filters, sorting, paging) like any entity table, always restricted to the caller's rows.
      await sql`create view sys_announcement_send_v as
        select s.id, s.annt_id, s.user_id, s.read_flag, s.read_time, s.tenant_id,
          a.titile, a.msg_content, a.msg_abstract, a.sender, a.priority, a.msg_category, a.send_time,
          a.open_type, a.open_page,
          s.create_by, s.create_time, s.update_by, s.update_time, a.sys_org_code
        from sys_announcement_send s join sys_announcement a on a.id = s.annt_id
        where a.del_flag = '0' and a.send_status = '1'`.execute(db);
    },
  },
  // Issue 22, item 2: the business record a `component` message opens (JeecgBoot's busType/busId), next to
  // open_type/open_page, and all four on 我的消息's view (new columns go last: create or replace keeps the others).
  '0171_sys_announcement_bus': {
    async up(db: Kysely<unknown>) {
      await sql`alter table sys_announcement add column bus_type varchar(50), add column bus_id varchar(50)`.execute(db);
      await sql`create or replace view sys_announcement_send_v as
        select s.id, s.annt_id, s.user_id, s.read_flag, s.read_time, s.tenant_id,
          a.titile, a.msg_content, a.msg_abstract, a.sender, a.priority, a.msg_category, a.send_time,
          a.open_type, a.open_page,
          s.create_by, s.create_time, s.update_by, s.update_time, a.sys_org_code,
          a.bus_type, a.bus_id
        from sys_announcement_send s join sys_announcement a on a.id = s.annt_id
        where a.del_flag = '0' and a.send_status = '1'`.execute(db);
    },
  },
  // 我的消息 on the engine (issue 23): the view shows only messages inside their display window, so the engine's
  // list, queryById and export of it hold exactly the receipts a user may read (as the bell always did).
  '0172_sys_announcement_send_window': {
    async up(db: Kysely<unknown>) {
      await sql`create or replace view sys_announcement_send_v as
        select s.id, s.annt_id, s.user_id, s.read_flag, s.read_time, s.tenant_id,
          a.titile, a.msg_content, a.msg_abstract, a.sender, a.priority, a.msg_category, a.send_time,
          a.open_type, a.open_page,
          s.create_by, s.create_time, s.update_by, s.update_time, a.sys_org_code,
          a.bus_type, a.bus_id
        from sys_announcement_send s join sys_announcement a on a.id = s.annt_id
        where a.del_flag = '0' and a.send_status = '1'
          and (a.start_time is null or a.start_time <= now()) and (a.end_time is null or a.end_time >= now())`.execute(db);
    },
  },
};
