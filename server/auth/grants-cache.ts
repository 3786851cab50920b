/**
 * Session grants (user, permission codes, data rules, blocked tenants) cached per token, so a request costs one
 * statement for its data instead of two. Safe only because every change that could alter a cached answer is
 * announced by the database itself: triggers on the tables the session statement reads call
 * `pg_notify('app_grants')`, delivered at commit to every server process listening (PostgreSQL LISTEN, or PGlite's
 * in-process listen) — whatever code path or SQL console made the change. On a notification every process drops
 * its whole cache, so a freeze, logout, password change or role edit ends the old answer at once.
 *
 * Deny by default: nothing is cached unless the change feed is connected; if the listening connection drops, the
 * cache is emptied and bypassed until it is back. A load that started before a notification is not stored (epoch
 * check), so a read racing a revoke cannot resurrect the old grants. Entries also expire after `ttlMs`, which bounds
 * what no trigger can see: a tenant whose end date passes at midnight is blocked within that time; and never outlive
 * the session's own expiry.
 *
 * No stampede at expiry: concurrent reads of one token share one load, and a session in use is re-read in the
 * background during the last `refreshAheadMs` of its entry's time, while requests go on being answered from the entry
 * — before, every request arriving while the expired entry was being re-read ran the statement itself, and at a few
 * thousand requests a second that pile-up stalled the whole session for ~150 ms every 30 s (docs/perf.md).
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import type { SessionGrants } from './sessions.ts';
import { startChangeFeed, type NotificationFeed } from '../db/change-feed.ts';

export const GRANTS_CHANNEL = 'app_grants';

type Db = Kysely<SystemTables>;

interface Entry {
  grants: SessionGrants;
  expires: number;
  /** From when a request starts a background re-read (never when the session's own end bounds the entry). */
  refreshFrom: number;
}

export class GrantsCache {
  private readonly entries = new Map<string, Entry>();
  /** Loads under way, by token, with the epoch they started in (a later epoch never joins an older load). */
  private readonly loading = new Map<string, { epoch: number; promise: Promise<SessionGrants | null> }>();
  private epoch = 0;
  private live = false;

  constructor(
    readonly ttlMs = 30_000,
    readonly maxEntries = 20_000,
    readonly refreshAheadMs = Math.min(5_000, ttlMs / 4),
  ) {}

  /** Whether the change feed is connected; while it is not, every lookup goes to the database. */
  setLive(live: boolean): void {
    this.live = live;
    this.invalidateAll();
  }

  invalidateAll(): void {
    this.epoch += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  async get(tokenHash: string, load: () => Promise<SessionGrants | null>): Promise<SessionGrants | null> {
    // Deny by default: without the change feed every lookup reads the database, on its own.
    if (!this.live) return load();
    const now = Date.now();
    const hit = this.entries.get(tokenHash);
    if (hit && hit.expires > now) {
      if (now >= hit.refreshFrom) void this.load(tokenHash, load).catch(() => undefined);
      return hit.grants;
    }
    if (hit) this.entries.delete(tokenHash);
    return this.load(tokenHash, load);
  }

  /** One load per token at a time; its answer is kept only if no change was announced meanwhile. */
  private load(tokenHash: string, load: () => Promise<SessionGrants | null>): Promise<SessionGrants | null> {
    const epoch = this.epoch;
    const under = this.loading.get(tokenHash);
    if (under && under.epoch === epoch) return under.promise;
    const promise = load()
      .then((grants) => {
        // Unknown tokens are never cached: a session created a moment later must be found.
        if (grants && this.live && epoch === this.epoch) this.store(tokenHash, grants);
        else if (!grants) this.entries.delete(tokenHash);
        return grants;
      })
      .finally(() => {
        if (this.loading.get(tokenHash)?.promise === promise) this.loading.delete(tokenHash);
      });
    this.loading.set(tokenHash, { epoch, promise });
    return promise;
  }

  private store(tokenHash: string, grants: SessionGrants): void {
    this.entries.delete(tokenHash);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    // Never past the session's own end, which no trigger announces.
    const byTtl = Date.now() + this.ttlMs;
    const sessionEnd = grants.expiresAtMs ?? Number.POSITIVE_INFINITY;
    const expires = Math.min(byTtl, sessionEnd);
    this.entries.set(tokenHash, { grants, expires, refreshFrom: byTtl <= sessionEnd ? expires - this.refreshAheadMs : Number.POSITIVE_INFINITY });
  }
}

const caches = new WeakMap<Db, GrantsCache>();

/** The cache of a database handle (one per handle: tests run both backends in one process). */
export function grantsCacheOf(db: Db): GrantsCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new GrantsCache()));
  return cache;
}

/**
 * Tables the session statement reads (sessions.ts and the functions in grant-functions.ts). `columns` limits a
 * row trigger to the columns that matter, so a session's five-minute `last_seen_at` touch or a login counter does
 * not empty every cache; other tables notify on any write.
 */
const WATCHED: Array<{ table: string; columns?: string[] }> = [
  { table: 'sys_session', columns: ['revoked_at', 'expires_at', 'user_id'] },
  {
    table: 'sys_user',
    columns: ['username', 'realname', 'user_type', 'org_code', 'customer_id', 'rel_tenant_ids', 'must_change_password', 'status', 'del_flag'],
  },
  { table: 'sys_user_role' },
  { table: 'sys_role_permission' },
  { table: 'sys_permission' },
  { table: 'sys_permission_data_rule' },
  { table: 'sys_depart' },
  { table: 'sys_user_depart' },
  { table: 'sys_depart_role' },
  { table: 'sys_depart_role_user' },
  { table: 'sys_depart_role_permission' },
  { table: 'sys_depart_permission' },
  { table: 'sys_tenant' },
];

async function ignoringConcurrentDefinition(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    // Two instances starting together may race on the same definition: the other one's is the same text.
    if (!/concurrently|already exists/.test(error instanceof Error ? error.message : String(error))) throw error;
  }
}

/** (Re)creates the notifying triggers; run at start after every watched table exists. */
export async function installGrantTriggers(db: Db): Promise<void> {
  await ignoringConcurrentDefinition(() =>
    sql`create or replace function app_notify_grants_changed() returns trigger language plpgsql as $fn$
      begin
        perform pg_notify(${sql.lit(GRANTS_CHANNEL)}, '');
        return null;
      end $fn$`.execute(db),
  );
  for (const { table, columns } of WATCHED) {
    const exists = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db);
    // A missing table would be a change nobody announces: refuse to start rather than cache unsafely.
    if (!exists.rows[0]?.found) throw new Error(`grants cache: table ${table} does not exist`);
    const name = sql.id(table);
    if (columns) {
      const changed = sql.join(columns.map((c) => sql`old.${sql.id(c)} is distinct from new.${sql.id(c)}`), sql` or `);
      await ignoringConcurrentDefinition(() =>
        sql`create or replace trigger app_grants_update after update on ${name} for each row
          when (${changed}) execute function app_notify_grants_changed()`.execute(db),
      );
      await ignoringConcurrentDefinition(() =>
        sql`create or replace trigger app_grants_delete after delete on ${name} for each statement
          execute function app_notify_grants_changed()`.execute(db),
      );
    } else {
      await ignoringConcurrentDefinition(() =>
        sql`create or replace trigger app_grants_change after insert or update or delete or truncate on ${name}
          for each statement execute function app_notify_grants_changed()`.execute(db),
      );
    }
  }
}

/** Connects the cache of `db` to the database's notifications (server/db/change-feed.ts); returns the stop function. */
export function startGrantsFeed(db: Db, feed: NotificationFeed, log: (message: string) => void): Promise<() => Promise<void>> {
  const cache = grantsCacheOf(db);
  return startChangeFeed(feed, GRANTS_CHANNEL, { onNotify: () => cache.invalidateAll(), setLive: (live) => cache.setLive(live) }, (m) =>
    log(`grants cache: ${m}`),
  );
}

/** Whether a set of written tables (server/db/write-watch.ts) touches what the session statement reads. */
export function touchesGrants(tables: ReadonlySet<string>): boolean {
  for (const { table } of WATCHED) if (tables.has(table)) return true;
  return false;
}
