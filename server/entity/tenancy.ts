/**
 * The tenant condition and the tenant column of a row, in one place: most tables carry tenant_id, a few system
 * tables (schema `storage.tenancy: platform`, e.g. sys_dict) hold one set of rows for the whole platform, and
 * sys_user (`tenancy: list`) lists the tenants each row belongs to in rel_tenant_ids.
 */
import { sql, type RawBuilder } from 'kysely';
import type { EntityRuntime } from './registry.ts';

/** `tenant_id = <tenant>` (qualified by `alias` when given), or `true` for a platform table. */
export function tenantWhere(entity: EntityRuntime, tenantId: number, alias?: string): RawBuilder<unknown> {
  if (entity.schema.storage?.tenancy === 'list') {
    // rel_tenant_ids is a comma list, matched as a whole item.
    const column = alias ? sql.ref(`${alias}.rel_tenant_ids`) : sql.ref('rel_tenant_ids');
    return sql`(',' || coalesce(${column}, '') || ',') like ${`%,${tenantId},%`}`;
  }
  if (!entity.tenantScoped) return sql`true`;
  return alias ? sql`${sql.ref(`${alias}.tenant_id`)} = ${tenantId}` : sql`tenant_id = ${tenantId}`;
}

/** The system values a new row stores: creator, organisation and tenant, minus the columns the table lacks. */
export function creationValues(entity: EntityRuntime, caller: { username: string; orgCode?: string | null; tenantId: number }): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (entity.columns.has('createBy')) values.createBy = caller.username;
  if (entity.columns.has('sysOrgCode')) values.sysOrgCode = caller.orgCode;
  if (entity.tenantScoped) values.tenant_id = caller.tenantId;
  if (entity.schema.storage?.tenancy === 'list') values.rel_tenant_ids = String(caller.tenantId);
  return values;
}

/** The system values an edit stores: who and when, minus the columns the table lacks. */
export function updateValues(entity: EntityRuntime, username: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (entity.columns.has('updateBy')) values.updateBy = username;
  if (entity.columns.has('updateTime')) values.updateTime = new Date().toISOString();
  return values;
}
