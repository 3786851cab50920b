/**
 * Keyset paging behind JeecgBoot's page numbers (docs/decisions.md, "Deep pages and counts on large tables").
 *
 * The wire contract pages by number (`pageNo`), which PostgreSQL can only answer by walking OFFSET rows of the sort
 * index: page 500 costs 10,000 index entries before its 20 rows. But a position already read for the same query is
 * known by its sort values: if row 9,980 of "tenant 7, createTime desc" was (2026-11-20 10:00:00, id X), page 500 is
 * "the first 20 rows at or after that key", a range read on the same index. So after every page the server remembers
 * the keys at both its ends (an *anchor* per position), and a later page of the same query starts from the nearest
 * remembered position at or before it and skips only the remainder. Paging forward one page at a time — the common
 * walk — never skips anything.
 *
 * An anchor is exact only while the rows do not move: positions shift when a row of the table is written. Anchors
 * are therefore stamped with the table versions of the list cache (list-cache.ts: this process's writes and every
 * other writer's, announced by the database) and used only while none of the query's tables changed; and never
 * while the change feed is disconnected. Anchors are shared by everyone who runs the same SQL (same tenant, filters
 * and scope), which is exactly when positions are the same.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { OrderTerm } from './query.ts';
import { listCacheOf, type ListCache, type ReadStamp } from './list-cache.ts';
import type { SystemTables } from '../db/schema.ts';

/** A known position of one query: the sort values and id of the row at (inclusive) or just before (exclusive) it. */
export interface PageAnchor {
  /** 0-based row position the anchor stands for. */
  position: number;
  /** The row's sort values as PostgreSQL text (an exact round trip, unlike a parsed Date or float); null for NULL. */
  keys: readonly (string | null)[];
  id: string;
  /** True: the row itself is at `position`; false: it is the row before `position`. */
  inclusive: boolean;
}

/** What a list read may use and leave: the nearest known position, and the positions it learned. */
export interface SeekMemory {
  nearest(offset: number): PageAnchor | undefined;
  remember(anchors: readonly PageAnchor[]): void;
}

/** Name prefix of the sort-value columns added to page rows; never a property (properties start lower-case). */
export const KEY_COLUMN = '__key';

/** `col::text as "__key<i>"` for each sort term, so a page's rows carry the values an anchor needs. */
export function keyColumns(terms: readonly OrderTerm[]): RawBuilder<unknown>[] {
  return terms.map((term, i) => sql`cast(${term.column} as text) as ${sql.id(`${KEY_COLUMN}${i}`)}`);
}

/** Removes the key columns from `row` and returns them. */
export function takeKeys(row: Record<string, unknown>, count: number): (string | null)[] {
  const keys: (string | null)[] = [];
  for (let i = 0; i < count; i++) {
    const value = row[`${KEY_COLUMN}${i}`];
    keys.push(value === null || value === undefined ? null : String(value));
    delete row[`${KEY_COLUMN}${i}`];
  }
  return keys;
}

function and(conditions: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/**
 * The rows at or after `anchor` in the order of `terms` (each `nulls last`, then `id desc`), as disjoint conditions
 * in that order: the anchor's ties on every sort value (by id), then, from the last sort column to the first, the
 * rows beyond the anchor's value on that column and the NULLs after them. Each is a range (or equality) on one index
 * column after equalities on the ones before it, so PostgreSQL reads each one from the sort index in order; a single
 * OR of them all could not be.
 */
export function seekConditions(terms: readonly OrderTerm[], anchor: PageAnchor): RawBuilder<unknown>[] {
  // At or after (inclusive) / after the anchor, on the id that breaks ties (always descending).
  const upTo = sql.raw(anchor.inclusive ? '<=' : '<');
  const ids = sql`id ${upTo} ${anchor.id}`;
  // All descending like the id and never NULL (the default createTime sort): one row comparison says it all, and
  // PostgreSQL reads it as a single range of the sort index.
  if (terms.every((term) => term.descending && term.notNull) && anchor.keys.every((key) => key !== null)) {
    const columns = sql.join([...terms.map((term) => term.column), sql`id`]);
    const values = sql.join([...anchor.keys, anchor.id]);
    return [sql`(${columns}) ${upTo} (${values})`];
  }
  const equal = (i: number) => {
    const key = anchor.keys[i];
    return key === null ? sql`${terms[i].column} is null` : sql`${terms[i].column} = ${key}`;
  };
  const equals = terms.map((_term, i) => equal(i));
  const branches = [and([...equals, ids])];
  for (let i = terms.length - 1; i >= 0; i--) {
    const key = anchor.keys[i];
    // Nulls sort last: after a NULL on this column come only equal NULLs, already covered by the deeper branches.
    if (key === null) continue;
    const before = equals.slice(0, i);
    branches.push(and([...before, sql`${terms[i].column} ${sql.raw(terms[i].descending ? '<' : '>')} ${key}`]));
    if (!terms[i].notNull) branches.push(and([...before, sql`${terms[i].column} is null`]));
  }
  return branches;
}

type SeekParts = { from: RawBuilder<unknown>; where: RawBuilder<unknown>; order: RawBuilder<unknown> };

/**
 * Up to this many rows past a known position are skipped by reading them. Beyond it a single seek condition walks
 * the rest over ids only (still never more than a plain OFFSET would), and several branches are not used at all:
 * each would read the whole skip and the union be sorted again, which can cost more than the OFFSET walk.
 */
const SHORT_SKIP = 100;

/**
 * The statement of one page started `skip` rows after `anchor`, selecting `columns`; undefined when starting from
 * there would not be cheaper than the OFFSET walk. A single seek condition with a short skip reads the page's rows
 * straight from the sort index, as page 1 does.
 */
export function seekPage(
  parts: SeekParts,
  columns: RawBuilder<unknown>,
  terms: readonly OrderTerm[],
  anchor: PageAnchor,
  limit: number,
  skip: number,
): RawBuilder<unknown> | undefined {
  const { from, where, order } = parts;
  const conditions = seekConditions(terms, anchor);
  if (conditions.length === 1) {
    const [seek] = conditions;
    if (skip <= SHORT_SKIP) return sql`select ${columns} from ${from} where ${where} and ${seek} order by ${order} limit ${limit} offset ${skip}`;
    return sql`select ${columns} from ${from} where id in (
        select id from ${from} where ${where} and ${seek} order by ${order} limit ${limit} offset ${skip}
      ) order by ${order}`;
  }
  if (skip > SHORT_SKIP) return undefined;
  return sql`select ${columns} from ${from} where id in (${unionIds(parts, terms, conditions, limit, skip)}) order by ${order}`;
}

/**
 * Ids of `limit` rows starting `skip` rows into the union of the disjoint `conditions`: each branch reads at most
 * `skip + limit` ids from the index, and the union is ordered once more by the same terms.
 */
function unionIds(parts: SeekParts, terms: readonly OrderTerm[], conditions: RawBuilder<unknown>[], limit: number, skip: number): RawBuilder<unknown> {
  const { from, where, order } = parts;
  const sortColumns = terms.map((term, i) => sql`${term.column} as ${sql.id(`${KEY_COLUMN}${i}`)}`);
  const branches = conditions.map(
    (condition) => sql`(select id, ${sql.join(sortColumns)} from ${from} where ${where} and ${condition} order by ${order} limit ${skip + limit})`,
  );
  const unionOrder = sql.join([
    ...terms.map((term, i) => sql`${sql.id(`${KEY_COLUMN}${i}`)} ${sql.raw(term.descending ? 'desc' : 'asc')} nulls last`),
    sql`id desc`,
  ]);
  return sql`select id from (${sql.join(branches, sql` union all `)}) as seek order by ${unionOrder} limit ${limit} offset ${skip}`;
}

interface Remembered {
  stamp: ReadStamp;
  deps: readonly string[];
  /** By position; at most `perQuery`, the oldest learned dropped first. */
  anchors: Map<number, PageAnchor>;
}

/** Known positions per query (see the top of this file), valid while the list cache's table versions stand. */
export class PageAnchors {
  private readonly queries = new Map<string, Remembered>();

  constructor(
    private readonly tables: ListCache,
    readonly enabled = process.env.PAGE_ANCHORS !== 'off',
    readonly maxQueries = 2_000,
    readonly perQuery = 64,
  ) {}

  /** Queries with known positions (tests). */
  get size(): number {
    return this.queries.size;
  }

  /** The memory of one read of query `key`, whose tables are `deps`, begun at `stamp`. */
  slot(key: string, deps: readonly string[], stamp: ReadStamp): SeekMemory | undefined {
    if (!this.enabled) return undefined;
    return {
      nearest: (offset) => this.nearest(key, offset),
      remember: (anchors) => this.remember(key, deps, stamp, anchors),
    };
  }

  private nearest(key: string, offset: number): PageAnchor | undefined {
    const known = this.queries.get(key);
    if (!known) return undefined;
    if (!this.tables.unchanged(known.deps, known.stamp)) {
      this.queries.delete(key);
      return undefined;
    }
    let best: PageAnchor | undefined;
    for (const anchor of known.anchors.values()) {
      if (anchor.position <= offset && (!best || anchor.position > best.position)) best = anchor;
    }
    return best;
  }

  private remember(key: string, deps: readonly string[], stamp: ReadStamp, anchors: readonly PageAnchor[]): void {
    // Rows read while a table changed may straddle the change: their positions are not trusted.
    if (!this.tables.unchanged(deps, stamp)) return;
    let known = this.queries.get(key);
    if (!known || !sameStamp(known.stamp, stamp)) {
      known = { stamp, deps, anchors: new Map() };
    }
    this.queries.delete(key);
    this.queries.set(key, known); // most recently used last
    for (const anchor of anchors) {
      known.anchors.delete(anchor.position);
      known.anchors.set(anchor.position, anchor);
    }
    for (const position of known.anchors.keys()) {
      if (known.anchors.size <= this.perQuery) break;
      known.anchors.delete(position);
    }
    for (const oldest of this.queries.keys()) {
      if (this.queries.size <= this.maxQueries) break;
      this.queries.delete(oldest);
    }
  }
}

function sameStamp(a: ReadStamp, b: ReadStamp): boolean {
  return a.epoch === b.epoch && a.totals === b.totals && a.versions.length === b.versions.length && a.versions.every((v, i) => v === b.versions[i]);
}

const anchorsByDb = new WeakMap<Kysely<SystemTables>, PageAnchors>();

/** The known positions of lists read through `db`, valid by its list cache's table versions. */
export function pageAnchorsOf(db: Kysely<SystemTables>): PageAnchors {
  let anchors = anchorsByDb.get(db);
  if (!anchors) anchorsByDb.set(db, (anchors = new PageAnchors(listCacheOf(db))));
  return anchors;
}
