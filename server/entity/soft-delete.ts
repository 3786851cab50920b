/**
 * Soft delete (schema `storage.deletedFlag`, JeecgBoot's del_flag: '0' live, '1' deleted). A delete marks the row
 * instead of removing it; the live condition joins the caller's scope (data-scope.ts), so lists, reads by id,
 * edits, deletes, operations and exports of the engine never see a deleted row.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import type { EntityRuntime } from './registry.ts';
import { tenantWhere } from './tenancy.ts';

export const LIVE = '0';
export const DELETED = '1';

/** `<flag> = '0'` for a soft-deleting entity (`= '1'` for its recycle bin, storage.deletedRows), else nothing. */
export function liveConditions(entity: EntityRuntime): RawBuilder<unknown>[] {
  const flag = entity.schema.storage?.deletedFlag;
  return flag ? [sql`${sql.id(flag)} = ${entity.schema.storage?.deletedRows ? DELETED : LIVE}`] : [];
}

export function softDeletes(entity: EntityRuntime): boolean {
  return entity.schema.storage?.deletedFlag !== undefined;
}

/** Marks live rows of the tenant deleted (with who and when, where the table has those columns); how many. */
export async function softDeleteRows(db: Kysely<SystemTables>, entity: EntityRuntime, tenantId: number, ids: string[], by?: string): Promise<number> {
  const flag = sql.id(entity.schema.storage!.deletedFlag!);
  const sets = [sql`${flag} = ${DELETED}`];
  if (entity.columns.has('updateBy') && by !== undefined) sets.push(sql`${sql.id(entity.columns.get('updateBy')!)} = ${by}`);
  if (entity.columns.has('updateTime')) sets.push(sql`${sql.id(entity.columns.get('updateTime')!)} = now()`);
  const result = await sql`update ${sql.id(entity.schema.table)} set ${sql.join(sets)}
    where ${tenantWhere(entity, tenantId)} and ${flag} = ${LIVE} and id in (${sql.join(ids)})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
