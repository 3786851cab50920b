/**
 * One record's edit, in its own transaction: what `PUT <api>/edit` does, and what an Excel import does with a row
 * that names an existing record by its ID (excel-import.ts). Only properties present in `body` change; an explicit
 * empty value clears the field. Every edit rule applies — data scope, row state guards, immutable and
 * operation-owned fields (unchanged only), review reopening, validation, uniqueness, references (fields still
 * holding their stored value are not looked up again), write requirements, line items and tree upkeep.
 */
import type { RawBuilder } from 'kysely';
import type { FieldError, WireRecord } from '../../src/contracts/envelope.ts';
import type { EntitySchema } from '../../src/contracts/entity.ts';
import { normaliseRecord, writableFields } from '../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext, Caller } from '../context.ts';
import { BusinessError, ValidationError } from '../core/errors.ts';
import type { EntityRuntime } from './registry.ts';
import { findRow, updateRow } from './repository.ts';
import { assertUnique, recordErrors, writableValues } from './validation.ts';
import { prepareForStore, secretFields, sanitiseRecord } from './field-types.ts';
import { applyComputed } from './computed.ts';
import { fillCapabilityValues, ownedFieldErrors } from '../../capabilities/server.ts';
import { assertParentInScope, enforceRecordCustomer } from './data-scope.ts';
import { writeChildRows, type PreparedChildRows } from './children.ts';
import type { TreeRules } from './tree.ts';
import { answerText, hookWrittenValues, hooksOf, type WriteEvent } from './hooks.ts';
import { updateValues } from './tenancy.ts';

export const NOT_FOUND = '未找到对应数据';

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export interface EditRequest {
  id: string;
  body: WireRecord;
  /** The caller's write scope on the entity (scopeConditions). */
  scope: RawBuilder<unknown>[];
  lineItems?: PreparedChildRows[];
  tree?: TreeRules;
}

/** Edits the record; returns the answer's text when a hook set one (an edit that re-opened a review says so). */
export async function editRecord(ctx: AppContext, entity: EntityRuntime, caller: Caller, request: EditRequest): Promise<string | undefined> {
  const { id, body, scope, tree } = request;
  const lineItems = request.lineItems ?? [];
  let message: string | undefined;
  const hooks = hooksOf(ctx, entity);
  await ctx.db
    .transaction()
    .execute(async (tx) => {
      // Locked when a hook judges it (a state guard): a transition committing meanwhile must not slip past it.
      const existing = await findRow(tx, entity, caller.tenantId, id, scope, hooks.checkEdit !== undefined);
      if (!existing) throw new BusinessError(answerText(hooks, 'notFound', NOT_FOUND));
      await hooks.checkEdit?.({ ctx, tx, caller, entity, existing, body, sendsLineItems: lineItems.length > 0 });
      const merged: Record<string, unknown> = {};
      for (const name of writableFields(entity.schema)) merged[name] = name in body ? body[name] : existing[name];
      const changedImmutable = immutableChanges(entity.schema, existing, merged);
      if (changedImmutable.length > 0) throw new ValidationError(changedImmutable);
      // A password left empty keeps its stored hash (which is never validated as if typed).
      const keptPasswords = secretFields(entity).filter((name) => isBlank(body[name]) && !isBlank(existing[name]));
      for (const name of secretFields(entity)) if (!(name in body) || keptPasswords.includes(name)) delete merged[name];
      const record = normaliseRecord(entity.schema, merged);
      const stateErrors = ownedFieldErrors(entity, record, existing);
      if (stateErrors.length > 0) throw new ValidationError(stateErrors);
      sanitiseRecord(entity, record);
      await enforceRecordCustomer(entity, caller, record, id);
      await assertParentInScope(tx, entity, caller, record);
      await fillCapabilityValues({ ctx, db: tx, caller, entity, record, body, existing });
      applyComputed(entity, record);
      const errors = recordErrors(ctx, entity, record).filter((error) => !keptPasswords.includes(error.field));
      if (errors.length > 0) throw new ValidationError(errors);
      await assertUnique({ ...ctx, db: tx }, entity, caller, record, id, existing);
      await prepareForStore(entity, record);
      for (const name of keptPasswords) record[name] = existing[name];
      const parents = (await tree?.beforeWrite(tx, caller.tenantId, record, id, existing[tree.tree.parentField])) ?? [];
      const event: WriteEvent = { ctx, tx, caller, entity, id, record, body, existing };
      await hooks.beforeWrite?.(event);
      await updateRow(tx, entity, caller.tenantId, id, { ...writableValues(entity, record), ...hookWrittenValues(entity, record), ...updateValues(entity, caller.username) }, scope);
      await hooks.afterWrite?.(event);
      message = event.message;
      await writeChildRows(tx, caller, id, lineItems);
      await tree?.refresh(tx, caller.tenantId, parents);
    })
    .catch((error: unknown) => translateUniqueViolation(entity, error));
  await hooks.afterCommit?.({ ctx, caller, entity, action: 'edit', ids: [id] });
  return message;
}

/** Unique-index violations that slip past the pre-check (a concurrent insert) still get a human message. */
export function translateUniqueViolation(entity: EntityRuntime, error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === '23505') {
    const detail = String((error as { constraint?: string; message?: string }).constraint ?? (error as Error).message);
    const field = Object.keys(entity.schema.fields).find((name) => detail.includes(entity.columns.get(name)!));
    const label = field ? entity.schema.fields[field].label : '数据';
    throw new ValidationError([{ field: field ?? '', message: `${label}已存在` }]);
  }
  throw error;
}

/** Immutable fields whose value an edit would change (compared as text: the row's types are the database's). */
function immutableChanges(schema: EntitySchema, existing: Record<string, unknown>, merged: Record<string, unknown>): FieldError[] {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
  return Object.entries(schema.fields)
    .filter(([name, field]) => field.immutable && text(merged[name]) !== text(existing[name]))
    .map(([name, field]) => ({ field: name, message: `${field.label}创建后不能修改` }));
}
