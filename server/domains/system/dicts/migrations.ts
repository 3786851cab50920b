/**
 * Migrations of this area, named 0130_… (then 0131_…, 0132_…) so they sort after the core ones in
 * server/db/migrations.ts and apart from the other areas'. Never edit one that has shipped: add a new one.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const dictsMigrations: Record<string, Migration> = {
  '0130_dict_admin': {
    async up(db: Kysely<unknown>) {
      // Who changed a dictionary and when (JeecgBoot's columns), and a description per item.
      await sql`alter table sys_dict add column create_by varchar(50)`.execute(db);
      await sql`alter table sys_dict add column update_by varchar(50)`.execute(db);
      await sql`alter table sys_dict add column update_time timestamptz`.execute(db);
      await sql`alter table sys_dict_item add column description varchar(255)`.execute(db);
      await sql`alter table sys_dict_item add column create_by varchar(50)`.execute(db);
      await sql`alter table sys_dict_item add column update_by varchar(50)`.execute(db);
      await sql`alter table sys_dict_item add column update_time timestamptz`.execute(db);
      // Items the start-up sync has already put in once (from schemas/dicts). The sync adds only file items
      // missing from here, so an item an admin deleted (or re-valued) is not brought back by a restart.
      await sql`create table sys_dict_seed (
        dict_code varchar(100) not null, item_value varchar(100) not null, primary key (dict_code, item_value)
      )`.execute(db);
      // Everything present so far came from the files or from people: either way it has been seen.
      await sql`insert into sys_dict_seed (dict_code, item_value)
        select d.dict_code, i.item_value from sys_dict d join sys_dict_item i on i.dict_id = d.id
        on conflict do nothing`.execute(db);
    },
  },
};
