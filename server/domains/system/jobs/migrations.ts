/**
 * Migrations of this area, named 0160_… (then 0161_…, 0162_…) so they sort after the core ones in
 * server/db/migrations.ts and apart from the other areas'. Never edit one that has shipped: add a new one.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { newId } from '../../../core/ids.ts';

/** Demo jobs, inserted once with the table: admins may change or delete them afterwards. */
const DEMO_JOBS = [
  { key: 'sessionCleanup', cron: '0 30 3 * * ?', parameter: '{"days":7}', status: '0', description: '每天 03:30 删除结束超过 7 天的会话和过期的记住登录令牌' },
  { key: 'settlementDueRecalculation', cron: '0 10 0 * * ?', parameter: null, status: '-1', description: '每天 00:10 重算未结清账单的逾期天数（账单表上线后启用）' },
  { key: 'monitoringUploadRetry', cron: '0 0/10 * * * ?', parameter: '{"retryMax":5}', status: '-1', description: '每 10 分钟把到期的上报失败记录重新排队（上报记录表上线后启用）' },
];

export const jobsMigrations: Record<string, Migration> = {
  '0160_quartz_jobs': {
    async up(db: Kysely<unknown>) {
      // JeecgBoot's sys_quartz_job; job_class_name is a key of server/domains/system/jobs/handlers.ts, not a Java class.
      // Jobs are platform-wide (their handlers work across tenants), so there is no tenant column.
      await sql`create table sys_quartz_job (
        id varchar(32) primary key,
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz, sys_org_code varchar(64),
        del_flag smallint not null default 0,
        job_class_name varchar(255) not null,
        cron_expression varchar(255) not null,
        parameter varchar(500),
        description varchar(255),
        status varchar(2) not null default '-1'
      )`.execute(db);
      await sql`create unique index uniq_job_class_name on sys_quartz_job(job_class_name)`.execute(db);
      // One row per run (screen: sys-quartz-job-run.entity.json, hence the audit columns). fire_time is the scheduled slot (null for 执行一次); the unique index backs the advisory
      // lock: a slot is recorded once whichever instance ran it.
      await sql`create table sys_quartz_job_run (
        id varchar(32) primary key,
        job_id varchar(32) not null references sys_quartz_job(id) on delete cascade,
        job_class_name varchar(255) not null,
        trigger_type varchar(10) not null,
        fire_time timestamptz,
        started_at timestamptz not null,
        finished_at timestamptz not null,
        duration_ms integer not null,
        outcome varchar(10) not null,
        message varchar(1000),
        instance varchar(100) not null,
        triggered_by varchar(50),
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz, sys_org_code varchar(64)
      )`.execute(db);
      await sql`create unique index uq_sys_quartz_job_run_slot on sys_quartz_job_run(job_id, fire_time) where fire_time is not null`.execute(db);
      await sql`create index idx_sys_quartz_job_run_job on sys_quartz_job_run(job_id, started_at)`.execute(db);
      for (const job of DEMO_JOBS) {
        await sql`insert into sys_quartz_job (id, create_by, job_class_name, cron_expression, parameter, description, status)
          values (${newId()}, 'system', ${job.key}, ${job.cron}, ${job.parameter}, ${job.description}, ${job.status})`.execute(db);
      }
    },
  },
  '0161_settlement_bill_job': {
    async up(db: Kysely<unknown>) {
      // 出账 daily at 00:05 (before the 00:10 due recalculation); 执行一次 on the job is the admins' 立即出账.
      await sql`insert into sys_quartz_job (id, create_by, job_class_name, cron_expression, parameter, description, status)
        values (${newId()}, 'system', 'settlementBillGeneration', '0 5 0 * * ?', null,
          '每天 00:05 出账：趟结运单逐单出账，月结/垫付货主在出账日汇总上月已签收运单', '0')
        on conflict (job_class_name) do nothing`.execute(db);
    },
  },
};
