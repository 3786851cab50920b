/**
 * The server's part of state transitions (contract.ts): computed `set` values per row, requirements on referenced
 * records, history rows, and the fields only operations change. Everything runs inside the caller's transaction and
 * reads referenced rows within the caller's tenant, so a refused requirement leaves nothing written.
 */
import type { FieldError, WireRecord } from '../../src/contracts/envelope.ts';
import type { AppContext, Caller } from '../../server/context.ts';
import { BusinessError } from '../../server/core/errors.ts';
import { newId } from '../../server/core/ids.ts';
import type { EntityRuntime } from '../../server/entity/registry.ts';
import { findRow, insertRow, type NamingColumn } from '../../server/entity/repository.ts';
import { evaluate, initialValues, transitionFields, type ExpressionScope, type OperationDef, type OperationRequirement } from './contract.ts';

type Db = AppContext['db'];

function entityNamed(ctx: AppContext, name: string): EntityRuntime {
  const entity = ctx.entities.find((e) => e.schema.name === name);
  // The schema lint guarantees the name; a miss here is a deployment error, not the caller's.
  if (!entity) throw new Error(`unknown entity ${name}`);
  return entity;
}

/** Today as YYYY-MM-DD in the server's time zone (validity dates are calendar days). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function dateText(value: unknown): string | undefined {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return typeof value === 'string' && value !== '' ? value.slice(0, 10) : undefined;
}

export function expressionScope(caller: Caller, row: WireRecord, extra: Partial<ExpressionScope> = {}): ExpressionScope {
  return { now: new Date().toISOString(), username: caller.username, realname: caller.realname, row, ...extra };
}

/** The operation's `set` for one row, computed values resolved against that row. */
export function rowSetValues(operation: OperationDef, scope: ExpressionScope): Record<string, unknown> {
  return Object.fromEntries(Object.entries(operation.set ?? {}).map(([field, value]) => [field, evaluate(value, scope)]));
}

async function requirementMet(ctx: AppContext, db: Db, entity: EntityRuntime, requirement: OperationRequirement, row: WireRecord, caller: Caller): Promise<boolean> {
  const id = row[requirement.field];
  if (id === null || id === undefined || id === '') return false;
  const target = entityNamed(ctx, entity.schema.fields[requirement.field].references!);
  // Locked: a driver being suspended at the same moment must not slip through.
  const referenced = await findRow(db, target, caller.tenantId, String(id), [], true);
  if (!referenced) return false;
  for (const [field, allowed] of Object.entries(requirement.when ?? {})) {
    const value = referenced[field];
    if (!allowed.includes(value === null || value === undefined ? '' : String(value))) return false;
  }
  const day = today();
  return (requirement.notExpired ?? []).every((field) => {
    const date = dateText(referenced[field]);
    return date !== undefined && date >= day;
  });
}

/** Refuses (with the requirement's sentence) when a row lacks a `filled` field or its referenced records are not in the required state. */
export async function assertRequirements(ctx: AppContext, db: Db, entity: EntityRuntime, operation: OperationDef, row: WireRecord, caller: Caller): Promise<void> {
  for (const field of operation.filled ?? []) {
    const value = row[field];
    if (value === null || value === undefined || value === '') throw new BusinessError(`${entity.schema.fields[field].label}不能为空，不能${operation.label}`);
  }
  for (const requirement of operation.requires ?? []) {
    if (!(await requirementMet(ctx, db, entity, requirement, row, caller))) throw new BusinessError(requirement.message);
  }
}

/**
 * The entity's own `requires` on a write: a referenced record the row names must be in the required state when the
 * row is added, or when an edit names a different one (an unchanged driver is not re-judged by a 备注 edit).
 */
export async function assertWriteRequirements(
  ctx: AppContext,
  db: Db,
  entity: EntityRuntime,
  record: WireRecord,
  caller: Caller,
  existing?: WireRecord,
): Promise<void> {
  for (const requirement of entity.schema.requires ?? []) {
    const value = record[requirement.field];
    if (value === null || value === undefined || value === '') continue;
    if (existing && String(existing[requirement.field] ?? '') === String(value)) continue;
    if (!(await requirementMet(ctx, db, entity, requirement, record, caller))) throw new BusinessError(requirement.message);
  }
}

/** Appends the operation's history row for one moved row. */
export async function writeHistory(ctx: AppContext, db: Db, operation: OperationDef, scope: ExpressionScope, caller: Caller): Promise<void> {
  const history = operation.history;
  if (!history) return;
  const target = entityNamed(ctx, history.entity);
  const values = Object.fromEntries(Object.entries(history.values).map(([field, value]) => [field, evaluate(value, scope)]));
  await insertRow(db, target, {
    ...values,
    id: newId(),
    [history.foreignKey]: scope.row.id,
    createBy: caller.username,
    sysOrgCode: caller.orgCode,
    tenant_id: caller.tenantId,
  });
}

/** The tables a row's operations append history to (one per entity and key): the row's own record, kept with it. */
export function historyTablesOf(entity: EntityRuntime, entities: readonly EntityRuntime[]): NamingColumn[] {
  const seen = new Map<string, NamingColumn>();
  for (const operation of entity.schema.operations ?? []) {
    const history = operation.history;
    const target = history ? entities.find((e) => e.schema.name === history.entity) : undefined;
    const column = history ? target?.columns.get(history.foreignKey) : undefined;
    if (history && target && column) seen.set(`${target.schema.name}.${column}`, { entity: target, column });
  }
  return [...seen.values()];
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/** `existing` absent: an add or import (blank or an initial state only); present: an edit (unchanged only). */
export function transitionFieldErrors(entity: EntityRuntime, record: Record<string, unknown>, existing?: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, operations] of transitionFields(entity.schema)) {
    const value = text(record[field]);
    const allowed = existing ? value === text(existing[field]) : value === '' || initialValues(entity.schema, field).includes(value);
    if (allowed) continue;
    const label = entity.schema.fields[field].label;
    errors.push({ field, message: `${label}由“${operations.join('、')}”操作改变，不能直接${existing ? '修改' : '设置'}` });
  }
  return errors;
}
