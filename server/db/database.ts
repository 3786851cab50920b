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
import { PGliteDialect } from './pglite-dialect.ts';
import type { SystemTables } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<SystemTables>;
  kind: DatabaseKind;
  close(): Promise<void>;
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
    options: `-c TimeZone=${TIME_ZONE}`,
    types: typeOverrides as pg.CustomTypesConfig,
  });
  // An idle connection the server drops (restart, failover, terminated backend) is removed from the pool; without a
  // listener node would treat the event as an uncaught exception and end the process.
  pool.on('error', (error) => {
    process.stderr.write(`PostgreSQL: an idle connection failed and was dropped from the pool: ${error.message}\n`);
  });
  const db = new Kysely<SystemTables>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

async function openPGlite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    parsers: TYPE_PARSERS,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  // One connection for the process, so the session setting holds for every query.
  await pglite.exec(`set time zone '${TIME_ZONE}'`);
  const db = new Kysely<SystemTables>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
