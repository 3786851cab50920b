/**
 * Running report SQL: the caller's tenant and data scope only, no secret columns, bound values, read-only, and a
 * statement timeout — on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { checkReportSql, loadSqlParser } from '../../server/domains/report/sql-guard.ts';
import { REPORT_LIMITS, reportableEntities, runReport, ReportRunError } from '../../server/domains/report/runner.ts';
import { resolveCaller } from '../../server/auth/guard.ts';
import type { Caller } from '../../server/context.ts';
import type { FastifyRequest } from 'fastify';

describe.each(BACKENDS)('report runner on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let allowed: Set<string>;

  beforeAll(async () => {
    await loadSqlParser();
    t = await startTestApp(kind);
    const token = await t.login('admin');
    admin = (await resolveCaller(t.ctx, { headers: { 'x-access-token': token }, query: {} } as unknown as FastifyRequest))!;
    allowed = new Set(reportableEntities(t.ctx.entities).keys());
    // A driver of another tenant, which no report of tenant 1 may ever show.
    await sql`insert into hy_driver (id, driver_name, id_card, telephone, tenant_id) values ('other-tenant', '别家司机', '11010519491231002X', '13900000000', 2)`.execute(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const run = (text: string, values: Record<string, unknown> = {}, limit = 100) =>
    runReport(t.ctx, admin, checkReportSql(text, allowed), values, { filters: [], limit, offset: 0 });

  it('reads only the caller’s tenant, however the SQL is written', async () => {
    const total = (await sql<{ n: number }>`select count(*)::int as n from hy_driver where tenant_id = 1`.execute(t.ctx.db)).rows[0].n;
    const all = await run('select driver_name from hy_driver');
    expect(all.total).toBe(total);
    expect(all.records.map((r) => r.driver_name)).not.toContain('别家司机');
    const nested = await run("with d as (select * from hy_driver) select count(*)::int as n from d where id = 'other-tenant'");
    expect(nested.records[0].n).toBe(0);
    const sub = await run("select (select count(*)::int from hy_driver h where h.id = 'other-tenant') as n");
    expect(sub.records[0].n).toBe(0);
  });

  it('binds ${params} as values, never as SQL', async () => {
    const one = await run('select driver_name from hy_driver where driver_name = ${name}', { name: "别家司机' or '1'='1" });
    expect(one.total).toBe(0);
    const first = (await run('select driver_name from hy_driver order by id limit 1')).records[0].driver_name;
    expect((await run('select driver_name from hy_driver where driver_name = ${name}', { name: first })).total).toBe(1);
  });

  it('masks masked fields for callers who may not edit the entity, even inside aggregates', async () => {
    const shipperToken = await t.login('shipper');
    const shipper = (await resolveCaller(t.ctx, { headers: { 'x-access-token': shipperToken }, query: {} } as unknown as FastifyRequest))!;
    const text = "select id_card, max(id_card) as top from hy_driver group by id_card order by 1 limit 1";
    const asShipper = await runReport(t.ctx, shipper, checkReportSql(text, allowed), {}, { filters: [], limit: 1, offset: 0 });
    expect(String(asShipper.records[0].id_card)).toMatch(/^\d{3}\*+\w{4}$/);
    expect(String(asShipper.records[0].top)).toContain('*');
    expect(String((await run(text)).records[0].id_card)).not.toContain('*');
  });

  it('never shows the tenant column, and caps pages', async () => {
    const row = (await run('select * from hy_driver limit 1')).records[0];
    expect(row).not.toHaveProperty('tenant_id');
    expect(row).toHaveProperty('driver_name');
    expect((await run('select id from hy_driver', {}, 5)).records).toHaveLength(5);
  });

  it('runs read-only even if a write got past the guard', async () => {
    await sql`create sequence if not exists report_test_seq`.execute(t.ctx.db);
    // nextval writes (the guard refuses it by name); the transaction itself must refuse it too. On PostgreSQL the
    // report's role (reader-role.ts) refuses it first: nextval checks privileges before the read-only state.
    const smuggled = { text: "select nextval('report_test_seq') as n", parameters: [], tables: [] };
    const refusal = kind === 'postgres' ? /permission denied for sequence/ : /read-only/;
    await expect(runReport(t.ctx, admin, smuggled, {}, { filters: [], limit: 10, offset: 0 })).rejects.toThrow(refusal);
    expect((await sql<{ n: string }>`select last_value::text as n from report_test_seq`.execute(t.ctx.db)).rows[0].n).toBe('1');
    expect((await sql<{ c: boolean }>`select is_called as c from report_test_seq`.execute(t.ctx.db)).rows[0].c).toBe(false);
  });

  // PGlite runs in this process's thread and cannot interrupt a statement; PostgreSQL enforces the timeout.
  it.runIf(kind === 'postgres')('stops a statement that runs past the timeout', async () => {
    const saved = REPORT_LIMITS.statementTimeoutMs;
    REPORT_LIMITS.statementTimeoutMs = 200;
    try {
      await expect(run('select count(*) from generate_series(1, 500000000)')).rejects.toBeInstanceOf(ReportRunError);
    } finally {
      REPORT_LIMITS.statementTimeoutMs = saved;
    }
  });
});
