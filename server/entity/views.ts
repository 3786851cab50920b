/**
 * Views that storage.view entities read and a domain module defines (DomainModule.views) because they join tables
 * the engine creates: made after those tables, again on every start, so the view always has the columns its SELECT
 * names today. Only a name an entity declares as its view table is accepted.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import type { EntityRuntime } from './registry.ts';
import { assertIdentifier } from './registry.ts';

export async function syncViews(db: Kysely<SystemTables>, entities: readonly EntityRuntime[], views: ReadonlyMap<string, RawBuilder<unknown>>): Promise<void> {
  for (const [name, select] of views) {
    const owner = entities.find((entity) => entity.schema.storage?.view && entity.schema.table === name);
    if (!owner) throw new Error(`view ${name}: no entity reads it (storage.view with that table)`);
    const view = sql.id(assertIdentifier(name));
    // Dropped and made anew (not `create or replace`, which refuses a changed column list), in one transaction.
    await db.transaction().execute(async (tx) => {
      await sql`drop view if exists ${view}`.execute(tx);
      await sql`create view ${view} as ${select}`.execute(tx);
    });
  }
}
