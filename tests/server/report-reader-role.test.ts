/**
 * On PostgreSQL a report runs as freight_report_reader, a role that may only read the entity tables: a write or a
 * system table that slipped past the SQL guard is refused by PostgreSQL itself. (PGlite has no roles to switch to;
 * its read-only transaction is covered by report-runner.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { MemoryKv } from '../../server/core/kv.ts';
import { checkReportSql, loadSqlParser, type CheckedReportSql } from '../../server/domains/report/sql-guard.ts';
import { reportableEntities, runReport } from '../../server/domains/report/runner.ts';
import { ensureReportReader, REPORT_READER_ROLE } from '../../server/domains/report/reader-role.ts';
import { resolveCaller } from '../../server/auth/guard.ts';
import type { Caller } from '../../server/context.ts';
import type { FastifyRequest } from 'fastify';

describe('report reader role on postgres', () => {
  let t: TestApp;
  let admin: Caller;
  let allowed: Set<string>;

  beforeAll(async () => {
    await loadSqlParser();
    t = await startTestApp('postgres');
    const token = await t.login('admin');
    admin = (await resolveCaller(t.ctx, { headers: { 'x-access-token': token }, query: {} } as unknown as FastifyRequest))!;
    allowed = new Set(reportableEntities(t.ctx.entities).keys());
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Runs SQL exactly as given, as if the guard had let it through. */
  const smuggle = (text: string) => {
    const unchecked: CheckedReportSql = { text, parameters: [], tables: [] };
    return runReport(t.ctx, admin, unchecked, {}, { filters: [], limit: 10, offset: 0 });
  };

  it('runs a report as the reader role', async () => {
    const result = await runReport(t.ctx, admin, checkReportSql('select current_user as who, count(*)::int as n from hy_driver', allowed), {}, { filters: [], limit: 10, offset: 0 });
    expect(result.records[0].who).toBe(REPORT_READER_ROLE);
    expect(result.records[0].n).toBeGreaterThan(0);
  });

  it('may read every entity table and write none of them', async () => {
    const rows = await sql<{ name: string; can_read: boolean; can_write: boolean }>`select c.relname as name,
        has_table_privilege(${REPORT_READER_ROLE}::name, c.oid, 'SELECT') as can_read,
        has_table_privilege(${REPORT_READER_ROLE}::name, c.oid, 'INSERT,UPDATE,DELETE,TRUNCATE,REFERENCES,TRIGGER') as can_write
      from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'`.execute(t.ctx.db);
    const readable = rows.rows.filter((r) => r.can_read).map((r) => r.name).sort();
    expect(readable).toEqual([...allowed].sort());
    expect(rows.rows.filter((r) => r.can_write)).toEqual([]);
    expect(readable).not.toContain('sys_user');
  });

  it('refuses a write that got past the guard, by permission rather than by the guard', async () => {
    // nextval checks privileges before the read-only state, so the role is what refuses it.
    await sql`create sequence if not exists reader_test_seq`.execute(t.ctx.db);
    await expect(smuggle("select nextval('reader_test_seq') as n")).rejects.toThrow(/permission denied for sequence reader_test_seq/);
    // Side effects that are not writes, which a read-only transaction alone would let a superuser connection do.
    await expect(smuggle('select pg_cancel_backend(pg_backend_pid()) as c')).rejects.toThrow(/must be a superuser/);
    // A volatile function that writes is refused as well (here the read-only check comes first).
    await sql`create or replace function reader_test_write() returns int language sql volatile
      as 'delete from hy_driver returning 1'`.execute(t.ctx.db);
    await expect(smuggle('select reader_test_write() as n')).rejects.toThrow(/read-only|permission denied/);
    // The role alone, without the read-only transaction, refuses writes to an entity table too.
    const write = t.ctx.db.transaction().execute(async (tx) => {
      await sql`select set_config('role', ${REPORT_READER_ROLE}, true)`.execute(tx);
      await sql`delete from hy_driver`.execute(tx);
    });
    await expect(write).rejects.toThrow(/permission denied for table hy_driver/);
    expect((await sql<{ n: number }>`select count(*)::int as n from hy_driver`.execute(t.ctx.db)).rows[0].n).toBeGreaterThan(0);
  });

  it('refuses tables that are not entity tables, and superuser-only functions', async () => {
    await expect(smuggle('select username from sys_user')).rejects.toThrow(/permission denied for table sys_user/);
    await expect(smuggle("select pg_read_file('/etc/hostname') as f")).rejects.toThrow(/permission denied/);
    // The connecting user keeps its own rights once the report's transaction is over.
    expect((await sql<{ who: string }>`select current_user as who`.execute(t.ctx.db)).rows[0].who).not.toBe(REPORT_READER_ROLE);
  });

  it('prepares the role idempotently, also when databases race', async () => {
    const tables = [...allowed];
    const other = await startTestApp('postgres');
    try {
      // Two databases of the same cluster preparing the (cluster-wide) role at once.
      await Promise.all([ensureReportReader(t.ctx.db, tables), ensureReportReader(other.ctx.db, tables)]);
      const roles = await sql<{ n: number }>`select count(*)::int as n from pg_roles where rolname = ${REPORT_READER_ROLE}::name and not rolcanlogin`.execute(t.ctx.db);
      expect(roles.rows[0].n).toBe(1);
      const token = await other.login('admin');
      const otherAdmin = (await resolveCaller(other.ctx, { headers: { 'x-access-token': token }, query: {} } as unknown as FastifyRequest))!;
      const result = await runReport(other.ctx, otherAdmin, checkReportSql('select count(*)::int as n from hy_driver', allowed), {}, { filters: [], limit: 1, offset: 0 });
      expect(result.records[0].n).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  it('lets a connecting user that is not a superuser take the role', async () => {
    // A login role that owns its database and may create roles, as a production deployment might connect.
    const owner = `freight_test_owner_${crypto.randomBytes(4).toString('hex')}`;
    const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const cluster = new pg.Client({ connectionString: adminUrl });
    await cluster.connect();
    await cluster.query(`create role ${owner} login createrole`);
    await cluster.query(`create database ${owner} owner ${owner}`);
    const url = new URL(adminUrl);
    url.username = owner;
    url.pathname = `/${owner}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'freight-upload-'));
      const config = { ...configFromEnv({}), captchaEnabled: false, seedDrivers: 3, webDir: undefined, uploadDir, databaseUrl: url.toString() };
      const { app, ctx } = await buildApp(config, database, new MemoryKv());
      try {
        // The caller only lends its tenant and permissions here; the new database has the same seeded tenant.
        const result = await runReport(ctx, admin, checkReportSql('select current_user as who, count(*)::int as n from hy_driver', allowed), {}, { filters: [], limit: 1, offset: 0 });
        expect(result.records[0]).toEqual({ who: REPORT_READER_ROLE, n: 3 });
        const unchecked: CheckedReportSql = { text: 'select username from sys_user', parameters: [], tables: [] };
        await expect(runReport(ctx, admin, unchecked, {}, { filters: [], limit: 1, offset: 0 })).rejects.toThrow(/permission denied for table sys_user/);
      } finally {
        await app.close();
        fs.rmSync(uploadDir, { recursive: true, force: true });
      }
    } finally {
      await database.close();
      await cluster.query(`drop database if exists ${owner} with (force)`);
      await cluster.query(`drop role if exists ${owner}`);
      await cluster.end();
    }
  });
});
