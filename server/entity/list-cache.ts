/**
 * List pages answered from memory until a table they were read from changes. A list page's answer depends on
 * the rows of its entity's table, the tables its display texts come from (table dictionaries, users,
 * departments), the system dictionaries, and who asks. The key holds who asks (user, type, active customer,
 * tenant) and the compiled WHERE/ORDER of the page query with its bound values — so two requests share an answer
 * only if they run the same SQL for the same person; scope, data rules and filters are all in that SQL.
 *
 * Freshness: each table has a version. It is bumped
 * - in this process as soon as a statement writes the table and again when the writing request has finished
 *   (server/db/write-watch.ts), so this process never answers a request with rows from before its own write;
 * - from the database: triggers send `pg_notify('app_rows', <table>)` at commit for every statement on a watched
 *   table, whoever made it (another server process, a SQL console, a job).
 * An answer is kept only if no dependency changed while it was being read, and is dropped when one changes after.
 * Nothing is cached unless the change feed is connected (server/db/change-feed.ts), nor when LIST_CACHE=off.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { startChangeFeed, type NotificationFeed } from '../db/change-feed.ts';
import type { TableDictionary } from '../dict/table-dicts.ts';
import type { EntityRuntime } from './registry.ts';
import { directoryOf } from './field-types.ts';
import { countCacheGeneration } from './count-generation.ts';

export const ROWS_CHANNEL = 'app_rows';

type Db = Kysely<SystemTables>;

interface Entry {
  /** The `result` JSON as UTF-8: sent as it is, never encoded again. */
  body: Buffer;
  totals: number;
  deps: readonly string[];
  versions: number[];
  epoch: number;
}

/** The dependency versions seen when a read began. */
export interface ReadStamp {
  epoch: number;
  totals: number;
  versions: number[];
}

export class ListCache {
  private readonly versions = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private epoch = 0;
  private live = false;

  constructor(
    readonly enabled = process.env.LIST_CACHE !== 'off',
    readonly maxBytes = 64 * 1024 * 1024,
    readonly maxEntryBytes = 512 * 1024,
  ) {}

  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  /** Forget everything (feed reconnected, or a change whose tables are unknown). */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  bump(table: string): void {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }

  get size(): number {
    return this.entries.size;
  }

  private stampOf(deps: readonly string[]): number[] {
    return deps.map((table) => this.versions.get(table) ?? 0);
  }

  private same(a: number[], b: number[]): boolean {
    return a.length === b.length && a.every((v, i) => v === b[i]);
  }

  /** The stored answer, if still current. */
  get(key: string): Buffer | undefined {
    if (!this.live || !this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.epoch !== this.epoch || entry.totals !== countCacheGeneration() || !this.same(entry.versions, this.stampOf(entry.deps))) {
      this.drop(key, entry);
      return undefined;
    }
    // Most recently used last, so eviction takes the oldest.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  begin(deps: readonly string[]): ReadStamp {
    return { epoch: this.epoch, totals: countCacheGeneration(), versions: this.stampOf(deps) };
  }

  /**
   * Whether none of `deps` changed since `stamp` while the change feed stayed connected, whether or not answers
   * are cached (LIST_CACHE=off): what read then still holds (keyset.ts keeps row positions on this).
   */
  unchanged(deps: readonly string[], stamp: ReadStamp): boolean {
    return this.live && stamp.epoch === this.epoch && stamp.totals === countCacheGeneration() && this.same(stamp.versions, this.stampOf(deps));
  }

  /** Stores an answer read since `stamp`, unless a dependency changed meanwhile. */
  put(key: string, deps: readonly string[], stamp: ReadStamp, body: Buffer): void {
    if (!this.live || !this.enabled || body.length > this.maxEntryBytes) return;
    if (stamp.epoch !== this.epoch || stamp.totals !== countCacheGeneration() || !this.same(stamp.versions, this.stampOf(deps))) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { body, deps, versions: stamp.versions, epoch: stamp.epoch, totals: stamp.totals });
    this.bytes += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, entry);
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

const caches = new WeakMap<Db, ListCache>();

export function listCacheOf(db: Db): ListCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ListCache()));
  return cache;
}

/** (Re)creates the statement triggers announcing writes to `tables`; run at start once they exist. */
export async function installRowTriggers(db: Db, tables: Iterable<string>): Promise<void> {
  const quiet = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      // Two instances starting together may race on the same definition: the other one's is the same text.
      if (!/concurrently|already exists/.test(error instanceof Error ? error.message : String(error))) throw error;
    }
  };
  await quiet(() =>
    sql`create or replace function app_notify_rows_changed() returns trigger language plpgsql as $fn$
      begin
        perform pg_notify(${sql.lit(ROWS_CHANNEL)}, tg_table_name);
        return null;
      end $fn$`.execute(db),
  );
  for (const table of new Set(tables)) {
    await quiet(() =>
      sql`create or replace trigger app_rows_change after insert or update or delete or truncate on ${sql.id(table)}
        for each statement execute function app_notify_rows_changed()`.execute(db),
    );
  }
}

/** `onTable`: also told each announced table (after the cache has forgotten it), e.g. to reload dictionaries. */
export function startRowsFeed(db: Db, feed: NotificationFeed, log: (message: string) => void, onTable: (table: string) => void = () => undefined): Promise<() => Promise<void>> {
  const cache = listCacheOf(db);
  const onNotify = (table: string) => {
    if (!table) return cache.clear();
    cache.bump(table);
    onTable(table);
  };
  return startChangeFeed(feed, ROWS_CHANNEL, { onNotify, setLive: (live) => cache.setLive(live) }, (m) => log(`list cache: ${m}`));
}

/**
 * Tables a list page of `entity` is read from: its own and those its display texts come from. Callers add the
 * hooks' `reads` (a domain's joins, the tables a capability's stored counts follow). `_entities` is no longer read;
 * it stays until list-route.ts and app.ts, which pass it, are next edited.
 */
export function listDependencies(entity: EntityRuntime, tableDicts: Map<string, TableDictionary>, _entities: readonly EntityRuntime[] = []): string[] {
  const tables = new Set<string>([entity.schema.table]);
  for (const field of Object.values(entity.schema.fields)) {
    const dict = field.dict ? tableDicts.get(field.dict) : undefined;
    if (dict) tables.add(dict.entity.schema.table);
    else if (field.dict) tables.add('sys_dict').add('sys_dict_item');
    const directory = directoryOf(field);
    if (directory) tables.add(directory.table);
  }
  return [...tables];
}
