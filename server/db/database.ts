/**
 * Opens the database: PostgreSQL through `pg` when DATABASE_URL is set, otherwise PGlite persisted in a folder.
 * Both return the same JS types: int8 and numeric as numbers, date as 'YYYY-MM-DD', timestamptz as
 * 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai (the JeecgBoot wire format), because the session time zone is set and
 * the text value is cut rather than reparsed through the JS Date (which would drift with the host zone).
 */
import fs from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGliteDialect } from './pglite-dialect.ts';
import { WriteWatch } from './write-watch.ts';
import type { SystemTables } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<SystemTables>;
  kind: DatabaseKind;
  /** Tells which tables were written, at commit (write-watch.ts); `db` must be built on `writes.watch(dialect)`. */
  writes: WriteWatch;
  close(): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (delivered at commit); `onLost` if the listening connection
   * breaks. Resolves once listening, with the function that stops it.
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
}

export const TIME_ZONE = 'Asia/Shanghai';

const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

const toNumber = (value: string): number => Number(value);
const keepText = (value: string): string => value;
const wireDateTime = (value: string): string => value.slice(0, 19);

export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  [OID.int8]: toNumber,
  [OID.numeric]: toNumber,
  [OID.date]: keepText,
  [OID.timestamp]: wireDateTime,
  [OID.timestamptz]: wireDateTime,
};

/** Extensions the migrations create (pg_trgm for contains-search indexes); PostgreSQL ships them as contrib. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder for PGlite; undefined means in memory (tests). */
  dataDir?: string;
  /** A PGlite snapshot (dumpDataDir) to start from; tests use this to skip initdb. */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPGlite(options.dataDir, options.loadDataDir);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const typeOverrides = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      const parser = TYPE_PARSERS[oid];
      if (parser && format !== 'binary') return parser;
      return pg.types.getTypeParser(oid, format ?? 'text');
    },
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_MAX ?? 10),
    // Connections are kept once opened (JeecgBoot's Hikari pool keeps its minimum idle at the maximum too): pg's
    // default closes one idle for 10 s, and opening it again when a burst comes costs that burst a backend start.
    idleTimeoutMillis: 0,
    options: `-c TimeZone=${TIME_ZONE}`,
    types: typeOverrides as pg.CustomTypesConfig,
  });
  // An idle connection the server drops (restart, failover, terminated backend) is removed from the pool; without a
  // listener node would treat the event as an uncaught exception and end the process.
  pool.on('error', (error) => {
    process.stderr.write(`PostgreSQL: an idle connection failed and was dropped from the pool: ${error.message}\n`);
  });
  const writes = new WriteWatch();
  const db = new Kysely<SystemTables>({ dialect: writes.watch(new PostgresDialect({ pool })) });
  return { db, writes, kind: 'postgres', close: () => db.destroy(), listen: (channel, onNotify, onLost) => listenPostgres(url, channel, onNotify, onLost) };
}

/** LISTEN needs a connection of its own, outside the pool, for as long as the feed runs. */
async function listenPostgres(url: string, channel: string, onNotify: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  let closing = false;
  client.on('notification', (message) => {
    if (message.channel === channel) onNotify(message.payload ?? '');
  });
  const fail = () => {
    if (closing) return;
    closing = true;
    client.end().catch(() => undefined);
    onLost();
  };
  client.on('error', fail);
  client.on('end', fail);
  await client.connect();
  await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  return async () => {
    closing = true;
    await client.end().catch(() => undefined);
  };
}

async function openPGlite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    parsers: TYPE_PARSERS,
    extensions: PGLITE_EXTENSIONS,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  // One connection for the process, so the session setting holds for every query.
  await pglite.exec(`set time zone '${TIME_ZONE}'`);
  const writes = new WriteWatch();
  const db = new Kysely<SystemTables>({ dialect: writes.watch(new PGliteDialect(pglite)) });
  return {
    db,
    writes,
    kind: 'pglite',
    close: () => db.destroy(),
    // In-process: the feed cannot break apart from the database itself.
    listen: async (channel, onNotify) => {
      const stop = await pglite.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
  };
}
