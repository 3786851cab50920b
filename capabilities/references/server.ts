/**
 * The server side of `references` and `copyFrom` (contract.ts): a delete of records other records name is refused
 * (server-referrers.ts), and copies are filled from the referenced records before a record is validated
 * (server-copies.ts).
 */
import type { AppContext } from '../../server/context.ts';
import type { EntityRuntime } from '../../server/entity/registry.ts';
import type { CapabilityServer } from '../server-part.ts';
import { applyCopies } from './server-copies.ts';
import { assertUnreferenced, presentReferrers, referrersOf, type Referrer } from './server-referrers.ts';

// Other entities' fields naming an entity's rows, per app (worked out on first delete: table dictionaries are loaded by then).
const known = new WeakMap<AppContext, Map<EntityRuntime, Referrer[]>>();

export const referencesServer: CapabilityServer = {
  fillValues: ({ ctx, db, caller, entity, record, body, existing }) => applyCopies(ctx, db, entity, caller, record, body, existing),
  async deleteCheck({ ctx, tx, caller, entity, ids }) {
    const cache = known.get(ctx) ?? new Map<EntityRuntime, Referrer[]>();
    known.set(ctx, cache);
    let referrers = cache.get(entity);
    if (!referrers) {
      referrers = await presentReferrers(tx, referrersOf(entity, ctx.entities, ctx.tableDicts));
      cache.set(entity, referrers);
    }
    await assertUnreferenced(tx, entity, referrers, caller.tenantId, ids);
  },
};
