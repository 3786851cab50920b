/**
 * The engine's add, in two halves: `prepareAdd` (normalise, defaults, capability values, validation, uniqueness,
 * line items — reads only) and `writeAdd` (inside the caller's transaction: the domain's beforeWrite, the row, its
 * afterWrite, line items, the tree). The `<api>/add` route runs one of each in its own transaction; a domain route
 * that adds several records of an entity at once (批量支付运费: one 资金流水 per waybill) runs them all inside one
 * transaction, so every record passes exactly the rules a single add applies and a refusal leaves none behind.
 */
import type { Kysely } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { normaliseRecord } from '../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext, Caller } from '../context.ts';
import type { SystemTables } from '../db/schema.ts';
import { ValidationError } from '../core/errors.ts';
import type { EntityRuntime } from './registry.ts';
import { insertRow } from './repository.ts';
import { applyDefaults, assertUnique, validate, writableValues } from './validation.ts';
import { capabilityDefaults, fillCapabilityValues, ownedFieldErrors } from '../../capabilities/server.ts';
import { prepareForStore, sanitiseRecord } from './field-types.ts';
import { treeRules } from './tree.ts';
import { applyComputed } from './computed.ts';
import { assertParentInScope, enforceRecordCustomer } from './data-scope.ts';
import { childTablesOf, prepareChildRows, writeChildRows } from './children.ts';
import { hookWrittenValues, hooksOf } from './hooks.ts';
import { creationValues } from './tenancy.ts';
import { askedId, newRowId } from './entity-ids.ts';

/** A checked add, ready to be written. */
export interface PreparedAdd {
  /** The body as sent (hooks see properties outside the schema too). */
  body: WireRecord;
  /** The record as it will be stored, normalised and validated; beforeWrite may still change values. */
  record: Record<string, unknown>;
  lineItems: Awaited<ReturnType<typeof prepareChildRows>>;
  /** A client-chosen integer id (storage.idKind), else undefined. */
  asked: ReturnType<typeof askedId>;
}

/** Everything an add checks before its transaction; throws the field errors a person sees. */
export async function prepareAdd(ctx: AppContext, entity: EntityRuntime, caller: Caller, body: WireRecord): Promise<PreparedAdd> {
  // A client-chosen integer id is checked before anything else is.
  const asked = askedId(entity, body);
  const record = normaliseRecord(entity.schema, body);
  sanitiseRecord(entity, record);
  applyDefaults(entity, record, await capabilityDefaults(ctx, entity));
  const stateErrors = ownedFieldErrors(entity, record);
  if (stateErrors.length > 0) throw new ValidationError(stateErrors);
  await enforceRecordCustomer(entity, caller, record);
  await assertParentInScope(ctx.db, entity, caller, record);
  await fillCapabilityValues({ ctx, db: ctx.db, caller, entity, record, body });
  applyComputed(entity, record);
  validate(ctx, entity, record);
  await assertUnique(ctx, entity, caller, record);
  const lineItems = await prepareChildRows(ctx, caller, childTablesOf(entity, ctx.entities), body);
  await prepareForStore(entity, record);
  return { body, record, lineItems, asked };
}

/** Writes a prepared add inside `tx` (hooks, row, line items, tree); answers the new id. */
export async function writeAdd(
  tx: Kysely<SystemTables>,
  ctx: AppContext,
  entity: EntityRuntime,
  caller: Caller,
  prepared: PreparedAdd,
): Promise<{ id: string; rowId: string | number }> {
  const { record, body, lineItems } = prepared;
  const tree = treeRules(entity);
  const hooks = hooksOf(ctx, entity);
  const rowId = await newRowId(tx, entity, prepared.asked);
  const id = String(rowId);
  const parents = (await tree?.beforeWrite(tx, caller.tenantId, record)) ?? [];
  const event = { ctx, tx, caller, entity, id, record, body };
  await hooks.beforeWrite?.(event);
  await insertRow(tx, entity, { id: rowId, ...writableValues(entity, record), ...hookWrittenValues(entity, record), ...creationValues(entity, caller) });
  await hooks.afterWrite?.(event);
  await writeChildRows(tx, caller, id, lineItems);
  await tree?.refresh(tx, caller.tenantId, [id, ...parents]);
  return { id, rowId };
}
