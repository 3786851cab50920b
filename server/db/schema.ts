/** Kysely table types of the system tables (created by db/migrations.ts). Entity tables are dynamic. */
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<string, string | undefined, string>;
type NullableTimestamp = ColumnType<string | null, string | null | undefined, string | null>;
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface SysUserTable {
  id: string;
  username: string;
  realname: string;
  password_hash: string;
  avatar: string | null;
  phone: string | null;
  email: string | null;
  org_code: string | null;
  status: number;
  del_flag: number;
  user_type: number;
  customer_id: string | null;
  rel_tenant_ids: string | null;
  depart_ids: string | null;
  password_changed_at: NullableTimestamp;
  /** Set by an administrator's reset: the next login answers code 406 and only the password change is allowed. */
  must_change_password: ColumnType<boolean, boolean | undefined, boolean>;
  create_by: string | null;
  create_time: Timestamp;
  update_by: string | null;
  update_time: NullableTimestamp;
  /** 1 男, 2 女 (migration 0100, system/users). */
  sex: ColumnType<number | null, number | null | undefined, number | null>;
  /** 工号 (migration 0103, system/users): JeecgBoot's SysUser.workNo, unique among live users. */
  work_no: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SysRoleTable {
  id: string;
  role_code: string;
  role_name: string;
  description: string | null;
  create_time: Timestamp;
  /** Migration 0110 (system/roles): the role's tenant and audit columns. */
  tenant_id: Defaulted<number>;
  create_by: ColumnType<string | null, string | null | undefined, string | null>;
  update_by: ColumnType<string | null, string | null | undefined, string | null>;
  update_time: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SysUserRoleTable {
  user_id: string;
  role_id: string;
}

export interface SysPermissionTable {
  id: string;
  parent_id: string | null;
  name: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  /** 0 top-level menu, 1 sub-menu, 2 button/permission. */
  menu_type: number;
  perms: string | null;
  perms_type: string;
  sort_no: number;
  always_show: boolean;
  icon: string | null;
  is_route: boolean;
  is_leaf: boolean;
  keep_alive: boolean;
  hidden: boolean;
  hide_tab: boolean;
  internal_or_external: boolean;
  status: string;
  del_flag: number;
  description: string | null;
  create_time: Timestamp;
  /** '1' while a live row names this one as parent; a trigger keeps it and is_leaf (server/domains/system/menus migration 0140). */
  has_child: Defaulted<string>;
}

export interface SysRolePermissionTable {
  role_id: string;
  permission_id: string;
  /** Comma-joined ids of the page's data rules this role is bound by (migration 0006). */
  data_rule_ids: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A data rule of a menu page (migration 0006); rule_value may hold #{sys_user_code}-style placeholders. */
export interface SysPermissionDataRuleTable {
  id: string;
  permission_id: string;
  rule_name: string;
  rule_column: string | null;
  rule_conditions: string;
  rule_value: string | null;
  status: ColumnType<string, string | undefined, string>;
  create_time: ColumnType<string, string | undefined, never>;
  create_by: string | null;
  update_time: string | null;
  update_by: string | null;
}

export interface SysDepartTable {
  id: string;
  parent_id: string | null;
  depart_name: string;
  org_code: string;
  org_category: string;
  depart_order: number;
  status: Defaulted<string>;
  del_flag: Defaulted<number>;
  /** The tenant the department belongs to (migration 0007). */
  tenant_id: Defaulted<number>;
  create_time: Timestamp;
  /** Contract fields and audit columns (server/domains/system/departs migration 0120). */
  depart_name_en: Defaulted<string | null>;
  depart_name_abbr: Defaulted<string | null>;
  description: Defaulted<string | null>;
  org_type: Defaulted<string | null>;
  mobile: Defaulted<string | null>;
  fax: Defaulted<string | null>;
  address: Defaulted<string | null>;
  memo: Defaulted<string | null>;
  create_by: Defaulted<string | null>;
  update_by: Defaulted<string | null>;
  update_time: Defaulted<string | null>;
  /** '1' while the department has sub-departments, kept by a trigger (migration 0122). */
  has_child: Defaulted<string>;
}

/** Menus and buttons a department may hand out (migration 0120). */
export interface SysDepartPermissionTable {
  depart_id: string;
  permission_id: string;
}

export interface SysUserDepartTable {
  user_id: string;
  dep_id: string;
}

export interface SysTenantTable {
  id: number;
  name: string;
  begin_date: string | null;
  end_date: string | null;
  status: number;
  create_time: Timestamp;
  /** Audit columns (server/domains/system/departs migration 0120). */
  create_by: Defaulted<string | null>;
  update_by: Defaulted<string | null>;
  update_time: Defaulted<string | null>;
}

export interface SysDictTable {
  id: string;
  dict_code: string;
  dict_name: string;
  description: Defaulted<string | null>;
  del_flag: Defaulted<number>;
  create_time: Timestamp;
  /** Audit columns (server/domains/system/dicts migration 0130). */
  create_by: Defaulted<string | null>;
  update_by: Defaulted<string | null>;
  update_time: Defaulted<string | null>;
}

export interface SysDictItemTable {
  id: string;
  dict_id: string;
  item_value: string;
  item_text: string;
  sort_order: number;
  status: Defaulted<number>;
  create_time: Timestamp;
  /** Description and audit columns (server/domains/system/dicts migration 0130). */
  description: Defaulted<string | null>;
  create_by: Defaulted<string | null>;
  update_by: Defaulted<string | null>;
  update_time: Defaulted<string | null>;
}

/** File dictionary items the start-up sync has inserted once (migration 0130): never re-added after a delete. */
export interface SysDictSeedTable {
  dict_code: string;
  item_value: string;
}

export interface SysSessionTable {
  token_hash: string;
  user_id: string;
  ip: string | null;
  created_at: Timestamp;
  expires_at: string;
  last_seen_at: Timestamp;
  revoked_at: NullableTimestamp;
}

/** Remember-me tokens: hashed, single use (each use rotates it), 30 days. */
export interface SysRememberTokenTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  created_at: Timestamp;
}

export interface SysFileTable {
  path: string;
  tenant_id: number;
  original_name: string;
  mime: string;
  size: number;
  create_by: string | null;
  create_time: Timestamp;
}

export interface SysCheckRuleTable {
  id: string;
  rule_code: string;
  rule_name: string;
  rule_json: string;
  rule_description: string | null;
  create_time: Timestamp;
}

export interface HySettingTable {
  id: string;
  value: ColumnType<Record<string, unknown>, string, string>;
  update_time: NullableTimestamp;
}

export interface SysSchemaSyncTable {
  entity: string;
  checksum: string;
  synced_at: Timestamp;
}

export interface SystemTables {
  sys_user: SysUserTable;
  sys_role: SysRoleTable;
  sys_user_role: SysUserRoleTable;
  sys_permission: SysPermissionTable;
  sys_role_permission: SysRolePermissionTable;
  sys_permission_data_rule: SysPermissionDataRuleTable;
  sys_depart: SysDepartTable;
  sys_user_depart: SysUserDepartTable;
  sys_tenant: SysTenantTable;
  sys_depart_permission: SysDepartPermissionTable;
  sys_dict: SysDictTable;
  sys_dict_item: SysDictItemTable;
  sys_dict_seed: SysDictSeedTable;
  sys_session: SysSessionTable;
  sys_remember_token: SysRememberTokenTable;
  sys_file: SysFileTable;
  sys_check_rule: SysCheckRuleTable;
  hy_setting: HySettingTable;
  sys_schema_sync: SysSchemaSyncTable;
}

