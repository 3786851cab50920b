/**
 * The server part of a capability (`capabilities/<name>/server.ts`): what it adds to the entity engine. Parts
 * register in server.ts; the engine reaches them through hooksOf (hooks composed before the domain module's),
 * syncEntityTables, prepareDatabase, the app's routes and the write path's points below, never by name.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, RawBuilder } from 'kysely';
import type { EntitySchema } from '../src/contracts/entity.ts';
import type { FieldError, WireRecord } from '../src/contracts/envelope.ts';
import type { NamingColumn } from '../server/entity/repository.ts';
import type { SystemTables } from '../server/db/schema.ts';
import type { EntityHooks } from '../server/entity/hooks.ts';
import type { EntityRuntime } from '../server/entity/registry.ts';
import type { AppContext, Caller } from '../server/context.ts';

/** Fills a new record's left-out fields in place (before the fields' own `default`). */
export type DefaultsFill = (record: Record<string, unknown>) => void;

export interface CapabilityServer {
  /** The hooks of an entity declaring this capability's options (undefined when it declares none). */
  hooksFor?(entity: EntityRuntime, entities: readonly EntityRuntime[]): EntityHooks | undefined;
  /**
   * Before a new record (add, import, line items) takes its fields' defaults: what fills the fields it left out,
   * read once per request (undefined when the entity declares nothing of this capability).
   */
  defaultsFor?(ctx: AppContext, entity: EntityRuntime): Promise<DefaultsFill | undefined>;
  /** Inside an engine-made table's sync transaction, after its columns: indexes the capability's rules need. */
  tableSync?(tx: Kysely<SystemTables>, entity: EntityRuntime): Promise<void>;
  /** At start-up, once every table is synced and before any demo row: database objects spanning entities. */
  install?(db: Kysely<SystemTables>, entities: readonly EntityRuntime[]): Promise<void>;
  /**
   * A list request parameter this capability filters on (not a field of the entity): its condition (null: none),
   * or undefined when the parameter is not its own. Throws a BusinessError for a value it refuses.
   */
  listFilter?(entity: EntityRuntime, param: string, value: string): RawBuilder<unknown> | null | undefined;
  /** Whether listFilter's condition for this parameter depends on today (a cached answer must not outlive the day). */
  listFilterUsesClock?(entity: EntityRuntime, param: string): boolean;
  /** The OpenAPI description of the list parameters listFilter takes. */
  listParameters?(schema: EntitySchema): OpenApiParameter[];
  /** Endpoints of an entity beyond CRUD that its declared options give (an operation's `<api>/<key>`). */
  routes?(app: FastifyInstance, ctx: AppContext, prefix: string, entity: EntityRuntime): Promise<void> | void;
  /**
   * Fields only the capability's own paths change (an operation's state): what an add, import (`existing` absent)
   * or edit would set in them, as field errors. Checked before the record's other rules.
   */
  ownedFieldErrors?(entity: EntityRuntime, record: Record<string, unknown>, existing?: Record<string, unknown>): FieldError[];
  /** Those fields: an import row naming a record keeps their stored value where its cell is blank. */
  ownedFields?(entity: EntityRuntime): string[];
  /** Tables whose rows belong to the entity's rows (an operation's history): deleted with them, unless soft-deleted. */
  dependentTables?(entity: EntityRuntime, entities: readonly EntityRuntime[]): NamingColumn[];
  /**
   * Before a record being added or edited is validated: values the server fills whatever the body said (copies from
   * the records a field references). Throws a BusinessError for a record it refuses.
   */
  fillValues?(event: FillEvent): Promise<void> | void;
  /**
   * Inside a delete's transaction, after the hooks' beforeDelete (a domain's cascades have run) and just before the
   * rows go: refuse (throw), e.g. records other records name.
   */
  deleteCheck?(event: DeleteCheckEvent): Promise<void> | void;
}

export interface FillEvent {
  ctx: AppContext;
  /** The edit's transaction, or the database on add. */
  db: Kysely<SystemTables>;
  caller: Caller;
  entity: EntityRuntime;
  /** The record as it will be validated and stored: filled in place. */
  record: Record<string, unknown>;
  /** The request body as sent (which fields it names). */
  body: WireRecord;
  /** The stored row on an edit. */
  existing?: WireRecord;
}

export interface DeleteCheckEvent {
  ctx: AppContext;
  tx: Kysely<SystemTables>;
  caller: Caller;
  entity: EntityRuntime;
  /** The ids about to be deleted (those in the caller's scope). */
  ids: string[];
}

// A type literal (not an interface), so it reads as the OpenAPI document's plain JSON objects.
export type OpenApiParameter = {
  name: string;
  in: 'query';
  description: string;
  schema: Record<string, unknown>;
};
