/**
 * Migrations of this area, named 0140_… (then 0141_…, 0142_…) so they sort after the core ones in
 * server/db/migrations.ts and apart from the other areas'. Never edit one that has shipped: add a new one.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const menusMigrations: Record<string, Migration> = {
  '0140_permission_has_child': {
    async up(db: Kysely<unknown>) {
      // The menu tree is an engine tree (schema `tree`): whether a row has live rows below it is a column ('1'/'0'),
      // and is_leaf (JeecgBoot's column, written by the menu sync) its opposite. A trigger keeps both right whoever
      // writes: the engine, the menu sync, the report menus, a soft delete (del_flag) or a move (parent_id).
      await sql`alter table sys_permission add column has_child varchar(1) not null default '0'`.execute(db);
      await sql`update sys_permission p set has_child = case when exists (
          select 1 from sys_permission c where c.parent_id = p.id and c.del_flag = 0) then '1' else '0' end`.execute(db);
      await sql`update sys_permission set is_leaf = (has_child = '0')`.execute(db);
      await sql`create function sys_permission_has_child() returns trigger language plpgsql as $fn$
        declare
          target varchar(100);
        begin
          foreach target in array array[
            case when tg_op <> 'INSERT' then old.parent_id end,
            case when tg_op <> 'DELETE' then new.parent_id end,
            case when tg_op = 'INSERT' then new.id end
          ] loop
            if target is not null then
              update sys_permission p set
                has_child = case when exists (select 1 from sys_permission c where c.parent_id = p.id and c.del_flag = 0) then '1' else '0' end,
                is_leaf = not exists (select 1 from sys_permission c where c.parent_id = p.id and c.del_flag = 0)
              where p.id = target;
            end if;
          end loop;
          return null;
        end $fn$`.execute(db);
      await sql`create trigger sys_permission_has_child after insert or delete or update of parent_id, del_flag on sys_permission
        for each row execute function sys_permission_has_child()`.execute(db);
    },
  },
  '0141_vue2_menu_components': {
    async up(db: Kysely<unknown>) {
      // Issue 24: the stock JeecgBoot Vue2 client opens the component a menu names and registers a route under its
      // component_name, refusing a name twice. Rows the menu sync and the report menus wrote before now get what they
      // write today (server/menu/route-names.ts); a row an admin changed since is left alone.
      // 通知公告 is JeecgBoot's system/SysAnnouncementList (the React app finds screens by the same string).
      await sql`update sys_permission set component = 'system/SysAnnouncementList', component_name = 'SysAnnouncementList'
        where id = 'page:sysAnnouncement' and component = 'system/AnnouncementList' and component_name = 'AnnouncementList'`.execute(db);
      // Folders shared the layout's name (RouteView): each is named after its url, as JeecgBoot's urlToRouteName.
      await sql`update sys_permission set component_name = replace(replace(regexp_replace(url, '^/', ''), '/', '-'), ':', '@')
        where id like 'menu:%' and component like 'layouts/%' and component_name = substring(component from 9) and url is not null`.execute(db);
      // Report pages shared their component's name (OnlCgreportAutoList): each is named after its url too.
      await sql`update sys_permission set component_name = replace(replace(regexp_replace(url, '^/', ''), '/', '-'), ':', '@')
        where id like 'report:%' and component_name = 'OnlCgreportAutoList' and url is not null`.execute(db);
    },
  },
};
