/**
 * State transitions as schema (operations that move a record through its lifecycle, e.g. a waybill 待接单 → 已接单 →
 * 已装货 …): computed `set` values, requirements on referenced records (no dispatch to an unapproved driver or an
 * expired vehicle), a history row per transition, fields copied from referenced records by the server, and a row
 * button that opens another entity's add form filled from the row.
 */

/**
 * Computed operation values: `$now` (the time it runs), `$user` (the caller's username), `$realname`,
 * `$field:<name>` (another field of the same row, e.g. the status to return to after 异常挂起).
 */
export type ComputedValue = '$now' | '$user' | '$realname' | `$field:${string}`;

/** History values may also read the row before (`$old:<f>`) and after (`$new:<f>`) and an input (`$input:<f>`). */
export type HistoryValue = ComputedValue | `$old:${string}` | `$new:${string}` | `$input:${string}`;

export const EXPRESSION_PATTERN = /^\$(now|user|realname|(field|old|new|input):[a-z][A-Za-z0-9]*)$/;

/** A record another field points at must be in a given state (checked inside the operation's transaction). */
export interface OperationRequirement {
  /** Field of this entity holding the referenced id; it must declare `references`. */
  field: string;
  /** Field → allowed values of the referenced row, e.g. `{ "reviewStatus": ["2"] }`. */
  when?: Record<string, string[]>;
  /** Date fields of the referenced row that must not be past (a certificate's validity). */
  notExpired?: string[];
  /** The refusal, e.g. 司机未审核通过或证件已过期，不能派车. */
  message: string;
}

/** A row appended to a history entity for every row an operation moves (same transaction). */
export interface OperationHistory {
  /** The history entity (an engine entity, usually without a menu). */
  entity: string;
  /** Its field holding this row's id. */
  foreignKey: string;
  /** History field → literal or HistoryValue. */
  values: Record<string, string | number | null>;
}

/** A row button that opens another entity's add form, its fields filled from the row (target field ← row field). */
export interface OperationOpenForm {
  entity: string;
  values: Record<string, string>;
}

/** A field the server fills from the record another field references, e.g. driverName from driverId's 司机. */
export interface CopyFrom {
  /** Field of this entity that references the source (declares `references`). */
  via: string;
  /** Field of the referenced entity. */
  field: string;
  /**
   * money fields: the source's amount is for several units, this field of the source says how many (an order's fee
   * covers `truckCount` trucks; each waybill carries one truck's share), half up to the cent.
   */
  perUnit?: string;
}

/** The value a `copyFrom` field takes from its source record (one unit's share with `perUnit`). */
export function copiedValue(copy: CopyFrom, source: Readonly<Record<string, unknown>>): unknown {
  const value = source[copy.field];
  if (!copy.perUnit || value === null || value === undefined || value === '') return value;
  const units = Number(source[copy.perUnit]);
  const amount = Number(value);
  if (!Number.isFinite(amount) || !Number.isInteger(units) || units < 1) return value;
  // In whole cents, so the share is exact: 1000.00 over 3 trucks is 333.33 each.
  return Math.round(Math.round(amount * 100) / units) / 100;
}

export function isExpression(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('$');
}

export interface ExpressionScope {
  now: string;
  username: string;
  realname: string;
  row: Record<string, unknown>;
  after?: Record<string, unknown>;
  inputs?: Record<string, unknown>;
}

/** The value of a literal or expression in a scope; an unknown expression is an error (lint refuses it first). */
export function evaluate(value: unknown, scope: ExpressionScope): unknown {
  if (!isExpression(value)) return value;
  if (value === '$now') return scope.now;
  if (value === '$user') return scope.username;
  if (value === '$realname') return scope.realname;
  const [kind, name] = value.slice(1).split(':');
  const source = kind === 'field' || kind === 'old' ? scope.row : kind === 'new' ? scope.after : kind === 'input' ? scope.inputs : undefined;
  if (!source || !name) throw new Error(`unknown expression ${value}`);
  return source[name] ?? null;
}
