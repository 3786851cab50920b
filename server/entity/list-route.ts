/**
 * The engine's list read for server-written entities that keep their own writes (回款, 垫付还款): the caller's read
 * scope, what it may filter and sort on, display texts and masks — exactly as an engine list answers, so a screen
 * reads the same whichever side writes its rows.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ok } from '../core/envelope.ts';
import { requireCaller } from '../auth/guard.ts';
import { tableTextsForRows } from '../dict/table-dicts.ts';
import type { EntityRuntime } from './registry.ts';
import type { QueryParams } from './query.ts';
import { listRows, presentRows } from './repository.ts';
import { readScopeConditions } from './data-scope.ts';
import { fieldVisibility } from './field-visibility.ts';

export function registerScopedList(app: FastifyInstance, ctx: AppContext, entity: EntityRuntime, path: string, permission: string): void {
  app.get(path, { config: { permission } }, async (request) => {
    const caller = requireCaller(request);
    const scope = await readScopeConditions(ctx.db, entity, caller, request.log);
    const page = await listRows(ctx.db, entity, caller.tenantId, request.query as QueryParams, scope, {}, fieldVisibility(entity, caller));
    const tableTexts = await tableTextsForRows(ctx.db, ctx.tableDicts, entity, caller.tenantId, page.records);
    return ok({ ...page, records: presentRows(entity, ctx.dicts, page.records, false, tableTexts, caller) });
  });
}
