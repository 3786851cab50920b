/**
 * One list request turned into one plan: the WHERE (tenant, the request's filters, scope and extra conditions) and
 * the ORDER are built once and compiled once, and everything downstream uses that one compilation — the list
 * cache's key (`shape`), the known row positions (`positionsKey`), the total's cache key (`countKey`) and the page
 * read (`parts`). Plans are remembered per entity, so a repeated request (a cache hit) builds nothing at all.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import type { EntityRuntime } from './registry.ts';
import { buildFilters, filtersUseClock, orderSql, orderTerms, pageParams, type QueryParams } from './query.ts';
import { assertPageDepth, type PageParts } from './paging.ts';
import type { FieldVisibility } from './field-visibility.ts';
import { tenantWhere } from './tenancy.ts';
import { selectList } from './select-list.ts';

type Db = Kysely<SystemTables>;

export interface ListPlan {
  pageNo: number;
  pageSize: number;
  offset: number;
  /** What the page is read from: select list, table, WHERE and ORDER (with its terms, for keyset reads). */
  parts: PageParts;
  /** The rows' identity for the total: table, WHERE text and bound values. */
  countKey: string;
  /**
   * The page's identity for the list cache: page, size, compiled WHERE/ORDER and bound values. Null when the
   * query reads other tables (a subquery), whose writes the list cache would not see.
   */
  shape: string | null;
  /** Everything but page and size: reads with equal keys walk the same rows in the same order (keyset.ts). */
  positionsKey: string | null;
}

/**
 * One list read as the engine gets it: the entity, the caller's tenant, the wire parameters, the conditions of the
 * caller's scope (data scope, data rules, a domain's list conditions: session- and clock-dependent SQL ANDed to
 * the request's filters), and what the caller may see. The plan, the count, an export's batches and the page read
 * all take this one object.
 */
export interface ListQuery {
  entity: EntityRuntime;
  tenantId: number;
  params: QueryParams;
  scope?: readonly RawBuilder<unknown>[];
  visibility?: FieldVisibility;
}

/** The WHERE of a list request: the caller's tenant, the request's filters, and any extra conditions. */
export function listWhere({ entity, tenantId, params, scope = [], visibility }: ListQuery): RawBuilder<unknown> {
  return sql.join([tenantWhere(entity, tenantId), ...buildFilters(entity, params, visibility), ...scope], sql` and `);
}

/** The statement parts of a list request, built but not compiled (exports and counts that need no plan). */
export function listParts(query: ListQuery): PageParts {
  const { entity, params, visibility } = query;
  const terms = orderTerms(entity, params, visibility);
  return {
    select: selectList(entity),
    from: sql.id(entity.schema.table) as unknown as RawBuilder<unknown>,
    where: listWhere(query),
    order: orderSql(terms),
    terms,
  };
}

/** Plans already made, per entity, keyed by everything they depend on; a plan never goes stale, only unused. */
const plansByEntity = new WeakMap<EntityRuntime, Map<string, ListPlan>>();
const PLAN_MEMO_SIZE = 5_000;

export function planList(db: Db, query: ListQuery): ListPlan {
  const { entity, tenantId, params, scope: extra = [], visibility } = query;
  const { pageNo, pageSize } = pageParams(params);
  const offset = (pageNo - 1) * pageSize;
  assertPageDepth(offset);
  // The extra conditions carry anything session- or clock-dependent; compiled, they key the memo exactly.
  const scope = extra.length ? sql.join([...extra], sql` and `).compile(db) : undefined;
  const memoKey = [tenantId, requestKey(params), scope?.sql ?? '', scope ? boundValues(scope.parameters) : '', visibility?.key ?? ''].join('\u0000');
  let memo = plansByEntity.get(entity);
  if (!memo) plansByEntity.set(entity, (memo = new Map()));
  // Filters relative to today are planned afresh: their bound day is part of the plan.
  const clocked = filtersUseClock(entity, params);
  const known = clocked ? undefined : memo.get(memoKey);
  if (known) return known;
  const parts = listParts(query);
  const where = sql`${parts.where}`.compile(db);
  const order = sql`${parts.order}`.compile(db);
  const whereKey = `${where.sql}\u0000${boundValues(where.parameters)}`;
  const readsOtherTables = /\bselect\b/i.test(where.sql) || /\bselect\b/i.test(order.sql);
  const positions = readsOtherTables ? null : `${entity.schema.table}\u0000${whereKey}\u0000${order.sql}\u0000${boundValues(order.parameters)}`;
  const plan: ListPlan = {
    pageNo,
    pageSize,
    offset,
    parts,
    countKey: `${entity.schema.table}\u0000${whereKey}`,
    shape: positions === null ? null : `${pageNo}\u0000${pageSize}\u0000${positions}`,
    positionsKey: positions,
  };
  if (clocked) return plan;
  if (memo.size >= PLAN_MEMO_SIZE) memo.clear();
  memo.set(memoKey, plan);
  return plan;
}

/** The request's parameters minus `_t`, the cache-buster JeecgBoot clients add to every GET; JSON, so unambiguous. */
function requestKey(params: QueryParams): string {
  return JSON.stringify(params, (key, value: unknown) => (key === '_t' ? undefined : value));
}

function boundValues(parameters: readonly unknown[]): string {
  return JSON.stringify(parameters, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
}
