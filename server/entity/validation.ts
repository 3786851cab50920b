/** Write checks shared by add, edit and import: the schema's rules, dictionary membership and uniqueness. */
import type { FieldError } from '../../src/contracts/envelope.ts';
import { isConditionWrapper, messagesNameField, pathMessage, writableFields } from '../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext, Caller } from '../context.ts';
import type { DefaultsFill } from '../../capabilities/server-part.ts';
import { ValidationError } from '../core/errors.ts';
import type { EntityRuntime } from './registry.ts';
import { findDuplicate } from './repository.ts';
import { nowDefaults } from '../../src/contracts/field-values.ts';
import { wireTime } from '../core/clock.ts';
import { tableDictionaryTexts } from '../dict/table-dicts.ts';
import { directoryErrors, valueErrors } from './field-types.ts';
import { fieldTypeServer } from '../../field-types/server.ts';
import { scopeConditions } from './data-scope.ts';
import { hooksOf } from './hooks.ts';

/** Schema validation, then dictionary membership: the same rules the browser form applies, plus the live dicts. */
export function recordErrors(ctx: AppContext, entity: EntityRuntime, record: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  if (!entity.validate(record)) {
    for (const error of entity.validate.errors ?? []) {
      if (isConditionWrapper(error.keyword)) continue;
      const params = error.params as Record<string, unknown>;
      const path = error.keyword === 'required' && !error.instancePath ? String(params.missingProperty) : error.instancePath;
      const { field, message } = pathMessage(entity.schema, path, error.keyword, params);
      if (errors.some((e) => e.field === field)) continue;
      const def = entity.schema.fields[field];
      // A row's message names its field and row already.
      errors.push({ field, message: messagesNameField(def) ? message : `${def?.label ?? field}：${message}` });
    }
  }
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    const value = record[name];
    // Table dictionaries are checked against their rows, in referenceErrors.
    if (!field.dict || ctx.tableDicts.has(field.dict) || value === undefined || errors.some((e) => e.field === name)) continue;
    if (!String(value).split(',').every((v) => ctx.dicts.has(field.dict!, v))) {
      errors.push({ field: name, message: `${field.label}：请从列表中选择` });
    }
  }
  // The domain's own field rules (hooks.fieldErrors) have the last word.
  const hooks = hooksOf(ctx, entity);
  return hooks.fieldErrors ? hooks.fieldErrors(record, errors, { ctx, entity }) : errors;
}

export function validate(ctx: AppContext, entity: EntityRuntime, record: Record<string, unknown>): void {
  const errors = recordErrors(ctx, entity, record);
  if (errors.length > 0) throw new ValidationError(errors);
}

export async function uniqueErrors(
  ctx: AppContext,
  entity: EntityRuntime,
  caller: Caller,
  record: Record<string, unknown>,
  id?: string,
  kept: ReadonlySet<string> = NONE_KEPT,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    if (!field.unique || record[name] === undefined || kept.has(name)) continue;
    if (await findDuplicate(ctx.db, entity, caller.tenantId, name, record[name], id)) {
      errors.push({ field: name, message: `${field.label}“${String(record[name])}”已存在` });
    }
  }
  // The capabilities' checks against the database (uniqueTogether) and the domain's own (hooks.checkRecord).
  const check = hooksOf(ctx, entity).checkRecord;
  if (check) errors.push(...(await check({ ctx, caller, entity, record, id, kept })));
  return errors;
}

const NONE_KEPT: ReadonlySet<string> = new Set();

/**
 * The fields of an edited record that still hold their stored value. Those were checked against the database when
 * they were set, so an edit that changes one cell does not re-run every other field's lookups (nor fail on a
 * referenced row that has since left the caller's view, which the edit does not touch). Values compare as text;
 * a field whose representation differs counts as changed and is checked.
 */
export function keptFields(record: Record<string, unknown>, stored: Record<string, unknown>): Set<string> {
  const text = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));
  return new Set(Object.keys(record).filter((name) => name in stored && text(record[name]) === text(stored[name])));
}

/**
 * Values that must name something of the caller's tenant beyond their schema (image and file fields: files uploaded
 * there, at most `maxCount`), as their type's server part checks them.
 */
export async function fileErrors(ctx: AppContext, entity: EntityRuntime, caller: Caller, record: Record<string, unknown>): Promise<FieldError[]> {
  return valueErrors(ctx.db, entity, caller.tenantId, record);
}

/** Values of table-dictionary fields must be rows of the source entity in the caller's tenant. */
export async function referenceErrors(ctx: AppContext, entity: EntityRuntime, caller: Caller, record: Record<string, unknown>): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    const dict = field.dict ? ctx.tableDicts.get(field.dict) : undefined;
    const values = String(record[name] ?? '').split(',').filter(Boolean);
    if (!dict || values.length === 0) continue;
    // A picked row must be one the caller could have picked: the source entity's data scope applies.
    const found = await tableDictionaryTexts(ctx.db, dict, caller.tenantId, values, await scopeConditions(ctx.db, dict.entity, caller));
    if (!values.every((v) => found.has(v))) errors.push({ field: name, message: `${field.label}：请从列表中选择` });
  }
  errors.push(...(await directoryErrors(ctx.db, entity, caller, record)));
  return errors;
}

/**
 * Uniqueness, stored files and table-dictionary references: the checks that need the database. On an edit, `stored`
 * is the row as it was, and fields still holding their stored value are not looked up again (keptFields).
 */
export async function assertUnique(
  ctx: AppContext,
  entity: EntityRuntime,
  caller: Caller,
  record: Record<string, unknown>,
  id?: string,
  stored?: Record<string, unknown>,
) {
  const kept = stored ? keptFields(record, stored) : NONE_KEPT;
  const changed = kept.size === 0 ? record : Object.fromEntries(Object.entries(record).filter(([name]) => !kept.has(name)));
  const errors = [
    ...(await uniqueErrors(ctx, entity, caller, record, id, kept)),
    ...(await fileErrors(ctx, entity, caller, changed)),
    ...(await referenceErrors(ctx, entity, caller, changed)),
  ];
  if (errors.length > 0) throw new ValidationError(errors);
}

/**
 * Field defaults for a new record, where the body left the field out: first what the capabilities fill (`fills`,
 * from capabilityDefaults: e.g. configDefault's platform values), else the field's `default` (`$now`: Shanghai's
 * day or time of the request).
 */
export function applyDefaults(entity: EntityRuntime, record: Record<string, unknown>, fills: readonly DefaultsFill[] = []): void {
  for (const fill of fills) fill(record);
  const now = nowDefaults(entity.schema.fields, wireTime(new Date()));
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    if (record[name] !== undefined || field.readOnly) continue;
    if (name in now) record[name] = now[name];
    else if (field.default !== undefined) record[name] = field.default;
  }
}

/** The column values a write stores: every writable field, absent ones as null; `rows` fields as JSON (jsonb). */
export function writableValues(entity: EntityRuntime, record: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of writableFields(entity.schema)) {
    // A field without a column (storage.notColumns), or one only the view has (viewOnly), is the domain hooks' to store.
    if (!entity.columns.has(name) || entity.schema.storage?.viewOnly?.includes(name)) continue;
    const value = record[name] ?? null;
    const toColumn = value !== null ? fieldTypeServer(entity.schema.fields[name].type).toColumn : undefined;
    values[name] = toColumn ? toColumn(value) : value;
  }
  return values;
}
