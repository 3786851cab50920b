/**
 * Fields with `copyFrom` (contract.ts): filled on add and edit from the records their `via` field names, read within
 * the caller's tenant, before the record is validated.
 */
import type { WireRecord } from '../../src/contracts/envelope.ts';
import type { AppContext, Caller } from '../../server/context.ts';
import { BusinessError } from '../../server/core/errors.ts';
import type { EntityRuntime } from '../../server/entity/registry.ts';
import { findRow } from '../../server/entity/repository.ts';
import { copiedValue } from './contract.ts';

type Db = AppContext['db'];

function entityNamed(ctx: AppContext, name: string): EntityRuntime {
  const entity = ctx.entities.find((e) => e.schema.name === name);
  // The schema lint guarantees the name; a miss here is a deployment error, not the caller's.
  if (!entity) throw new Error(`unknown entity ${name}`);
  return entity;
}

/**
 * Fields with `copyFrom`, filled from the referenced records (within the caller's tenant) whenever the record names
 * one — on add, and on edit when the referencing field is sent. What the body said for them is discarded, so a
 * snapshot (a fee, a driver's name) always comes from the source. A missing referenced record is refused.
 */
export async function applyCopies(
  ctx: AppContext,
  db: Db,
  entity: EntityRuntime,
  caller: Caller,
  record: Record<string, unknown>,
  body: Record<string, unknown>,
  existing?: WireRecord,
): Promise<void> {
  const copies = Object.entries(entity.schema.fields).filter(([, field]) => field.copyFrom);
  if (copies.length === 0) return;
  const loaded = new Map<string, WireRecord | null>();
  for (const [name, field] of copies) {
    const via = field.copyFrom!.via;
    delete record[name];
    if (!(via in body)) {
      // An edit that leaves the reference alone keeps the snapshot it has.
      const kept = existing?.[name];
      if (kept !== null && kept !== undefined && kept !== '') record[name] = kept;
      continue;
    }
    const id = record[via];
    if (id === undefined || id === null || id === '') continue;
    if (!loaded.has(via)) {
      const source = entityNamed(ctx, entity.schema.fields[via].references!);
      loaded.set(via, await findRow(db, source, caller.tenantId, String(id)));
    }
    const source = loaded.get(via);
    if (!source) throw new BusinessError(`${entity.schema.fields[via].label}不存在`);
    const value = copiedValue(field.copyFrom!, source);
    if (value !== null && value !== undefined && value !== '') record[name] = value instanceof Date ? value.toISOString() : value;
  }
}
