/**
 * The server part of a capability (`capabilities/<name>/server.ts`): what it adds to the entity engine. Parts
 * register in server.ts; the engine reaches them through hooksOf (hooks composed before the domain module's),
 * syncEntityTables and prepareDatabase, never by name.
 */
import type { Kysely } from 'kysely';
import type { SystemTables } from '../server/db/schema.ts';
import type { EntityHooks } from '../server/entity/hooks.ts';
import type { EntityRuntime } from '../server/entity/registry.ts';

export interface CapabilityServer {
  /** The hooks of an entity declaring this capability's options (undefined when it declares none). */
  hooksFor?(entity: EntityRuntime, entities: readonly EntityRuntime[]): EntityHooks | undefined;
  /** Inside an engine-made table's sync transaction, after its columns: indexes the capability's rules need. */
  tableSync?(tx: Kysely<SystemTables>, entity: EntityRuntime): Promise<void>;
  /** At start-up, once every table is synced and before any demo row: database objects spanning entities. */
  install?(db: Kysely<SystemTables>, entities: readonly EntityRuntime[]): Promise<void>;
}
