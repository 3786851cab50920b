/**
 * Paging and counting rules that keep list requests cheap on large tables (1M rows per tenant) without changing
 * the JeecgBoot wire contract (docs/decisions.md, "Deep pages and counts on large tables"):
 *
 * - Deep pages: a page may start at most `maxOffset` rows in (the first 10,000 rows of any filter and sort can be
 *   paged through); a later page is refused with a sentence asking for a narrower query. Pages past the first are
 *   read from the nearest known position of the same query (keyset.ts) or else as a "deferred join": the OFFSET
 *   walk selects only ids from the sort index (index-only), then the page's rows are fetched by primary key, so
 *   skipping rows never reads their heap tuples.
 * - Counts: up to `exactCountUpTo` matches are counted exactly on every request (a LIMITed count costs at most that
 *   many index entries). Above it the exact count is computed once per tenant + filter and reused while none of
 *   the list's tables has changed since (when the list route says so), else for `countCacheMs`, so `total` may lag
 *   recent writes by that long but stays a real count, never an estimate.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { BusinessError } from '../core/errors.ts';
import type { OrderTerm } from './query.ts';
import { keyColumns, seekPage, takeKeys, type PageAnchor, type SeekMemory } from './keyset.ts';
import { countCacheGeneration, nextCountCacheGeneration } from './count-generation.ts';

type Db = Kysely<SystemTables>;

/** Mutable so tests can exercise the rules with a few dozen rows; the server never changes them. */
export const LIST_LIMITS = {
  /** Rows a list page may skip; pages starting at or beyond this are refused. */
  maxOffset: 10_000,
  /** Totals up to this are counted exactly on every request. */
  exactCountUpTo: 10_000,
  /** How long a larger total is reused. */
  countCacheMs: 15_000,
  /**
   * A total read in its last this-many ms is counted again in the background, so a list in steady use never waits
   * for its count (on 1M rows a count is a ~100 ms stall every `countCacheMs`); one not read lapses as before.
   */
  countRefreshMs: 5_000,
  /** Distinct (tenant, table, filter) totals kept; the oldest is dropped first. */
  countCacheEntries: 500,
};

/**
 * Whether none of the tables a read began on has changed since (the list cache's versions, list-cache.ts). A total
 * counted by such a read stays exact for as long as this holds, however old it is.
 */
export type UnchangedSince = () => boolean;

interface Counted {
  total: number;
  /** The counting read's own check: the count began after its stamp, so it saw at least those versions. */
  unchanged?: UnchangedSince;
}

interface CachedTotal extends Counted {
  expires: number;
}

// Per database handle, so two databases in one process (tests run both backends) never share a total.
let totalsByDb = new WeakMap<Db, Map<string, CachedTotal>>();
let pendingByDb = new WeakMap<Db, Map<string, Promise<Counted>>>();

function totalsOf(db: Db): Map<string, CachedTotal> {
  let totals = totalsByDb.get(db);
  if (!totals) totalsByDb.set(db, (totals = new Map()));
  return totals;
}

/** Forgets cached totals (tests, and any caller that must see its own bulk write at once). */
export function clearCountCache(): void {
  totalsByDb = new WeakMap();
  // A count already running may have begun before the write that made the caller clear: not joined afterwards.
  pendingByDb = new WeakMap();
  nextCountCacheGeneration();
}

/** Refuses a page that starts too deep, with the sentence the list screen shows. */
export function assertPageDepth(offset: number): void {
  if (offset >= LIST_LIMITS.maxOffset) {
    throw new BusinessError(`列表最多可翻阅前${LIST_LIMITS.maxOffset}条记录，请增加查询条件缩小范围`);
  }
}

function cacheKey(db: Db, from: RawBuilder<unknown>, where: RawBuilder<unknown>): string {
  const compiled = sql`${from} where ${where}`.compile(db);
  return `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
}

function remember(cachedTotals: Map<string, CachedTotal>, key: string, counted: Counted): void {
  cachedTotals.delete(key);
  cachedTotals.set(key, { ...counted, expires: Date.now() + LIST_LIMITS.countCacheMs });
  while (cachedTotals.size > LIST_LIMITS.countCacheEntries) {
    const oldest = cachedTotals.keys().next().value;
    if (oldest === undefined) break;
    cachedTotals.delete(oldest);
  }
}

/**
 * The cached total while it lasts, or for as long as nothing it counted has changed; read in its last
 * `countRefreshMs` after a change may have happened, it is counted again in the background.
 */
function freshTotal(db: Db, key: string, from: RawBuilder<unknown>, where: RawBuilder<unknown>, unchanged?: UnchangedSince): number | undefined {
  const cached = totalsOf(db).get(key);
  if (cached?.unchanged?.()) return cached.total;
  const now = Date.now();
  if (!cached || cached.expires <= now) return undefined;
  if (cached.expires - now <= LIST_LIMITS.countRefreshMs && !pendingByDb.get(db)?.has(key)) {
    const generation = countCacheGeneration();
    fullCount(db, key, from, where, unchanged).then(
      // A total counted before the totals were forgotten (a bulk write) is not brought back.
      (counted) => generation === countCacheGeneration() && remember(totalsOf(db), key, counted),
      () => undefined, // the next request after expiry counts in line and reports the error
    );
  }
  return cached.total;
}

/**
 * The exact count; concurrent callers for the same key share one statement instead of each scanning the table,
 * and share the check of the caller that started it (a later caller's stamp may be newer than what it counted).
 */
function fullCount(db: Db, key: string, from: RawBuilder<unknown>, where: RawBuilder<unknown>, unchanged?: UnchangedSince): Promise<Counted> {
  let pendingTotals = pendingByDb.get(db);
  if (!pendingTotals) pendingByDb.set(db, (pendingTotals = new Map()));
  const inFlight = pendingTotals;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = sql<{ total: number }>`select count(*)::int as total from ${from} where ${where}`
      .execute(db)
      .then((result) => ({ total: result.rows[0]?.total ?? 0, unchanged }))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** Rows matching `where` in `from` (a table identifier), under the rules above. `where` includes the tenant. */
export async function countMatches(db: Db, from: RawBuilder<unknown>, where: RawBuilder<unknown>, unchanged?: UnchangedSince, knownKey?: string): Promise<number> {
  const key = knownKey ?? cacheKey(db, from, where);
  const cachedTotals = totalsOf(db);
  const cached = freshTotal(db, key, from, where, unchanged);
  if (cached !== undefined) return cached;
  const bound = LIST_LIMITS.exactCountUpTo;
  const bounded = await sql<{ total: number }>`select count(*)::int as total
    from (select 1 from ${from} where ${where} limit ${bound + 1}) as bounded`.execute(db);
  const small = bounded.rows[0]?.total ?? 0;
  if (small <= bound) {
    cachedTotals.delete(key);
    return small;
  }
  const counted = await fullCount(db, key, from, where, unchanged);
  remember(cachedTotals, key, counted);
  return counted.total;
}

/** What a page is read from; `terms` (the structured `order`) lets a page start from a known position (keyset.ts). */
export interface PageParts {
  select: RawBuilder<unknown>;
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  order: RawBuilder<unknown>;
  terms?: readonly OrderTerm[];
}

/**
 * The statement of one page. Page 1 reads the rows straight from the sort index. A later page starts from the
 * nearest known position of the same query when there is one (a range read on the sort index, keyset.ts);
 * otherwise it walks the OFFSET over ids only and then fetches the page's rows by primary key, in the same order.
 */
function pageStatement(parts: PageParts, columns: RawBuilder<unknown>, limit: number, offset: number, anchor: PageAnchor | undefined): RawBuilder<unknown> {
  const { from, where, order, terms } = parts;
  const seek = anchor && terms ? seekPage(parts, columns, terms, anchor, limit, offset - anchor.position) : undefined;
  if (seek) return seek;
  if (offset === 0) return sql`select ${columns} from ${from} where ${where} order by ${order} limit ${limit}`;
  return sql`select ${columns} from ${from} where id in (
      select id from ${from} where ${where} order by ${order} limit ${limit} offset ${offset}
    ) order by ${order}`;
}

/**
 * Reads one page with `extra` columns; with `seek` (and `parts.terms`) it starts from the nearest known position
 * and leaves the positions of the page's two ends for the next read.
 */
async function readPage<Row extends Record<string, unknown> = Record<string, unknown>>(
  db: Db,
  parts: PageParts,
  limit: number,
  offset: number,
  seek: SeekMemory | undefined,
  extra: RawBuilder<unknown>[] = [],
): Promise<Row[]> {
  const terms = seek ? parts.terms : undefined;
  const anchor = terms && offset > 0 ? seek?.nearest(offset) : undefined;
  const columns = sql.join([parts.select, ...extra, ...(terms ? keyColumns(terms) : [])]);
  const { rows } = await sql<Row>`${pageStatement(parts, columns, limit, offset, anchor)}`.execute(db);
  if (!terms || !seek) return rows;
  const keys = rows.map((row) => takeKeys(row, terms.length));
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (first && last) {
    seek.remember([
      { position: offset, keys: keys[0], id: String(first.id), inclusive: true },
      { position: offset + rows.length, keys: keys[rows.length - 1], id: String(last.id), inclusive: false },
    ]);
  }
  return rows;
}

/** The rows of one page (see `pageStatement`). */
export async function pageRows<Row>(db: Db, parts: PageParts, limit: number, offset: number, seek?: SeekMemory): Promise<Row[]> {
  return (await readPage(db, parts, limit, offset, seek)) as Row[];
}

/** Name of the bounded count column added to page rows; never a property (properties start with a lower-case letter). */
const BOUNDED_TOTAL = '__bounded_total';

/**
 * One page and the list's total, in one statement when possible: the page query carries the bounded count as an
 * uncorrelated scalar subquery (evaluated once). Saves a round trip on every full page, which on PostgreSQL is
 * most of a small list request's cost. Falls back to `countMatches` for totals above `exactCountUpTo` (cached)
 * and for an empty page past the start (no row to carry the count).
 */
export async function pageWithTotal<Row extends Record<string, unknown>>(
  db: Db,
  parts: PageParts,
  limit: number,
  offset: number,
  seek?: SeekMemory,
  unchanged?: UnchangedSince,
  /** The total's key when the caller compiled the WHERE already (list-plan.ts countKey). */
  knownKey?: string,
): Promise<{ rows: Row[]; total: number }> {
  const { from, where } = parts;
  const key = knownKey ?? cacheKey(db, from, where);
  const cached = freshTotal(db, key, from, where, unchanged);
  if (cached !== undefined) return { rows: await readPage<Row>(db, parts, limit, offset, seek), total: cached };
  const bound = LIST_LIMITS.exactCountUpTo;
  const bounded = sql`(select count(*)::int from (select 1 from ${from} where ${where} limit ${bound + 1}) as bounded) as ${sql.id(BOUNDED_TOTAL)}`;
  const rows = await readPage<Row>(db, parts, limit, offset, seek, [bounded]);
  const carried = rows[0]?.[BOUNDED_TOTAL];
  for (const row of rows) delete row[BOUNDED_TOTAL];
  if (rows.length === 0 && offset === 0) return { rows, total: 0 };
  if (typeof carried === 'number' && carried <= bound) return { rows, total: carried };
  return { rows, total: await countMatches(db, from, where, unchanged, key) };
}
