/**
 * `operations` (审核通过, 驳回, 派车 …), `initialStates` and `requires`: declared state changes of an entity's rows —
 * row, batch and toolbar buttons, endpoints `PUT|POST <api>/<key>` guarded by `<permissionPrefix>:<key>`, computed
 * `set` values, requirements on referenced records, a history row per transition and a row button opening another
 * entity's add form. What the server (server.ts) and the browser (renderer.tsx) both decide with lives here: the
 * guard and its sentence, the input dialog's JSON Schema built from the entity's own fields, the expressions, and
 * which fields only operations change (add, edit and import cannot set them; forms show them read-only or offer
 * only the initial states).
 */
import type { EntitySchema, FieldDef } from '../../src/contracts/entity.ts';
import { ENTITY_ACTIONS } from '../../src/contracts/entity.ts';
import { fieldToJsonSchema, type JsonSchemaObject, type JsonSchemaProperty } from '../../src/contracts/validation/entity-json-schema.ts';
import { defineCapability } from '../contract.ts';

declare module '../../src/contracts/entity.ts' {
  interface EntitySchema {
    /** Custom operations (审核通过, 驳回, …): buttons, endpoints `PUT <api>/<key>` and permission codes. */
    operations?: OperationDef[];
    /**
     * Fields an operation sets (`set`) are the operations' own: add, edit and import cannot set them. A new record
     * may hold the field's default, or one of the states listed here (an order saved as 草稿 or 已发布).
     */
    initialStates?: Record<string, string[]>;
    /**
     * Referenced records that must be in a given state when a row is added, or when an edit names another one (a
     * waybill's driver and vehicle approved and in date), so 新增 and 编辑 cannot do what an operation refuses.
     */
    requires?: OperationRequirement[];
  }
}

/** Where an operation's button sits on the list page. */
export type OperationPlacement = 'toolbar' | 'row' | 'batch';

/** A value an operation writes: a scalar of the field's type, or null to clear it. */
export type OperationValue = string | number | boolean | null;

export interface OperationInputDef {
  /** A declared field the person fills in; validated with that field's own rules. */
  field: string;
  /** Required for this operation even when the field is optional elsewhere (a rejection needs its reason). */
  required?: boolean;
  /** Label in the dialog and messages, when the field's own label does not fit (e.g. 驳回原因). */
  label?: string;
}

/**
 * A declared state change on one or more rows. The server runs it in one transaction: every row must pass `when`,
 * inputs are validated, then `set` + inputs + updateBy/updateTime are written. Permission `<prefix>:<key>`.
 */
export interface OperationDef {
  /** Identifier (camelCase), unique in the entity, not a CRUD action name; endpoint and permission suffix. */
  key: string;
  label: string;
  placement: OperationPlacement[];
  /** Question asked before running (Popconfirm on a row, a dialog for batch/toolbar). */
  confirm?: string;
  /** Guard: field → values the row must hold. Rows failing it are refused (batch: nothing changes). */
  when?: Record<string, string[]>;
  /** Message when a row fails `when`; default 只有<状态>的记录可以<label>. */
  whenMessage?: string;
  /** Values written by the operation (declared fields only). */
  set?: Record<string, OperationValue>;
  /** Fields asked for in a dialog before running. */
  input?: OperationInputDef[];
  /**
   * The entity whose fields `input` names, when a `route` operation adds that entity's records rather than changing
   * these rows (批量支付运费 on waybills asks for 资金流水's 付款账户, 收款人, 付款方式 and 银行流水号): the dialog
   * follows that entity's field rules, and the route writes through that entity's add (server/entity/add-record.ts).
   */
  inputFrom?: string;
  /** Success message; default <label>成功!. */
  successMessage?: string;
  /** Shown as a danger (red) button. */
  danger?: boolean;
  /**
   * Instead of calling `<api>/<key>`, the row button opens a drawer with a registered renderer (a permission tree,
   * a dictionary's items, …) given the row. The renderer calls its own endpoints, each with its own permission;
   * `<prefix>:<key>` only decides whether the button shows. Row placement only; no `set` or `input`.
   */
  panel?: OperationPanel;
  /** Fields every row must have a value in (e.g. 签收 needs the receipt photos): 回单照片不能为空，不能签收. */
  filled?: string[];
  /** Referenced records (`references`, capabilities/references) that must be in a given state for every row. */
  requires?: OperationRequirement[];
  /** A history row appended per row moved (who, when, from → to). */
  history?: OperationHistory;
  /** Instead of calling an endpoint, the row button opens another entity's add form filled from the row. */
  openForm?: OperationOpenForm;
  /**
   * Instead of `<api>/<key>`, a route the server implements in code (e.g. 批结's `/hybill/hyBill/batchBill`, which
   * writes another entity's rows), called with the same body (`id`, `ids` or `all`). That route checks
   * `<prefix>:<key>` and its own guards; `when` still decides where the button shows. No `set`; `input` values are
   * sent with the body for the route to validate.
   */
  route?: string;
  /**
   * Money-committing operations (开票, 红冲, 申请开票): every call carries an `Idempotency-Key` header (one per button
   * press or dialog opening in the web app); the engine claims it in the operation's transaction (a `route`'s code
   * claims it itself, server/core/idempotency.ts oncePerKey), so a repeat answers the first result and writes nothing.
   */
  idempotencyKey?: boolean;
}

export interface OperationPanel {
  /** Renderer type registered in renderers/index.ts, e.g. `permission-tree`. */
  node: string;
  /** Drawer title (default the operation's label). */
  title?: string;
  /** Drawer width in px (default 640). */
  width?: number;
  /** Settings handed to the renderer as they are. */
  props?: Record<string, string | number | boolean | null>;
}

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

export const operations = defineCapability({
  name: 'operations',
  // Each operation's button has a permission row of its own under the entity's page (server/menu/sync.ts).
  permissions: (entity) => entityOperations(entity).map((operation) => ({ key: operation.key, code: operationPermission(entity, operation), label: operation.label })),
  // A panel's or an opened form's entity is shown inside this entity's screen.
  shownInside: (entity) =>
    entityOperations(entity).flatMap((operation) => {
      const inside = operation.panel?.props?.entity ?? operation.openForm?.entity;
      return typeof inside === 'string' ? [inside] : [];
    }),
});

/** Path suffixes the CRUD routes already use under an entity's api; an operation key may not take one. */
export const RESERVED_OPERATION_KEYS: readonly string[] = [...ENTITY_ACTIONS, 'deleteBatch', 'queryById'];

/** Operation keys become URL segments and permission suffixes: camelCase identifiers only. */
export const OPERATION_KEY_PATTERN = /^[a-z][A-Za-z0-9]{0,62}$/;

/** At most this many rows per batch (or toolbar) call. */
export const MAX_OPERATION_ROWS = 1000;

export function entityOperations(entity: Pick<EntitySchema, 'operations'>): readonly OperationDef[] {
  return entity.operations ?? [];
}

export function operationPermission(entity: Pick<EntitySchema, 'permissionPrefix'>, operation: Pick<OperationDef, 'key'>): string {
  return `${entity.permissionPrefix}:${operation.key}`;
}

/** Where an operation's button sends its call: the schema's `route`, else `<api>/<key>`. */
export function operationPath(entity: Pick<EntitySchema, 'api'>, operation: Pick<OperationDef, 'key' | 'route'>): string {
  return operation.route ?? `${entity.api}/${operation.key}`;
}

export function operationsAt(entity: Pick<EntitySchema, 'operations'>, placement: OperationPlacement): OperationDef[] {
  return entityOperations(entity).filter((operation) => operation.placement.includes(placement));
}

/** The first `when` field the row fails, or undefined when the row may take the operation. */
export function failedGuardField(operation: Pick<OperationDef, 'when'>, row: Record<string, unknown>): string | undefined {
  for (const [field, allowed] of Object.entries(operation.when ?? {})) {
    const value = row[field];
    if (!allowed.includes(value === null || value === undefined ? '' : String(value))) return field;
  }
  return undefined;
}

export function operationAllows(operation: Pick<OperationDef, 'when'>, row: Record<string, unknown>): boolean {
  return failedGuardField(operation, row) === undefined;
}

/**
 * The sentence for a row that fails the guard, e.g. 只有待审核的记录可以审核通过. `text` turns a dictionary value
 * into its text; values of fields without a dictionary are shown as they are.
 */
export function guardMessage(
  entity: Pick<EntitySchema, 'fields'>,
  operation: OperationDef,
  field: string,
  text: (dict: string, value: string) => string | undefined,
): string {
  if (operation.whenMessage) return operation.whenMessage;
  const def = entity.fields[field];
  const states = (operation.when?.[field] ?? []).map((value) => (def?.dict ? (text(def.dict, value) ?? value) : value));
  return `只有${states.join('或')}的记录可以${operation.label}`;
}

/** The field definition an input uses: the entity's own, with the operation's label and required flag. */
export function inputFieldDef(entity: Pick<EntitySchema, 'fields'>, input: NonNullable<OperationDef['input']>[number]): FieldDef {
  const def = entity.fields[input.field];
  return { ...def, label: input.label ?? def.label, required: input.required ?? def.required };
}

/** JSON Schema of the operation's input dialog: the entity's rules for each input field. */
export function operationInputSchema(entity: Pick<EntitySchema, 'fields'>, operation: OperationDef): JsonSchemaObject {
  const properties: Record<string, JsonSchemaProperty> = {};
  const required: string[] = [];
  for (const input of operation.input ?? []) {
    const def = inputFieldDef(entity, input);
    const property = fieldToJsonSchema(def);
    properties[input.field] = Object.fromEntries(Object.entries(property).filter(([, v]) => v !== undefined)) as JsonSchemaProperty;
    if (def.required) required.push(input.field);
  }
  return { type: 'object', title: operation.label, properties, required };
}

export function successMessage(operation: OperationDef): string {
  return operation.successMessage ?? `${operation.label}成功!`;
}

/** Writable fields some operation sets → the labels of those operations. */
export function transitionFields(schema: EntitySchema): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const operation of schema.operations ?? []) {
    for (const field of Object.keys(operation.set ?? {})) {
      if (!schema.fields[field] || schema.fields[field].readOnly) continue;
      out.set(field, [...new Set([...(out.get(field) ?? []), operation.label])]);
    }
  }
  return out;
}

/** The values a new record may hold in a transition field (empty: none but blank). */
export function initialValues(schema: EntitySchema, field: string): string[] {
  const listed = schema.initialStates?.[field];
  if (listed) return listed;
  const fallback = schema.fields[field]?.default;
  return fallback === undefined || fallback === null ? [] : [String(fallback)];
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
