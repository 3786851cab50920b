/**
 * The server parts of the capabilities (server-part.ts), by name: one line per capability. The entity engine asks
 * this list for hooks, routes, table syncs, start-up installs and its write path's checks; it never names a capability.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, RawBuilder } from 'kysely';
import type { EntitySchema } from '../src/contracts/entity.ts';
import type { FieldError } from '../src/contracts/envelope.ts';
import type { NamingColumn } from '../server/entity/repository.ts';
import type { SystemTables } from '../server/db/schema.ts';
import type { EntityHooks } from '../server/entity/hooks.ts';
import type { EntityRuntime } from '../server/entity/registry.ts';
import type { RegisteredCapability } from './index.ts';
import type { CapabilityServer, DefaultsFill, DeleteCheckEvent, FillEvent, OpenApiParameter } from './server-part.ts';
import { referencesServer } from './references/server.ts';
import type { AppContext } from '../server/context.ts';
import { operationsServer } from './operations/server.ts';
import { configDefaultServer } from './config-default/server.ts';
import { rowGuardsServer } from './row-guards/server.ts';
import { reviewOnChangeServer } from './review-on-change/server.ts';
import { uniqueTogetherServer } from './unique-together/server.ts';
import { countOfServer } from './count-of/server.ts';
import { expiryWarningServer } from './expiry-warning/server.ts';

export const CAPABILITY_SERVERS: Record<RegisteredCapability, CapabilityServer> = {
  references: referencesServer,
  operations: operationsServer,
  'row-guards': rowGuardsServer,
  'review-on-change': reviewOnChangeServer,
  'unique-together': uniqueTogetherServer,
  'count-of': countOfServer,
  'expiry-warning': expiryWarningServer,
  'config-default': configDefaultServer,
};

const PARTS: readonly CapabilityServer[] = Object.values(CAPABILITY_SERVERS);

/** The hook sets the capabilities give the entity, in registry order. */
export function capabilityHooks(entity: EntityRuntime, entities: readonly EntityRuntime[]): EntityHooks[] {
  return PARTS.flatMap((part) => part.hooksFor?.(entity, entities) ?? []);
}

/** What fills a new record's left-out fields, one per capability that has something for this entity. */
export async function capabilityDefaults(ctx: AppContext, entity: EntityRuntime): Promise<DefaultsFill[]> {
  const fills = await Promise.all(PARTS.map((part) => part.defaultsFor?.(ctx, entity)));
  return fills.filter((fill): fill is DefaultsFill => fill !== undefined);
}

/** Every capability's table sync for one engine-made table (inside its sync transaction). */
export async function syncCapabilityTables(tx: Kysely<SystemTables>, entity: EntityRuntime): Promise<void> {
  for (const part of PARTS) await part.tableSync?.(tx, entity);
}

/** Every capability's start-up install, in registry order. */
export async function installCapabilities(db: Kysely<SystemTables>, entities: readonly EntityRuntime[]): Promise<void> {
  for (const part of PARTS) await part.install?.(db, entities);
}

/** A capability's condition for a list request parameter (null: none), or undefined when none takes it. */
export function capabilityListFilter(entity: EntityRuntime, param: string, value: string): RawBuilder<unknown> | null | undefined {
  for (const part of PARTS) {
    const condition = part.listFilter?.(entity, param, value);
    if (condition !== undefined) return condition;
  }
  return undefined;
}

/** Whether a capability's filter of this parameter depends on today's date. */
export function capabilityFilterUsesClock(entity: EntityRuntime, param: string): boolean {
  return PARTS.some((part) => part.listFilterUsesClock?.(entity, param) ?? false);
}

/** The OpenAPI list parameters the capabilities' filters take. */
export function capabilityListParameters(schema: EntitySchema): OpenApiParameter[] {
  return PARTS.flatMap((part) => part.listParameters?.(schema) ?? []);
}

/** Every capability's endpoints for one entity (after its CRUD routes). */
export async function registerCapabilityRoutes(app: FastifyInstance, ctx: AppContext, prefix: string, entity: EntityRuntime): Promise<void> {
  for (const part of PARTS) await part.routes?.(app, ctx, prefix, entity);
}

/** What an add, import or edit would set in fields only a capability's own paths change, as field errors. */
export function ownedFieldErrors(entity: EntityRuntime, record: Record<string, unknown>, existing?: Record<string, unknown>): FieldError[] {
  return PARTS.flatMap((part) => part.ownedFieldErrors?.(entity, record, existing) ?? []);
}

/** The fields only a capability's own paths change. */
export function ownedFields(entity: EntityRuntime): string[] {
  return PARTS.flatMap((part) => part.ownedFields?.(entity) ?? []);
}

/** The tables whose rows belong to the entity's rows, deleted with them. */
export function dependentTables(entity: EntityRuntime, entities: readonly EntityRuntime[]): NamingColumn[] {
  return PARTS.flatMap((part) => part.dependentTables?.(entity, entities) ?? []);
}

/** Every capability's values filled before a record being added or edited is validated, in registry order. */
export async function fillCapabilityValues(event: FillEvent): Promise<void> {
  for (const part of PARTS) await part.fillValues?.(event);
}

/** Every capability's last check before rows are deleted (inside the delete's transaction). */
export async function checkCapabilityDelete(event: DeleteCheckEvent): Promise<void> {
  for (const part of PARTS) await part.deleteCheck?.(event);
}
