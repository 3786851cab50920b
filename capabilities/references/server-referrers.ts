/**
 * Deleting a record that other records name is refused: a shipper with waybills, a driver or vehicle on a waybill,
 * a carrier with vehicles. Left alone, the waybills and bills would point at nothing (JeecgBoot deletes them all the
 * same). A field names another entity's records when it declares `references`, or when its dictionary is a table
 * dictionary keyed by that entity's id. The entity's own line items (deleted with it) and its own tree are exempt.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../server/db/schema.ts';
import { isMultiValue } from '../../src/contracts/entity.ts';
import type { TableDictionary } from '../../server/dict/table-dicts.ts';
import { BusinessError } from '../../server/core/errors.ts';
import type { EntityRuntime } from '../../server/entity/registry.ts';
import { tenantWhere } from '../../server/entity/tenancy.ts';

export interface Referrer {
  entity: EntityRuntime;
  field: string;
}

/** The single-valued fields of other entities that hold ids of `target`. */
export function referrersOf(target: EntityRuntime, entities: readonly EntityRuntime[], tableDicts: ReadonlyMap<string, TableDictionary>): Referrer[] {
  const lineItems = new Set((target.schema.children ?? []).map((child) => `${child.entity}.${child.foreignKey}`));
  const referrers: Referrer[] = [];
  for (const entity of entities) {
    if (entity === target) continue;
    for (const [field, def] of Object.entries(entity.schema.fields)) {
      if (isMultiValue(def) || lineItems.has(`${entity.schema.name}.${field}`) || !entity.columns.has(field)) continue;
      const dict = def.dict ? tableDicts.get(def.dict) : undefined;
      const named = def.references ?? (dict && dict.valueColumn === 'id' ? dict.entity.schema.name : undefined);
      if (named === target.schema.name) referrers.push({ entity, field });
    }
  }
  return referrers;
}

/**
 * The referrers whose table exists: a server-managed entity may be a view onto another table under a name of its own
 * (垫付还款 reads waybills), whose rows the real table's referrer covers already.
 */
export async function presentReferrers(db: Kysely<SystemTables>, referrers: readonly Referrer[]): Promise<Referrer[]> {
  const present: Referrer[] = [];
  for (const referrer of referrers) {
    const { rows } = await sql<{ present: boolean }>`select to_regclass(${referrer.entity.schema.table}) is not null as present`.execute(db);
    if (rows[0]?.present) present.push(referrer);
  }
  return present;
}

/** Refuses when any of `ids` is named by a row of a referrer (in the same tenant): 所选货主已有运单，不能删除. */
export async function assertUnreferenced(db: Kysely<SystemTables>, target: EntityRuntime, referrers: readonly Referrer[], tenantId: number, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const { entity, field } of referrers) {
    const column = sql.id(entity.columns.get(field)!);
    const { rows } = await sql<{ found: number }>`select 1 as found from ${sql.id(entity.schema.table)}
      where ${tenantWhere(entity, tenantId)} and ${column} in (${sql.join(ids)}) limit 1`.execute(db);
    if (rows.length > 0) throw new BusinessError(`所选${target.schema.title}已有${entity.schema.title}，不能删除`);
  }
}
