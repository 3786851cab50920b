/**
 * What a domain module (server/domains/<domain>/) may add to the engine's handling of one entity, without routes
 * of its own for list/add/edit/delete: rules inside the write's transaction, cascades on delete, extra texts on
 * the rows it presents, list filters beyond the schema's fields, and its own answer texts. The engine calls these
 * at fixed points; it never imports a domain (app.ts hands the modules' hooks over on the AppContext).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, RawBuilder } from 'kysely';
import type { FieldError, WireRecord } from '../../src/contracts/envelope.ts';
import type { FieldDef } from '../../src/contracts/entity.ts';
import type { OperationDef } from '../../capabilities/operations/contract.ts';
import { CONFIRM_PARAM } from '../../src/contracts/confirm.ts';
import type { AppContext, Caller } from '../context.ts';
import type { SystemTables } from '../db/schema.ts';
import type { EntityRuntime } from './registry.ts';
import type { QueryParams } from './query.ts';
import { composeHooks } from './hook-compose.ts';
import { capabilityHooks } from '../../capabilities/server.ts';

export interface WriteEvent {
  ctx: AppContext;
  /** The write's transaction: whatever a hook writes commits or rolls back with the record. */
  tx: Kysely<SystemTables>;
  caller: Caller;
  entity: EntityRuntime;
  id: string;
  /** The record as it will be stored (normalised and validated); beforeWrite may still change values. */
  record: Record<string, unknown>;
  /** The request body as sent, including properties outside the schema (e.g. a user's selected roles). */
  body: WireRecord;
  /** The stored row before an edit; undefined on add. */
  existing?: WireRecord;
  /** The answer's text, when a hook's work changes what the caller is told (an edit that re-opened a review). */
  message?: string;
}

/** An edit about to be applied, before anything is merged: the stored row (locked) and the body as sent. */
export interface EditCheckEvent {
  ctx: AppContext;
  tx: Kysely<SystemTables>;
  caller: Caller;
  entity: EntityRuntime;
  existing: WireRecord;
  body: WireRecord;
  /** The edit replaces line items (schema `children`) as well. */
  sendsLineItems: boolean;
}

export interface DeleteEvent {
  ctx: AppContext;
  tx: Kysely<SystemTables>;
  caller: Caller;
  entity: EntityRuntime;
  /** The rows about to go (those of `requested` in the caller's scope), locked until the transaction ends. */
  rows: WireRecord[];
  /** The distinct ids the request named. */
  requested: string[];
  /** The request carried `confirm=true` (src/contracts/confirm.ts): the caller answered the hook's question. */
  confirmed: boolean;
}

export interface PresentEvent {
  ctx: AppContext;
  caller: Caller;
  entity: EntityRuntime;
}

/**
 * `noEditId`: an edit naming no id; `noDeleteIds`: a delete or deleteBatch naming none; `otherCustomer`: a record
 * naming a customer outside the caller's `customers` (the hook below).
 */
export type AnswerText = 'add' | 'edit' | 'delete' | 'deleteBatch' | 'notFound' | 'noEditId' | 'noDeleteIds' | 'otherCustomer';

/** What a domain's field rules are given besides the record (add, edit, import and line items alike). */
export interface CheckEvent {
  ctx: AppContext;
  entity: EntityRuntime;
}

/** A write that has committed: the ids it added, edited or deleted. */
export interface CommitEvent {
  ctx: AppContext;
  caller: Caller;
  entity: EntityRuntime;
  action: 'add' | 'edit' | 'delete';
  ids: string[];
}

export interface EntityHooks {
  /**
   * Inside an edit's transaction, on the stored row, before the body is merged into it: refuse (throw). The row is
   * read with a lock when this hook is present, so a state change committing meanwhile cannot slip past it.
   */
  checkEdit?(event: EditCheckEvent): Promise<void> | void;
  /** Inside the transaction, after the engine's checks and before the row is written: refuse (throw) or adjust. */
  beforeWrite?(event: WriteEvent): Promise<void> | void;
  /** Inside the transaction, after the row is written: related rows (a user's roles, a job's schedule). */
  afterWrite?(event: WriteEvent): Promise<void> | void;
  /** Inside the transaction, before the rows are deleted: refuse (throw) or delete what hangs off them. */
  beforeDelete?(event: DeleteEvent): Promise<void> | void;
  /**
   * Inside an operation's transaction (schema `operations`), after its guards and before its rows are written:
   * refuse (throw), or write what goes with the change (a frozen user's sessions end).
   */
  beforeOperation?(event: OperationEvent): Promise<void> | void;
  /** Rows as the engine presents them, given more (texts from other tables); same order and length. */
  present?(rows: WireRecord[], event: PresentEvent): Promise<WireRecord[]> | WireRecord[];
  /** List filters named by request parameters outside the schema's fields (e.g. a user list's `departId`). */
  listConditions?(params: QueryParams, event: PresentEvent): Promise<Array<RawBuilder<unknown>>> | Array<RawBuilder<unknown>>;
  /**
   * The list's whole answer where a JeecgBoot call expects something other than a page (the 数据规则 drawer's call
   * naming one menu: that menu's rules as a flat array), or undefined for the engine's page. The engine keeps the
   * route and its permission; filters, scope and shape of an answer given here are the hook's.
   */
  listAnswer?(params: QueryParams, event: PresentEvent): Promise<unknown>;
  /** The add's answer `result` where JeecgBoot's screen expects another shape than `{ id }` (e.g. the new id itself). */
  addResult?(id: string, record: Record<string, unknown>): unknown;
  /** The add's answer message where it tells something of the new record (an account's initial password), else texts.add. */
  addMessage?(id: string, record: Record<string, unknown>): string | undefined;
  /**
   * With `dataScope.customer`: the customers a caller other than staff reaches on this entity, in place of its
   * active one (a customer admin keeps the accounts of every shipper it manages). Reads and writes are confined to
   * them; a record naming another is refused (texts.otherCustomer), one naming none gets the active customer (or
   * the only one). Throwing refuses the caller outright.
   */
  customers?(event: PresentEvent): Promise<readonly string[]>;
  /**
   * The domain's own checks of a record against the database (a username unique across tenants), reported with the
   * engine's uniqueness errors: they refuse an add or an edit, or one row of an import.
   */
  checkRecord?(event: RecordCheckEvent): Promise<FieldError[]> | FieldError[];
  /**
   * Fields the domain keeps unique (checkRecord, beforeWrite): an import also refuses two rows of one file sharing a
   * value, and /sys/duplicate/check answers for them (as for `unique`).
   */
  uniqueFields?: readonly string[];
  /**
   * An import's typed rows before the engine resolves their texts and checks them (e.g. role codes → ids, a password
   * for rows that give none): what the hook sets is what is checked and written; the write events' `body` stays the
   * row as read from the file.
   */
  prepareImport?(rows: Array<{ id: string; data: Record<string, unknown> }>, event: PresentEvent): Promise<void> | void;
  /**
   * An import's check of each new row against the rows of the same file before it (a combination repeated in the
   * file), run once the row passed every other check. Called once per import for a checker holding what it saw.
   */
  fileChecker?(): (record: Record<string, unknown>) => FieldError[];
  /** The spreadsheet columns of exportXls, given the engine's: the domain may drop or reorder them. */
  exportColumns?(columns: Array<{ property: string; field: FieldDef }>): Array<{ property: string; field: FieldDef }>;
  /**
   * Before a list, queryById or export reads: work the read depends on (a user's inbox rows for messages published
   * since the last read). Runs outside any transaction; a failure fails the read.
   */
  beforeRead?(event: PresentEvent): Promise<void> | void;
  /** Tables present or listConditions read besides the entity's fields' own: their writes refresh cached list pages. */
  reads?: readonly string[];
  /**
   * The domain's own field rules, run with the schema's wherever a record is validated: given the engine's field
   * errors, the errors to report (e.g. a dictionary's 请从列表中选择 replaced by a sentence naming the choices, or a
   * field's value checked by code the schema cannot express). Returning `errors` unchanged adds nothing. A value the
   * domain accepts in another spelling (a number for a dictionary string) may be normalised in `record` here.
   */
  fieldErrors?(record: Record<string, unknown>, errors: FieldError[], event: CheckEvent): FieldError[];
  /**
   * After the write's transaction has committed (add, edit, delete/deleteBatch): effects outside the database that
   * must never see a rolled-back write (a job's timer). The write stands whatever happens here, so the hook handles
   * its own failures.
   */
  afterCommit?(event: CommitEvent): Promise<void> | void;
  /** The domain's own answer texts where they differ from the engine's (JeecgBoot says 删除角色成功 for roles). */
  texts?: Partial<Record<AnswerText, string>>;
}

export interface OperationEvent {
  ctx: AppContext;
  tx: Kysely<SystemTables>;
  caller: Caller;
  entity: EntityRuntime;
  operation: OperationDef;
  /** The rows the call names (locked), each past the operation's `when` guard. */
  rows: WireRecord[];
  /** The operation's inputs as sent (a password input is written as its hash). */
  inputs: Record<string, unknown>;
}

/** What checkRecord is given: the record as it will be stored, and on an edit its id and the fields left as stored. */
export interface RecordCheckEvent {
  /** ctx.db is the write's transaction on an edit. */
  ctx: AppContext;
  caller: Caller;
  entity: EntityRuntime;
  record: Record<string, unknown>;
  id?: string;
  kept: ReadonlySet<string>;
}

/** One domain's contribution: hooks by entity name, and its endpoints beyond CRUD. */
export interface DomainModule {
  name: string;
  hooks?: Record<string, EntityHooks>;
  /**
   * The views its storage.view entities read that join tables the engine creates (so no migration can make them):
   * view name → its SELECT, (re)made after the engine's tables on every start.
   */
  views?(ctx: AppContext): Record<string, RawBuilder<unknown>>;
  /** The values fields' `configDefault` name (the platform settings): read on each add and import that needs them. */
  configDefaults?(ctx: AppContext): Promise<Record<string, unknown>>;
  /** Endpoints that are not list/add/edit/delete (queryall, checks, trees, operations of their own). */
  routes?(app: FastifyInstance, ctx: AppContext, prefix: string): void;
}

const NO_HOOKS: EntityHooks = {};

// The composed set per entity, remade only if its domain's set is another one (tests build several apps).
const composed = new WeakMap<EntityRuntime, { domain: EntityHooks; hooks: EntityHooks }>();

/** The entity's hooks: its capabilities' (capabilities/server.ts), then its domain module's. */
export function hooksOf(ctx: AppContext, entity: EntityRuntime): EntityHooks {
  const domain = ctx.hooks?.get(entity.schema.name) ?? NO_HOOKS;
  const known = composed.get(entity);
  if (known?.domain === domain) return known.hooks;
  // The schema's answer texts (schema `answers`) before the domain's, so a domain module's own still win.
  const answers: EntityHooks = entity.schema.answers ? { texts: entity.schema.answers } : NO_HOOKS;
  const hooks = composeHooks([...capabilityHooks(entity, ctx.entities), answers, domain]);
  composed.set(entity, { domain, hooks });
  return hooks;
}

/**
 * The hooks of every module by entity name. An entity may be hooked by more than one module (银行回单 re-matches
 * when a 回款 is recorded, which settlement owns): the sets are composed in module order, so the owner's module,
 * listed first, answers what only one set can answer (addResult, addMessage, customers).
 */
export function collectHooks(modules: readonly DomainModule[], entities: readonly EntityRuntime[]): Map<string, EntityHooks> {
  const known = new Set(entities.map((entity) => entity.schema.name));
  const hooks = new Map<string, EntityHooks>();
  for (const module of modules) {
    for (const [name, entityHooks] of Object.entries(module.hooks ?? {})) {
      if (!known.has(name)) throw new Error(`domain ${module.name}: no entity schema named ${name}`);
      const earlier = hooks.get(name);
      hooks.set(name, earlier ? composeHooks([earlier, entityHooks]) : entityHooks);
    }
  }
  return hooks;
}

/** The domain's text for an answer, else the engine's. */
export function answerText(hooks: EntityHooks, key: AnswerText, fallback: string): string {
  return hooks.texts?.[key] ?? fallback;
}

/**
 * Read-only fields (bodies cannot set them) that a beforeWrite hook put into the record, e.g. a department's code
 * worked out from its parent: written with the row on add and edit (an add may answer them through addResult).
 */
export function hookWrittenValues(entity: EntityRuntime, record: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    if (field.readOnly && record[name] !== undefined && entity.columns.has(name) && !entity.schema.storage?.viewOnly?.includes(name)) values[name] = record[name];
  }
  return values;
}

/** Whether the request carried `confirm=true` (query string or body), answering a CONFIRM_REQUIRED_CODE question. */
export function confirmedIn(request: { query?: unknown; body?: unknown }): boolean {
  const pick = (source: unknown) => (source && typeof source === 'object' ? (source as Record<string, unknown>)[CONFIRM_PARAM] : undefined);
  const value = pick(request.query) ?? pick(request.body);
  return value === true || value === 'true' || value === '1';
}

/** The one module's configDefaults provider, if any; two modules supplying it is a programming error. */
export function collectConfigDefaults(modules: readonly DomainModule[]): AppContext['configDefaults'] {
  const providers = modules.filter((module) => module.configDefaults);
  if (providers.length > 1) throw new Error(`configDefaults supplied by ${providers.map((m) => m.name).join(' and ')}`);
  return providers[0]?.configDefaults;
}

/** Every module's views by name; a name twice is a programming error. */
export function collectViews(modules: readonly DomainModule[], ctx: AppContext): Map<string, RawBuilder<unknown>> {
  const views = new Map<string, RawBuilder<unknown>>();
  for (const module of modules) {
    for (const [name, select] of Object.entries(module.views?.(ctx) ?? {})) {
      if (views.has(name)) throw new Error(`domain ${module.name}: view ${name} defined twice`);
      views.set(name, select);
    }
  }
  return views;
}
