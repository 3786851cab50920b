/** Online reports (issue 7): one row per report; columns, query items and parameters as JSON. */
import { sql, type Kysely, type Migration } from 'kysely';
import { REPORT_COMPONENT } from '../../../src/contracts/report.ts';

export const reportMigrations: Record<string, Migration> = {
  '0200_online_reports': {
    async up(db: Kysely<unknown>) {
      await sql`create table onl_cgreport_head (
        id varchar(32) primary key,
        code varchar(64) not null unique,
        name varchar(100) not null,
        cgr_sql text not null,
        columns jsonb not null,
        query jsonb not null default '[]',
        params jsonb not null default '[]',
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz
      )`.execute(db);
    },
  },
  // The SQL column takes the name of the 报表配置 field (`sql`), so the entity engine serves the screen.
  '0201_report_sql_column': {
    async up(db: Kysely<unknown>) {
      await sql`alter table onl_cgreport_head rename column cgr_sql to "sql"`.execute(db);
    },
  },
  // Report pages become menu links opened through one `/online/cgreport/:code` route (store.ts ensureReportRoute),
  // as the stock JeecgBoot client expects; a page an admin has since changed keeps what it has.
  '0202_report_pages_as_links': {
    async up(db: Kysely<unknown>) {
      // Migration 0141 (system/menus) may have named the page after its url already; either name is one we wrote.
      await sql`update sys_permission set is_route = false, component_name = 'online-cgreport-' || substr(id, 8)
        where id like 'report:%' and is_route and component = ${REPORT_COMPONENT}
          and component_name in ('OnlCgreportAutoList', 'online-cgreport-' || substr(id, 8))
          and url = '/online/cgreport/' || substr(id, 8)`.execute(db);
    },
  },
};
