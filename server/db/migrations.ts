/**
 * Versioned migrations of the system tables, applied in order by Kysely's Migrator. Written with SQL that both
 * PostgreSQL 15 and PGlite (PostgreSQL 18) accept (stack-spike G7). Entity tables come from schema files instead
 * (db/entity-tables.ts). Never edit a migration that has shipped: add a new one.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const audit = sql`create_time timestamptz not null default now()`;

const migrations: Record<string, Migration> = {
  '0001_system_tables': {
    async up(db: Kysely<unknown>) {
      await sql`create table sys_user (
        id varchar(32) primary key,
        username varchar(100) not null unique,
        realname varchar(100) not null,
        password_hash text not null,
        avatar varchar(500), phone varchar(20), email varchar(100), org_code varchar(64),
        status smallint not null default 1,
        del_flag smallint not null default 0,
        user_type smallint not null default 1,
        customer_id varchar(32), rel_tenant_ids varchar(500), depart_ids varchar(1000),
        password_changed_at timestamptz,
        create_by varchar(50), ${audit}, update_by varchar(50), update_time timestamptz
      )`.execute(db);
      await sql`create table sys_role (
        id varchar(32) primary key, role_code varchar(100) not null unique, role_name varchar(200) not null,
        description varchar(500), ${audit}
      )`.execute(db);
      await sql`create table sys_user_role (
        user_id varchar(32) not null references sys_user(id) on delete cascade,
        role_id varchar(32) not null references sys_role(id) on delete cascade,
        primary key (user_id, role_id)
      )`.execute(db);
      await sql`create table sys_permission (
        id varchar(100) primary key, parent_id varchar(100), name varchar(100) not null,
        url varchar(255), component varchar(255), component_name varchar(100), redirect varchar(255),
        menu_type smallint not null, perms varchar(255), perms_type varchar(1) not null default '1',
        sort_no integer not null default 0, always_show boolean not null default false, icon varchar(100),
        is_route boolean not null default true, is_leaf boolean not null default true,
        keep_alive boolean not null default false, hidden boolean not null default false,
        hide_tab boolean not null default false, internal_or_external boolean not null default false,
        status varchar(1) not null default '1', del_flag smallint not null default 0, description varchar(255),
        ${audit}
      )`.execute(db);
      await sql`create index idx_sys_permission_parent on sys_permission(parent_id)`.execute(db);
      await sql`create table sys_role_permission (
        role_id varchar(32) not null references sys_role(id) on delete cascade,
        permission_id varchar(100) not null references sys_permission(id) on delete cascade,
        primary key (role_id, permission_id)
      )`.execute(db);
      await sql`create table sys_depart (
        id varchar(32) primary key, parent_id varchar(32), depart_name varchar(100) not null,
        org_code varchar(64) not null unique, org_category varchar(10) not null default '1',
        depart_order integer not null default 0, status varchar(1) not null default '1',
        del_flag smallint not null default 0, ${audit}
      )`.execute(db);
      await sql`create table sys_user_depart (
        user_id varchar(32) not null references sys_user(id) on delete cascade,
        dep_id varchar(32) not null references sys_depart(id) on delete cascade,
        primary key (user_id, dep_id)
      )`.execute(db);
      await sql`create table sys_tenant (
        id integer primary key, name varchar(100) not null, begin_date date, end_date date,
        status smallint not null default 1, ${audit}
      )`.execute(db);
      await sql`create table sys_dict (
        id varchar(32) primary key, dict_code varchar(100) not null unique, dict_name varchar(100) not null,
        description varchar(255), del_flag smallint not null default 0, ${audit}
      )`.execute(db);
      await sql`create table sys_dict_item (
        id varchar(32) primary key, dict_id varchar(32) not null references sys_dict(id) on delete cascade,
        item_value varchar(100) not null, item_text varchar(100) not null, sort_order integer not null default 0,
        status smallint not null default 1, ${audit}, unique (dict_id, item_value)
      )`.execute(db);
      await sql`create table sys_session (
        token_hash varchar(64) primary key,
        user_id varchar(32) not null references sys_user(id) on delete cascade,
        ip varchar(64), created_at timestamptz not null default now(), expires_at timestamptz not null,
        last_seen_at timestamptz not null default now(), revoked_at timestamptz
      )`.execute(db);
      await sql`create index idx_sys_session_user on sys_session(user_id)`.execute(db);
      await sql`create table hy_setting (
        id varchar(64) primary key, value jsonb not null, update_time timestamptz
      )`.execute(db);
      await sql`create table sys_schema_sync (
        entity varchar(100) primary key, checksum varchar(64) not null, synced_at timestamptz not null default now()
      )`.execute(db);
    },
  },
  '0002_phone_login_and_forced_password_change': {
    async up(db: Kysely<unknown>) {
      await sql`alter table sys_user add column must_change_password boolean not null default false`.execute(db);
      // Phone login finds the user by number, so a number may belong to one live account only.
      await sql`create unique index uq_sys_user_phone on sys_user(phone) where phone is not null and del_flag = 0`.execute(db);
    },
  },
  '0003_remember_me': {
    async up(db: Kysely<unknown>) {
      await sql`create table sys_remember_token (
        token_hash varchar(64) primary key,
        user_id varchar(32) not null references sys_user(id) on delete cascade,
        expires_at timestamptz not null,
        created_at timestamptz not null default now()
      )`.execute(db);
      await sql`create index idx_sys_remember_token_user on sys_remember_token(user_id)`.execute(db);
    },
  },
  '0004_uploaded_files': {
    async up(db: Kysely<unknown>) {
      // Who owns each stored file: downloads are confined to the uploader's tenant.
      await sql`create table sys_file (
        path varchar(255) primary key,
        tenant_id integer not null,
        original_name varchar(255) not null,
        mime varchar(120) not null,
        size integer not null,
        create_by varchar(50),
        create_time timestamptz not null default now()
      )`.execute(db);
    },
  },
  '0005_check_rules': {
    async up(db: Kysely<unknown>) {
      await sql`create table sys_check_rule (
        id varchar(32) primary key,
        rule_code varchar(100) not null unique,
        rule_name varchar(100) not null,
        rule_json text not null,
        rule_description varchar(255),
        ${audit}
      )`.execute(db);
    },
  },
  '0006_data_rules': {
    async up(db: Kysely<unknown>) {
      // JeecgBoot's data rules: row filters defined on a menu page, granted per role in sys_role_permission.
      await sql`create table sys_permission_data_rule (
        id varchar(32) primary key,
        permission_id varchar(100) not null references sys_permission(id) on delete cascade,
        rule_name varchar(50) not null,
        rule_column varchar(50),
        rule_conditions varchar(50) not null,
        rule_value varchar(300),
        status varchar(1) not null default '1',
        ${audit}, create_by varchar(50), update_time timestamptz, update_by varchar(50)
      )`.execute(db);
      await sql`create index idx_sys_permission_data_rule_perm on sys_permission_data_rule(permission_id)`.execute(db);
      await sql`alter table sys_role_permission add column data_rule_ids varchar(1000)`.execute(db);
    },
  },
  '0007_depart_tenant': {
    async up(db: Kysely<unknown>) {
      // Department pickers list the caller's tenant only; existing departments belong to the first tenant.
      await sql`alter table sys_depart add column tenant_id integer not null default 1`.execute(db);
      await sql`create index idx_sys_depart_tenant on sys_depart(tenant_id)`.execute(db);
    },
  },
  '0008_trigram_search': {
    async up(db: Kysely<unknown>) {
      // Contains-search indexes (entity `indexes` with `contains`). Trusted extension: a database owner may create it.
      await sql`create extension if not exists pg_trgm`.execute(db);
    },
  },
};

class InCodeMigrations implements MigrationProvider {
  constructor(private readonly areaMigrations: Record<string, Migration>) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return { ...migrations, ...this.areaMigrations };
  }
}

/**
 * Runs these core migrations and the areas' (`areaMigrations`): the areas sit above the database layer, so the
 * caller that knows them all (app.ts `prepareDatabase`) hands them in.
 */
export async function migrateToLatest(db: Kysely<unknown>, areaMigrations: Record<string, Migration>): Promise<void> {
  // Domains (server/domains/*) number their migrations in their own ranges, so a later core or area migration may
  // sort before one a database already ran; each still runs exactly once.
  const migrator = new Migrator({ db, provider: new InCodeMigrations(areaMigrations), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
