/**
 * What of an entity's fields a caller may see, as the rules every query path shares. A value the caller is not shown
 * must not be recoverable by asking about it either: a filter, a sort, an advanced query or a duplicate check that
 * compared against the real value would answer "yes/no" about it, and a binary search recovers it in ~30 requests.
 *
 * - `hidden`: never usable by this caller — password hashes always; privacy-masked fields (`mask`: ID cards,
 *   phones, bank cards) when the caller may not edit the entity (everywhere they only ever see them masked).
 * - `withheld`: hidden on some rows only (schema `rowMasks`, e.g. agent-mode fees for a shipper): property → the SQL
 *   condition true on rows where it is withheld. Filters on it match none of those rows; sorts treat it as empty.
 */
import { sql, type RawBuilder } from 'kysely';
import { permissionCode } from '../../src/contracts/entity.ts';
import type { Caller } from '../context.ts';
import type { EntityRuntime } from './registry.ts';
import { isSecretProperty } from './field-types.ts';

type Condition = RawBuilder<unknown>;

export interface FieldVisibility {
  hidden: ReadonlySet<string>;
  withheld: ReadonlyMap<string, Condition>;
  /** Distinguishes visibilities in memo keys (the conditions themselves are bound SQL). */
  key: string;
}

/** Who sees everything but secrets (server code acting for nobody in particular; staff-only system lists). */
export function secretsOnly(entity: EntityRuntime): FieldVisibility {
  const hidden = new Set([...entity.columns.keys()].filter((property) => isSecretProperty(entity, property)));
  return { hidden, withheld: new Map(), key: '' };
}

/**
 * Row masks as SQL: property → the condition under which its value is withheld from this caller (the same rule as
 * src/contracts/row-masks.ts `maskApplies`, which decides what the caller receives).
 */
export function rowMaskConditions(entity: EntityRuntime, caller: Pick<Caller, 'userType' | 'customerId'>): Map<string, Condition> {
  const out = new Map<string, Condition>();
  const column = (property: string) => sql.id(entity.columns.get(property)!);
  for (const mask of entity.schema.rowMasks ?? []) {
    if (!mask.userTypes.includes(caller.userType)) continue;
    const matches = Object.entries(mask.when).map(([field, values]) => sql`coalesce(cast(${column(field)} as text), '') in (${sql.join(values.map((v) => sql`${v}`))})`);
    const own = caller.customerId;
    const exempt = own ? (mask.unlessCustomerIn ?? []).map((field) => sql`coalesce(${column(field)}, '') = ${own}`) : [];
    const condition = sql.join([...matches, ...(exempt.length ? [sql`not (${sql.join(exempt, sql` or `)})`] : [])], sql` and `);
    for (const field of mask.fields) out.set(field, out.has(field) ? sql`(${out.get(field)!}) or (${condition})` : condition);
  }
  return out;
}

/** Whether privacy-masked fields reach this caller in full (detail, export) — only if they may edit the record. */
export function seesMaskedInFull(entity: EntityRuntime, caller: Pick<Caller, 'permissions'>): boolean {
  return caller.permissions.has(permissionCode(entity.schema, 'edit'));
}

export function fieldVisibility(entity: EntityRuntime, caller: Caller): FieldVisibility {
  const hidden = new Set(secretsOnly(entity).hidden);
  if (!seesMaskedInFull(entity, caller)) {
    for (const [property, field] of Object.entries(entity.schema.fields)) if (field.mask) hidden.add(property);
  }
  const withheld = rowMaskConditions(entity, caller);
  const key = [...hidden].sort().join(',') + (withheld.size ? `|${caller.userType}:${caller.customerId ?? ''}` : '');
  return { hidden, withheld, key };
}

/** A condition on `property` that never holds on rows where the caller is not shown its value. */
export function visibleOnly(visibility: FieldVisibility | undefined, property: string, condition: Condition): Condition {
  const withheld = visibility?.withheld.get(property);
  return withheld ? sql`(not (${withheld}) and ${condition})` : condition;
}

/** The value of `column` as this caller may sort by it: empty where withheld. */
export function sortableValue(visibility: FieldVisibility | undefined, property: string, column: Condition): Condition {
  const withheld = visibility?.withheld.get(property);
  return withheld ? sql`(case when ${withheld} then null else ${column} end)` : column;
}
