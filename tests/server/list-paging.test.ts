/**
 * Deep-page cap, deferred-join pages and the count strategy of list requests (server/entity/paging.ts), with the
 * limits shrunk so 40 seeded drivers behave like a large table.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { eventually } from './helpers/eventually.ts';
import { listCacheOf } from '../../server/entity/list-cache.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { LIST_LIMITS, clearCountCache } from '../../server/entity/paging.ts';

const API = '/jeecg-boot/hydriver/hyDriver';
const DEFAULTS = { ...LIST_LIMITS };

describe.each(BACKENDS)('list paging and counts on %s', (kind) => {
  let t: TestApp;
  let ops: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    Object.assign(LIST_LIMITS, { maxOffset: 30, exactCountUpTo: 10, countCacheMs: 60_000, countRefreshMs: 0 });
    clearCountCache();
  });
  afterEach(() => {
    Object.assign(LIST_LIMITS, DEFAULTS);
    clearCountCache();
  });

  const list = (query: string) => t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?${query}`, token: ops });

  /** Ids in the order the list must show them, straight from the table. */
  const expectedIds = async (orderBy: 'createTime' | 'creditScoreAsc') => {
    const order = orderBy === 'createTime' ? sql`create_time desc nulls last, id desc` : sql`credit_score asc nulls last, id desc`;
    const { rows } = await sql<{ id: string }>`select id from hy_driver where tenant_id = 1 order by ${order}`.execute(t.ctx.db);
    return rows.map((r) => r.id);
  };

  it('serves pages past the first in the same order as a plain OFFSET, up to the cap', async () => {
    const all = await expectedIds('createTime');
    const seen: string[] = [];
    for (let pageNo = 1; pageNo <= 3; pageNo++) {
      const { body } = await list(`pageNo=${pageNo}&pageSize=10`);
      expect(body.success).toBe(true);
      seen.push(...body.result.records.map((r) => String(r.id)));
    }
    expect(seen).toEqual(all.slice(0, 30));

    const sorted = await expectedIds('creditScoreAsc');
    const { body } = await list('pageNo=3&pageSize=7&column=creditScore&order=asc');
    expect(body.result.records.map((r) => String(r.id))).toEqual(sorted.slice(14, 21));
  });

  it('refuses a page that starts beyond the cap with a sentence, and the list screen can still page within it', async () => {
    const refused = await list('pageNo=4&pageSize=10');
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toBe('列表最多可翻阅前30条记录，请增加查询条件缩小范围');
    const narrowed = await list('pageNo=1&pageSize=10&reviewStatus=2');
    expect(narrowed.body.success).toBe(true);
  });

  it('counts exactly above the exact-count threshold, then reuses the total until it expires', async () => {
    const first = await list('pageNo=1&pageSize=10');
    expect(first.body.result).toMatchObject({ total: 40, pages: 4 });

    await sql`update hy_driver set tenant_id = 99 where id = ${String(first.body.result.records[0].id)}`.execute(t.ctx.db);
    const cached = await list('pageNo=1&pageSize=10');
    expect(cached.body.result.total).toBe(40);

    LIST_LIMITS.countCacheMs = 0;
    clearCountCache();
    const fresh = await list('pageNo=1&pageSize=10');
    expect(fresh.body.result.total).toBe(39);
    await sql`update hy_driver set tenant_id = 1 where tenant_id = 99`.execute(t.ctx.db);
  });

  it('counts a total in use again in the background before it expires, so no request waits for it', async () => {
    LIST_LIMITS.countRefreshMs = LIST_LIMITS.countCacheMs; // every read is within the renewal window
    const first = await list('pageNo=1&pageSize=10');
    expect(first.body.result.total).toBe(40);
    const moved = String(first.body.result.records[0].id);
    await sql`update hy_driver set tenant_id = 99 where id = ${moved}`.execute(t.ctx.db);
    // Still the cached total (no request waits for a count), and reading it starts a count in the background…
    expect((await list('pageNo=1&pageSize=10')).body.result.total).toBe(40);
    // …whose result the next pages carry, without the cache being cleared or the total lapsing (60 s).
    let total = 40;
    for (let size = 5; size < 9 && total === 40; size++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      total = (await list(`pageNo=1&pageSize=${size}`)).body.result.total;
    }
    expect(total).toBe(39);
    await sql`update hy_driver set tenant_id = 1 where tenant_id = 99`.execute(t.ctx.db);
  });

  it('keeps a large total without counting again for as long as nothing in its tables changed, and counts again after a change', async () => {
    LIST_LIMITS.countCacheMs = 0; // without the table check, every request would count again
    if (kind === 'postgres') {
      // Earlier tests' writes are also announced by the database, a moment later. Notifications arrive in commit
      // order, so once one for another table written now has arrived, none of theirs is still on the way.
      const cache = listCacheOf(t.ctx.db);
      const before = cache.begin(['hy_vehicle']).versions[0];
      const other = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
      await other.connect();
      await other.query('update hy_vehicle set remark = remark where false').finally(() => other.end());
      expect(await eventually(async () => cache.begin(['hy_vehicle']).versions[0] > before)).toBe(true);
    }
    const first = await list('pageNo=1&pageSize=10');
    expect(first.body.result.total).toBe(40);
    const moved = String(first.body.result.records[0].id);
    if (kind === 'postgres') {
      // A write nobody announces (triggers off for this session): only a count that really ran again could see it.
      const hidden = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
      await hidden.connect();
      try {
        await hidden.query("set session_replication_role = 'replica'");
        await hidden.query('update hy_driver set tenant_id = 99 where id = $1', [moved]);
      } finally {
        await hidden.end();
      }
      expect((await list('pageNo=1&pageSize=9')).body.result.total).toBe(40);
      // Any announced write to the table: the total is counted again (it sees the hidden move too).
      await sql`update hy_driver set remark = 'count-check' where id = ${String(first.body.result.records[1].id)}`.execute(t.ctx.db);
    } else {
      await sql`update hy_driver set tenant_id = 99 where id = ${moved}`.execute(t.ctx.db);
    }
    expect((await list('pageNo=1&pageSize=8')).body.result.total).toBe(39);
    await sql`update hy_driver set tenant_id = 1 where tenant_id = 99`.execute(t.ctx.db);
  });

  it('counts small results exactly on every request, per filter', async () => {
    const { rows } = await sql<{ review_status: string; n: number }>`select review_status, count(*)::int as n from hy_driver
      where tenant_id = 1 group by review_status order by n asc limit 1`.execute(t.ctx.db);
    const [{ review_status: status, n }] = rows;
    expect(n).toBeLessThanOrEqual(LIST_LIMITS.exactCountUpTo);
    const { body } = await list(`pageNo=1&pageSize=10&reviewStatus=${status}`);
    expect(body.result.total).toBe(n);
    expect(body.result.records.every((r) => r.reviewStatus === status)).toBe(true);
  });
});
