/** Online reports (issue 7): one row per report; columns, query items and parameters as JSON. */
import { sql, type Kysely, type Migration } from 'kysely';

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
};
