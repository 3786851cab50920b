/**
 * Migrations of this area, named 0100_… (then 0101_…, 0102_…) so they sort after the core ones in
 * server/db/migrations.ts and apart from the other areas'. Never edit one that has shipped: add a new one.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const usersMigrations: Record<string, Migration> = {
  '0100_user_sex': {
    async up(db: Kysely<unknown>) {
      // JeecgBoot's SysUser.sex (1 男, 2 女); the user form asks for it.
      await sql`alter table sys_user add column sex smallint`.execute(db);
    },
  },
  '0101_user_recycle_bin_view': {
    async up(db: Kysely<unknown>) {
      // The 用户回收站 screen's schema names a table of its own; it is this view of the deleted users (read-only).
      await sql`create view sys_user_recycle_bin as select id, username, realname, phone, email, sex, status, user_type,
        org_code, depart_ids, rel_tenant_ids, del_flag, create_by, create_time, update_by, update_time
        from sys_user where del_flag = 1`.execute(db);
    },
  },
  '0102_drop_user_recycle_bin_view': {
    async up(db: Kysely<unknown>) {
      // The 用户回收站 schema now names sys_user itself (storage.deletedRows): the view is read by nothing.
      await sql`drop view if exists sys_user_recycle_bin`.execute(db);
    },
  },
  '0103_user_work_no': {
    async up(db: Kysely<unknown>) {
      // JeecgBoot's SysUser.workNo (工号): the stock JeecgBoot user form requires it and checks it is free.
      await sql`alter table sys_user add column work_no varchar(100)`.execute(db);
    },
  },
};
