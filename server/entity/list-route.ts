/**
 * The engine's list read, from a request to its answer: one plan (list-plan.ts) serves the list cache's key, the
 * known row positions, the total and the page; then the engine's presentation and the domain's (hooks.present).
 * The entity list route and server-written lists that keep their own writes (registerScopedList) both answer here,
 * so a screen reads the same whichever side writes its rows.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RawBuilder } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import type { AppContext, Caller } from '../context.ts';
import { sendResultJson } from '../core/envelope.ts';
import { requireCaller } from '../auth/guard.ts';
import { tableTextsForRows } from '../dict/table-dicts.ts';
import type { EntityRuntime } from './registry.ts';
import type { QueryParams } from './query.ts';
import { presentRows, readPlan } from './repository.ts';
import { readScopeConditions } from './data-scope.ts';
import { fieldVisibility } from './field-visibility.ts';
import { planList } from './list-plan.ts';
import { listCacheOf, listDependencies } from './list-cache.ts';
import { pageAnchorsOf } from './keyset.ts';
import { hooksOf } from './hooks.ts';

/** The engine's presentation of rows, then the domain's additions (hooks.present). */
export async function presentForCaller(ctx: AppContext, entity: EntityRuntime, rows: WireRecord[], mask: boolean, caller: Caller): Promise<WireRecord[]> {
  const tableTexts = await tableTextsForRows(ctx.db, ctx.tableDicts, entity, caller.tenantId, rows);
  const shown = presentRows(entity, ctx.dicts, rows, mask, tableTexts, caller);
  const hooks = hooksOf(ctx, entity);
  return hooks.present ? hooks.present(shown, { ctx, caller, entity }) : shown;
}

/** Answers one list request; `extra` holds the conditions beyond the request's filters (scope, tree roots, hooks). */
export type ListAnswer = (caller: Caller, params: QueryParams, extra: RawBuilder<unknown>[], reply: FastifyReply) => Promise<FastifyReply>;

export interface ListOptions {
  /**
   * Answer from the list cache: only for tables whose every write the database announces (row triggers are
   * installed for engine entities); a list over a view of other tables must read afresh.
   */
  cache: boolean;
  /** Mask privacy fields (lists do; a server-written list for people who enter those values may not). */
  mask: boolean;
}

export function listAnswer(ctx: AppContext, entity: EntityRuntime, options: ListOptions = { cache: !entity.schema.storage?.view, mask: true }): ListAnswer {
  // Plus the tables the domain's present/listConditions read (hooks.reads).
  const deps = [...new Set([...listDependencies(entity, ctx.tableDicts, ctx.entities), ...(hooksOf(ctx, entity).reads ?? [])])];
  return async (caller, params, extra, reply) => {
    const plan = planList(ctx.db, { entity, tenantId: caller.tenantId, params, scope: extra, visibility: fieldVisibility(entity, caller) });
    // Same SQL for the same person, and nothing it was read from changed since: the answer is still right.
    const cache = listCacheOf(ctx.db);
    const key = options.cache && plan.shape && [entity.schema.name, caller.userId, caller.userType, caller.customerId ?? '', caller.tenantId, ctx.dicts.version, plan.shape].join('\u0000');
    const hit = key ? cache.get(key) : undefined;
    if (hit !== undefined) return sendResultJson(reply, hit);
    const stamp = cache.begin(deps);
    const seek = options.cache && plan.positionsKey ? pageAnchorsOf(ctx.db).slot(plan.positionsKey, deps, stamp) : undefined;
    // Only a query reading no other table (one with a shape) is fully described by deps.
    const unchanged = options.cache && plan.shape ? () => cache.unchanged(deps, stamp) : undefined;
    const page = await readPlan(ctx.db, plan, { seek, unchanged });
    const result = Buffer.from(JSON.stringify({ ...page, records: await presentForCaller(ctx, entity, page.records, options.mask, caller) }));
    if (key) cache.put(key, deps, stamp, result);
    return sendResultJson(reply, result);
  };
}

/** A list endpoint for an entity whose writes are server code's own: the engine's read under the caller's scope. */
export function registerScopedList(app: FastifyInstance, ctx: AppContext, entity: EntityRuntime, path: string, permission: string): void {
  const answer = listAnswer(ctx, entity, { cache: false, mask: false });
  app.get(path, { config: { permission } }, async (request, reply) => {
    const caller = requireCaller(request);
    return answer(caller, request.query as QueryParams, await readScopeConditions(ctx.db, entity, caller, request.log), reply);
  });
}
