/**
 * The guard reads a caller's permission codes and data rules on every request. As one inline statement that read
 * cost ~3 ms of *planning* per request on PostgreSQL (the role and department-role joins), more than running it.
 * Inside PL/pgSQL functions the statements are prepared once per connection and their plans reused, so the
 * per-request statement stays small. The functions are (re)created from this file at every start, so code and
 * database never disagree. The grant conditions come from server/auth/role-grants.ts, their one source (the
 * function's argument goes in as a raw name: a DDL statement takes no bind parameters).
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { grantedPermissionIds } from './role-grants.ts';

const FUNCTIONS = [
  sql`create or replace function app_user_permission_codes(p_user varchar) returns text
    language plpgsql stable as $fn$
    begin
      return (select string_agg(distinct p.perms, ',') from sys_permission p
        where p.menu_type = 2 and p.status = '1' and p.del_flag = 0
          and p.id in (${grantedPermissionIds(sql.raw('p_user'))}));
    end $fn$`,
  sql`create or replace function app_user_data_rules(p_user varchar) returns json
    language plpgsql stable as $fn$
    begin
      return (select json_agg(json_build_object('id', r.id, 'permission_id', r.permission_id,
          'rule_column', r.rule_column, 'rule_conditions', r.rule_conditions, 'rule_value', r.rule_value) order by r.id)
        from sys_permission_data_rule r
        where r.status = '1' and exists (select 1 from sys_role_permission rp
          join sys_user_role ur on ur.role_id = rp.role_id
          where ur.user_id = p_user and rp.permission_id = r.permission_id
            and position(',' || r.id || ',' in ',' || coalesce(rp.data_rule_ids, '') || ',') > 0));
    end $fn$`,
  sql`create or replace function app_blocked_tenants(p_tenant_ids varchar) returns text
    language plpgsql stable as $fn$
    begin
      return (select string_agg(t.id::text, ',') from sys_tenant t
        where position(',' || t.id || ',' in ',' || replace(coalesce(p_tenant_ids, ''), ' ', '') || ',') > 0
          and not (t.status = 1 and (t.begin_date is null or t.begin_date <= current_date)
                   and (t.end_date is null or t.end_date >= current_date)));
    end $fn$`,
];

export async function installGrantFunctions(db: Kysely<SystemTables>): Promise<void> {
  for (const statement of FUNCTIONS) {
    try {
      await statement.execute(db);
    } catch (error) {
      // Two instances starting together may race on the same definition: the other one's is the same text.
      if (!/concurrently/.test(error instanceof Error ? error.message : String(error))) throw error;
    }
  }
}
