/**
 * Tax area migrations (0480_…). The 税务 rates of 平台设置 are columns of hy_config (a table its settings migration
 * owns); their defaults are the schema's when this shipped. The monthly drafting job is a sys_quartz_job row.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { newId } from '../../../core/ids.ts';

export const taxMigrations: Record<string, Migration> = {
  '0480_hy_config_tax_rates': {
    async up(db: Kysely<unknown>) {
      await sql`alter table hy_config
        add column driver_vat_rate numeric(18,4) default 0.01,
        add column urban_maintenance_rate numeric(18,4) default 0.07,
        add column education_surcharge_rate numeric(18,4) default 0.03,
        add column local_education_rate numeric(18,4) default 0.02,
        add column iit_deemed_rate numeric(18,4) default 0.005,
        add column tax_authority varchar(100) default '国家税务总局天津市东丽区税务局'`.execute(db);
    },
  },
  '0481_tax_declaration_job': {
    async up(db: Kysely<unknown>) {
      // 生成税务申报 on the 1st of each month at 02:00: drafts the previous month (执行一次 re-drafts it).
      await sql`insert into sys_quartz_job (id, create_by, job_class_name, cron_expression, parameter, description, status)
        values (${newId()}, 'system', 'taxDeclarationDraft', '0 0 2 1 * ?', null,
          '每月 1 日 02:00 按上月已支付的司机运费生成待申报的税务申报（待申报的重算，已申报/已缴款的不动）', '0')
        on conflict (job_class_name) do nothing`.execute(db);
    },
  },
};
