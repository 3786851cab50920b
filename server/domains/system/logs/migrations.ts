/**
 * Migrations of this area, named 0150_… (then 0151_…, 0152_…) so they sort after the core ones in
 * server/db/migrations.ts and apart from the other areas'. Never edit one that has shipped: add a new one.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const logsMigrations: Record<string, Migration> = {
  '0150_sys_log': {
    async up(db: Kysely<unknown>) {
      // JeecgBoot's sys_log, plus the system columns every entity list reads (update_*, sys_org_code stay null) and
      // what the visit counts need and JeecgBoot lacks: `success` (0 for a failed login or a refused write) and
      // `audit_event` ('login', 'logout'; null for operations).
      await sql`create table sys_log (
        id varchar(32) primary key,
        log_type integer not null,
        log_content varchar(1000) not null,
        operate_type integer,
        userid varchar(32),
        username varchar(100),
        ip varchar(64),
        method varchar(500),
        request_url varchar(500),
        request_type varchar(10),
        request_param text,
        cost_time integer,
        success smallint not null default 1,
        audit_event varchar(16),
        tenant_id integer not null default 0,
        create_by varchar(100),
        create_time timestamptz not null default now(),
        update_by varchar(100),
        update_time timestamptz,
        sys_org_code varchar(64)
      )`.execute(db);
      // The list screen filters by type within a tenant and sorts by time (query.ts: `desc nulls last, id desc`);
      // the dashboard counts logins per day.
      await sql`create index ix_sys_log_type_time on sys_log (tenant_id, log_type, create_time desc nulls last, id desc)`.execute(db);
      await sql`create index ix_sys_log_time on sys_log (tenant_id, create_time desc nulls last, id desc)`.execute(db);
    },
  },
};
