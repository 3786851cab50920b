/**
 * Settings area migrations (0190_…). 平台设置 (hyConfig) was one jsonb row of hy_setting (id `hyconfig`); it becomes
 * a one-row table the engine lists and edits (schema storage.owner migrations, tenancy platform). The column
 * defaults are the schema's defaults as they stood when this migration shipped: the row starts from them, and the
 * stored jsonb values, if any, are carried over. Never edit a migration that has shipped: add a new one.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const settingsMigrations: Record<string, Migration> = {
  '0190_hy_config': {
    async up(db: Kysely<unknown>) {
      await sql`create table hy_config (
        id varchar(32) primary key,
        platform_name varchar(64) default '网络货运平台',
        company_name varchar(128),
        credit_code varchar(64),
        permit_number varchar(50),
        permit_valid_to date,
        service_phone varchar(20),
        service_email varchar(255),
        vat_rate numeric(18,4) default 0.09,
        default_service_rate numeric(18,4) default 0.065,
        default_settlement_type varchar(255) default '3',
        allow_loss_rate numeric(18,4) default 0.003,
        geofence_radius_m integer default 1000,
        track_sample_seconds integer default 30,
        monitor_enabled boolean default false,
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz, sys_org_code varchar(64)
      )`.execute(db);
      await sql`insert into hy_config (id) values ('hyconfig')`.execute(db);
      // The values stored so far (only what an edit wrote; an empty text is no value).
      const v = (key: string) => sql`nullif(s.value ->> ${key}, '')`;
      await sql`update hy_config c set
          platform_name = coalesce(${v('platformName')}, c.platform_name),
          company_name = ${v('companyName')},
          credit_code = ${v('creditCode')},
          permit_number = ${v('permitNumber')},
          permit_valid_to = ${v('permitValidTo')}::date,
          service_phone = ${v('servicePhone')},
          service_email = ${v('serviceEmail')},
          vat_rate = coalesce(${v('vatRate')}::numeric, c.vat_rate),
          default_service_rate = coalesce(${v('defaultServiceRate')}::numeric, c.default_service_rate),
          default_settlement_type = coalesce(${v('defaultSettlementType')}, c.default_settlement_type),
          allow_loss_rate = coalesce(${v('allowLossRate')}::numeric, c.allow_loss_rate),
          geofence_radius_m = coalesce(${v('geofenceRadiusM')}::integer, c.geofence_radius_m),
          track_sample_seconds = coalesce(${v('trackSampleSeconds')}::integer, c.track_sample_seconds),
          monitor_enabled = coalesce(${v('monitorEnabled')}::boolean, c.monitor_enabled),
          update_time = s.update_time
        from hy_setting s where s.id = 'hyconfig' and c.id = 'hyconfig'`.execute(db);
      await sql`delete from hy_setting where id = 'hyconfig'`.execute(db);
    },
  },
};
