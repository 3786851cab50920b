/**
 * Starts the real server in-process for a test file, on an in-memory PGlite or on a fresh PostgreSQL database
 * created for the file and dropped afterwards. PostgreSQL comes from TEST_DATABASE_URL (an admin connection),
 * default postgres://postgres@127.0.0.1:5432/postgres; it is never skipped: if it is down the tests fail.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { configFromEnv } from '../../../server/config.ts';
import { openDatabase, type DatabaseKind } from '../../../server/db/database.ts';
import { MemoryKv } from '../../../server/core/kv.ts';
import type { AppContext, ServerConfig } from '../../../server/context.ts';
import type { Result } from '../../../src/contracts/envelope.ts';
import { adminQuery, copySnapshotUploads, databaseUrl, loadPGliteSnapshot } from '../../helpers/db-snapshots.ts';

export const BACKENDS: DatabaseKind[] = ['pglite', 'postgres'];
export const PASSWORD = 'Freight@2026';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  kind: DatabaseKind;
  call<T = unknown>(options: InjectOptions & { token?: string }): Promise<{ status: number; body: Result<T> }>;
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

async function createPostgresDatabase(template: string | undefined): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `freight_test_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  return {
    url: databaseUrl(name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`).then(() => undefined),
  };
}

/** The run's prepared copy for this config (tests/helpers/db-snapshots.ts), if the config is one that was prepared. */
function preparedCopy(kind: DatabaseKind, overrides: Partial<ServerConfig>, seedDrivers: number): string | undefined {
  if (overrides.schemasDir !== undefined || overrides.seedPassword !== undefined) return undefined;
  return inject('dbSnapshots')?.[kind][seedDrivers];
}

export async function startTestApp(kind: DatabaseKind, overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  process.env.LOG_LEVEL = 'silent';
  const seedDrivers = overrides.seedDrivers ?? 40;
  const copy = preparedCopy(kind, overrides, seedDrivers);
  const postgres = kind === 'postgres' ? await createPostgresDatabase(copy) : null;
  const config: ServerConfig = {
    ...configFromEnv({}),
    captchaEnabled: false,
    seedDrivers: 40,
    webDir: undefined,
    uploadDir: fs.mkdtempSync(path.join(os.tmpdir(), 'freight-upload-')),
    ...overrides,
    databaseUrl: postgres?.url,
  };
  // The demo rows of a prepared copy name files its seeds stored: they come along.
  if (copy) copySnapshotUploads(inject('dbSnapshots'), kind, seedDrivers, config.uploadDir);
  const database = await openDatabase({
    databaseUrl: postgres?.url,
    ...(kind === 'pglite' && copy ? { loadDataDir: loadPGliteSnapshot(copy) } : {}),
  });
  const kv = new MemoryKv();
  const { app, ctx } = await buildApp(config, database, kv);

  const call = async <T>(options: InjectOptions & { token?: string }) => {
    const { token, ...rest } = options;
    const response = await app.inject({
      ...rest,
      headers: { ...(rest.headers ?? {}), ...(token ? { 'x-access-token': token } : {}) },
    });
    return { status: response.statusCode, body: response.json() as Result<T> };
  };

  return {
    app,
    ctx,
    kind,
    call,
    async login(username, password = PASSWORD) {
      const { body } = await call<{ token: string }>({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username, password } });
      if (!body.success) throw new Error(`login ${username} failed: ${body.message}`);
      return body.result.token;
    },
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
      fs.rmSync(config.uploadDir, { recursive: true, force: true });
    },
  };
}
