/**
 * `editWhen` / `deleteWhen`: the states in which an entity's rows may still be edited or deleted (freight-domain
 * §2: a waybill's amounts are final once it is signed; an order is deleted only as a draft). The server refuses
 * the write (server.ts); the browser hides 删除 and opens the edit form read-only but for the guard's free fields
 * (renderer.ts). Both sides decide with these functions.
 */
import type { EntitySchema, FieldDef } from '../../src/contracts/entity.ts';
import { failedGuardField, guardMessage, type OperationDef } from '../operations/contract.ts';
import { defineCapability } from '../contract.ts';

export interface RowGuardDef {
  /** Field → values the row must hold, as an operation's `when`. */
  when: Record<string, string[]>;
  /** The refusal; default 只有<状态>的记录可以编辑|删除. */
  message?: string;
}

export interface EditGuardDef extends RowGuardDef {
  /** Fields that stay editable in every state (a remark): an edit changing only these is accepted. */
  freeFields?: string[];
}

declare module '../../src/contracts/entity.ts' {
  interface EntitySchema {
    /**
     * The states in which a row may still be edited (e.g. a waybill until it is signed: its amounts are final from
     * then on). Other rows are refused by the server and open read-only but for `freeFields`.
     */
    editWhen?: EditGuardDef;
    /** The states in which a row may be deleted (e.g. an order while it is a draft); others are refused. */
    deleteWhen?: RowGuardDef;
  }
}

export const rowGuards = defineCapability({ name: 'row-guards' });

export type GuardedAction = 'edit' | 'delete';

const ACTION_LABEL: Record<GuardedAction, string> = { edit: '编辑', delete: '删除' };

type GuardedEntity = Pick<EntitySchema, 'fields' | 'editWhen' | 'deleteWhen'>;

function guardOf(entity: GuardedEntity, action: GuardedAction): RowGuardDef | undefined {
  return action === 'edit' ? entity.editWhen : entity.deleteWhen;
}

/** The first guard field the row fails for `action`, or undefined when the row may take it. */
export function rowGuardFailure(entity: GuardedEntity, action: GuardedAction, row: Record<string, unknown>): string | undefined {
  const guard = guardOf(entity, action);
  return guard ? failedGuardField(guard, row) : undefined;
}

export function rowAllows(entity: GuardedEntity, action: GuardedAction, row: Record<string, unknown>): boolean {
  return rowGuardFailure(entity, action, row) === undefined;
}

/** Fields still editable on a row its state locks (the guard's free fields); empty when none. */
export function freeFieldsOf(entity: GuardedEntity): readonly string[] {
  return entity.editWhen?.freeFields ?? NO_FIELDS;
}

// One empty list, so a caller memoising on the result does not see a new one each time.
const NO_FIELDS: readonly string[] = [];

/** Whether the row offers an edit at all: it is open, or its state leaves some fields free. */
export function rowOffersEdit(entity: GuardedEntity, row: Record<string, unknown>): boolean {
  return rowAllows(entity, 'edit', row) || freeFieldsOf(entity).length > 0;
}

/** The refusal for a row failing on `field`, e.g. 只有待接单或已取消的记录可以删除, or the schema's own sentence. */
export function rowGuardMessage(
  entity: GuardedEntity,
  action: GuardedAction,
  field: string,
  text: (dict: string, value: string) => string | undefined,
): string {
  const guard = guardOf(entity, action);
  const asOperation: OperationDef = { key: action, label: ACTION_LABEL[action], placement: [], when: guard?.when, whenMessage: guard?.message };
  return guardMessage(entity, asOperation, field, text);
}

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Whether two values of a field mean the same: blanks alike, numbers by value (52340 = "52340.00"), else as text. */
export function sameFieldValue(field: FieldDef | undefined, a: unknown, b: unknown): boolean {
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (field && (field.type === 'integer' || field.type === 'number' || field.type === 'money')) {
    const x = Number(a);
    const y = Number(b);
    if (Number.isFinite(x) && Number.isFinite(y)) return x === y;
  }
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return String(a).trim() === String(b).trim();
}
