/**
 * The server side of `operations`, `initialStates` and `requires` (contract.ts): each operation's endpoint
 * (server-routes.ts), the entity's own `requires` inside add and edit, the fields only operations change, and the
 * history rows that go with a deleted row (server-transitions.ts).
 */
import type { CapabilityServer } from '../server-part.ts';
import { entityOperations, transitionFields } from './contract.ts';
import { assertWriteRequirements, historyTablesOf, transitionFieldErrors } from './server-transitions.ts';

export const operationsServer: CapabilityServer = {
  async routes(app, ctx, prefix, entity) {
    // A view has no rows to `set`: its operations' `<api>/<key>` endpoints are its domain module's routes.
    if (entityOperations(entity.schema).length === 0 || entity.schema.storage?.view) return;
    // Loaded, not imported: the endpoints use the engine's composed hooks, which import this part (a cycle otherwise).
    const { registerOperationRoutes } = await import('./server-routes.ts');
    registerOperationRoutes(app, ctx, prefix, entity);
  },
  hooksFor(entity) {
    if (!entity.schema.requires?.length) return undefined;
    // In the write's transaction, the referenced rows locked: a driver suspended meanwhile cannot slip through.
    return { beforeWrite: ({ ctx, tx, caller, record, existing }) => assertWriteRequirements(ctx, tx, entity, record, caller, existing) };
  },
  ownedFieldErrors: transitionFieldErrors,
  ownedFields: (entity) => [...transitionFields(entity.schema).keys()],
  dependentTables: historyTablesOf,
};
