/**
 * Keyset paging behind page numbers (server/entity/keyset.ts): a page started from a known position returns exactly
 * the rows a plain OFFSET returns — whatever the sort directions, ties and NULLs — and a known position is never
 * used once a write may have moved the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { eventually } from './helpers/eventually.ts';
import { pageAnchorsOf, seekConditions, seekPage, type PageAnchor } from '../../server/entity/keyset.ts';
import { orderSql, type OrderTerm } from '../../server/entity/query.ts';

const DRIVERS = '/jeecg-boot/hydriver/hyDriver';

describe.each(BACKENDS)('keyset paging on %s', (kind) => {
  let t: TestApp;
  let ops: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    // A probe table with heavy ties and NULLs in both sort columns: the cases a keyset condition gets wrong first.
    await sql`create table keyset_probe (id varchar(32) primary key, tenant_id int not null, a int, b varchar(8), at timestamp)`.execute(t.ctx.db);
    const rows = Array.from({ length: 160 }, (_v, i) => ({
      id: `r${String((i * 37) % 160).padStart(3, '0')}`,
      a: i % 9 === 0 ? null : i % 7,
      b: i % 5 === 0 ? null : ['x', 'y', 'z'][i % 3],
      // Microseconds: a parsed Date would lose them and miss the equality branch.
      at: `2026-11-2${i % 3} 10:00:00.${String(123456 + (i % 4)).padStart(6, '0')}`,
    }));
    for (const row of rows) {
      await sql`insert into keyset_probe values (${row.id}, 1, ${row.a}, ${row.b}, ${row.at})`.execute(t.ctx.db);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const term = (column: string, descending: boolean, notNull = false): OrderTerm => ({ column: sql.id(column) as unknown as RawBuilder<unknown>, descending, notNull });
  const SORTS: Array<{ name: string; terms: OrderTerm[] }> = [
    { name: 'a desc', terms: [term('a', true)] },
    { name: 'a asc', terms: [term('a', false)] },
    { name: 'a asc, b desc', terms: [term('a', false), term('b', true)] },
    { name: 'b asc, a desc, at asc', terms: [term('b', false), term('a', true), term('at', false)] },
    { name: 'at desc', terms: [term('at', true)] },
    { name: 'at desc, never NULL (one row comparison)', terms: [term('at', true, true)] },
    { name: 'at asc, never NULL', terms: [term('at', false, true)] },
  ];

  it.each(SORTS)('reads the same rows as OFFSET from any known position (sort $name)', async ({ terms }) => {
    const from = sql`keyset_probe`;
    const where = sql`tenant_id = ${1}`;
    const order = orderSql(terms);
    const keys = sql.join(terms.map((x, i) => sql`cast(${x.column} as text) as ${sql.id(`k${i}`)}`));
    const { rows } = await sql<Record<string, string | null>>`select id, ${keys} from keyset_probe where ${where} order by ${order}`.execute(t.ctx.db);
    const ids = rows.map((row) => String(row.id));
    const keysOf = (row: Record<string, string | null>) => terms.map((_x, i) => row[`k${i}`] ?? null);
    for (const position of [1, 2, 17, 18, 63, 100, 140, 158, 159]) {
      for (const inclusive of [true, false]) {
        const at = rows[inclusive ? position : position - 1];
        const anchor: PageAnchor = { position, keys: keysOf(at), id: String(at.id), inclusive };
        for (const skip of [0, 3, 11, 101]) {
          const seek = seekPage({ from, where, order }, sql`id`, terms, anchor, 10, skip);
          if (!seek) {
            // Declined only where the OFFSET walk may be cheaper: several branches and a long skip.
            expect(seekConditions(terms, anchor).length > 1 && skip > 100, `declined at skip ${skip}`).toBe(true);
            continue;
          }
          const got = await sql<{ id: string }>`${seek}`.execute(t.ctx.db);
          expect(got.rows.map((row) => row.id), `position ${position}, inclusive ${inclusive}, skip ${skip}`).toEqual(
            ids.slice(position + skip, position + skip + 10),
          );
        }
      }
    }
  });

  const list = async (query: string) => {
    const { body } = await t.call<Page<WireRecord>>({ method: 'GET', url: `${DRIVERS}/list?${query}`, token: ops });
    expect(body.success, body.message).toBe(true);
    return body.result;
  };
  const tableOrder = async (order: RawBuilder<unknown>) => {
    const { rows } = await sql<{ id: string }>`select id from hy_driver where tenant_id = 1 order by ${order}`.execute(t.ctx.db);
    return rows.map((row) => row.id);
  };

  it('pages through the list forward, backward and by jumps exactly as OFFSET would, for several sorts', async () => {
    const cases: Array<{ query: string; order: RawBuilder<unknown> }> = [
      { query: '', order: sql`create_time desc nulls last, id desc` },
      { query: '&column=creditScore&order=asc', order: sql`credit_score asc nulls last, id desc` },
      { query: '&column=reviewStatus,creditScore&order=desc', order: sql`review_status desc nulls last, credit_score desc nulls last, id desc` },
    ];
    for (const { query, order } of cases) {
      const all = await tableOrder(order);
      for (const [pageNo, pageSize] of [[1, 7], [2, 7], [3, 7], [2, 7], [5, 7], [4, 7], [2, 10], [3, 10], [6, 6]] as const) {
        const page = await list(`pageNo=${pageNo}&pageSize=${pageSize}${query}`);
        const start = (pageNo - 1) * pageSize;
        expect(page.records.map((r) => String(r.id)), `${query} page ${pageNo} of ${pageSize}`).toEqual(all.slice(start, start + pageSize));
        expect(page.total).toBe(all.length);
      }
    }
    expect(pageAnchorsOf(t.ctx.db).size).toBeGreaterThan(0);
  });

  it('never starts from a known position after a write that moved the rows, in this process or from another connection', async () => {
    const order = sql`create_time desc nulls last, id desc`;
    const before = await tableOrder(order);
    await list('pageNo=1&pageSize=5');
    expect((await list('pageNo=2&pageSize=5')).records.map((r) => String(r.id))).toEqual(before.slice(5, 10));

    // The newest row leaves the tenant: every later row moves up one position.
    await sql`update hy_driver set tenant_id = 99 where id = ${before[0]}`.execute(t.ctx.db);
    const shifted = before.slice(1);
    expect((await list('pageNo=2&pageSize=5')).records.map((r) => String(r.id))).toEqual(shifted.slice(5, 10));
    expect((await list('pageNo=3&pageSize=5')).records.map((r) => String(r.id))).toEqual(shifted.slice(10, 15));

    if (kind === 'postgres') {
      // Another writer (a second server, a SQL console): announced by the database, not seen by this process.
      const other = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
      await other.connect();
      try {
        await other.query('update hy_driver set tenant_id = 1 where tenant_id = 99');
      } finally {
        await other.end();
      }
      const moved = await eventually(async () => (await list('pageNo=3&pageSize=5')).records.map((r) => String(r.id)).join() === before.slice(10, 15).join());
      expect(moved).toBe(true);
      expect((await list('pageNo=4&pageSize=5')).records.map((r) => String(r.id))).toEqual(before.slice(15, 20));
    } else {
      await sql`update hy_driver set tenant_id = 1 where tenant_id = 99`.execute(t.ctx.db);
      expect((await list('pageNo=4&pageSize=5')).records.map((r) => String(r.id))).toEqual(before.slice(15, 20));
    }
  });
});
