/**
 * Prepared databases, made once per test run so each test file starts from a copy instead of running initdb,
 * migrations and the demo seeds again (on PGlite that is ~4 s of a file's ~5 s start; a copy loads in ~0.5 s).
 *
 * - PGlite: the data directory after `buildApp` is dumped to a tar file; a test loads it with `loadDataDir`.
 * - PostgreSQL: a database prepared the same way serves as the template of each test file's database.
 *
 * The copies go through `buildApp` again when a test starts, so the restart path (migrations and syncs on a
 * prepared database) runs for every file. The files the demo seeds stored (invoice PDFs, bank receipts) are kept
 * beside each copy and copied into the test's own upload directory, so the paths the rows name exist there too. Only the default schemas and seed counts are snapshotted; a test that
 * overrides those starts from an empty database as before.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { WriteWatch } from '../../server/db/write-watch.ts';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { MemoryKv } from '../../server/core/kv.ts';
import { openDatabase, PGLITE_EXTENSIONS, TIME_ZONE, TYPE_PARSERS, type DatabaseHandle } from '../../server/db/database.ts';
import { PGliteDialect } from '../../server/db/pglite-dialect.ts';
import type { SystemTables } from '../../server/db/schema.ts';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TEMPLATE_PREFIX = 'freight_tpl_';

/** Where each prepared copy lives, by the demo driver count it was seeded with. */
export interface DbSnapshots {
  /** seedDrivers → PGlite tar file. */
  pglite: Record<string, string>;
  /** seedDrivers → PostgreSQL template database name. */
  postgres: Record<string, string>;
  /** `kind:seedDrivers` → the upload directory the demo seeds of that copy wrote to. */
  uploads: Record<string, string>;
}

/** Puts the files a prepared copy's demo rows name into `uploadDir` (a test's own, empty or not). */
export function copySnapshotUploads(snapshots: DbSnapshots | undefined, kind: string, seedDrivers: number, uploadDir: string): void {
  const from = snapshots?.uploads?.[`${kind}:${seedDrivers}`];
  if (from && fs.existsSync(from)) fs.cpSync(from, uploadDir, { recursive: true });
}

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(sql: string): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    return await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Seeds `database` through the real start-up, its demo files going to `uploadDir` (kept with the snapshot). */
async function prepare(database: DatabaseHandle, seedDrivers: number, uploadDir: string): Promise<void> {
  fs.mkdirSync(uploadDir, { recursive: true });
  const config = { ...configFromEnv({}), captchaEnabled: false, seedDrivers, webDir: undefined, uploadDir };
  const { app } = await buildApp(config, database, new MemoryKv());
  await app.close();
}

async function snapshotPGlite(seedDrivers: number, dir: string): Promise<string> {
  const pglite = await PGlite.create({ parsers: TYPE_PARSERS, extensions: PGLITE_EXTENSIONS });
  await pglite.exec(`set time zone '${TIME_ZONE}'`);
  const writes = new WriteWatch();
  const db = new Kysely<SystemTables>({ dialect: writes.watch(new PGliteDialect(pglite)) });
  // The dialect owns the instance; closing happens after the dump, below.
  const listen = async (channel: string, onNotify: (payload: string) => void) => {
    const stop = await pglite.listen(channel, (payload) => onNotify(payload));
    return async () => {
      if (!pglite.closed) await stop();
    };
  };
  await prepare({ db, writes, kind: 'pglite', close: async () => undefined, listen }, seedDrivers, path.join(dir, `uploads-pglite-${seedDrivers}`));
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  const file = path.join(dir, `pglite-${seedDrivers}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

async function snapshotPostgres(seedDrivers: number, dir: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${process.pid}_${seedDrivers}_${crypto.randomBytes(3).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(name) });
  try {
    await prepare(database, seedDrivers, path.join(dir, `uploads-postgres-${seedDrivers}`));
  } finally {
    await database.close();
  }
  return name;
}

/** Templates left by runs that were killed (their process is gone) are dropped; a running run's are kept. */
async function dropOrphanTemplates(): Promise<void> {
  const { rows } = await adminQuery(`select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`);
  for (const { datname } of rows as { datname: string }[]) {
    const pid = Number(datname.slice(TEMPLATE_PREFIX.length).split('_')[0]);
    if (Number.isInteger(pid) && isAlive(pid)) continue;
    await adminQuery(`drop database if exists ${datname} with (force)`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function makeSnapshots(
  seeds: { pglite: number[]; postgres: number[] },
): Promise<{ snapshots: DbSnapshots; remove: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freight-snapshots-'));
  const snapshots: DbSnapshots = { pglite: {}, postgres: {}, uploads: {} };
  if (seeds.postgres.length) await dropOrphanTemplates();
  for (const count of seeds.pglite) {
    snapshots.pglite[count] = await snapshotPGlite(count, dir);
    snapshots.uploads[`pglite:${count}`] = path.join(dir, `uploads-pglite-${count}`);
  }
  for (const count of seeds.postgres) {
    snapshots.postgres[count] = await snapshotPostgres(count, dir);
    snapshots.uploads[`postgres:${count}`] = path.join(dir, `uploads-postgres-${count}`);
  }
  return {
    snapshots,
    async remove() {
      fs.rmSync(dir, { recursive: true, force: true });
      for (const name of Object.values(snapshots.postgres)) await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

export function loadPGliteSnapshot(file: string): Blob {
  return new Blob([fs.readFileSync(file)]);
}
