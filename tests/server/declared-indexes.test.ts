/**
 * Entity `indexes` declarations (server/entity/tables.ts `syncDeclaredIndexes`), on both databases: every declared
 * index of every entity exists as (tenant_id, equality columns…, sort column <order> nulls last, id desc)
 * include (…), and list statements filtered and sorted as the list does are answered from the index in order,
 * without a sort step and without reading the table for the shipper's OR'd read scope — which is what keeps
 * filtered first pages and their deep pages cheap on a large table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { indexName } from '../../server/entity/index-name.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const STATUS_INDEX = indexName('ix', 'hy_shipping_note', 'shipping_status', 'create_time', 'd', 'inc', 'customer_id', 'agent_id');
const TIME_INDEX = indexName('ix', 'hy_shipping_note', 'create_time', 'd', 'inc', 'customer_id', 'agent_id');

describe.each(BACKENDS)('declared list indexes on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates each declared index with the columns in list order', async () => {
    const declaring = t.ctx.entities.filter((e) => (e.schema.indexes ?? []).length > 0);
    expect(declaring.map((e) => e.schema.name)).toEqual(expect.arrayContaining(['hyShippingNote', 'hyOrder']));
    for (const entity of declaring) {
      const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = ${entity.schema.table}`.execute(t.ctx.db);
      const definitions = rows.map((r) => r.indexdef.replace(/^.* USING btree /, ''));
      for (const declared of entity.schema.indexes ?? []) {
        const columns = declared.fields.map((f) => entity.columns.get(f)!);
        if (declared.contains) {
          // One trigram index per searched column, for `ilike '%x%'`.
          for (const column of columns) expect(rows.map((r) => r.indexdef), column).toContainEqual(expect.stringContaining(`USING gin (${column} gin_trgm_ops)`));
          continue;
        }
        if (declared.sort) columns.push(`${entity.columns.get(declared.sort.field)!} ${(declared.sort.order ?? 'desc').toUpperCase()} NULLS LAST`, 'id DESC');
        const include = (declared.include ?? []).map((f) => entity.columns.get(f)!);
        const expected = `(tenant_id, ${columns.join(', ')})${include.length ? ` INCLUDE (${include.join(', ')})` : ''}`;
        expect(definitions, `${entity.schema.name} ${JSON.stringify(declared)}`).toContain(expected);
      }
    }
  });

  /** The plan of `query` when only `keep` (and the primary key) exist and scans and sorts are forbidden; rolled back. */
  async function planWithOnly(keep: string, query: RawBuilder<unknown>): Promise<string> {
    let plan = '';
    // Tiny tables would be scanned and any index could win on cost, so the other indexes are dropped inside a
    // transaction that is rolled back: the plan shows what this index can serve by itself.
    await t.ctx.db
      .transaction()
      .execute(async (tx) => {
        const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
          where tablename = 'hy_shipping_note' and indexname <> ${keep} and indexname not like '%pkey'`.execute(tx);
        for (const { name } of rows) await sql`drop index ${sql.id(name)}`.execute(tx);
        await sql`set local enable_seqscan = off`.execute(tx);
        await sql`set local enable_sort = off`.execute(tx);
        await sql`set local enable_bitmapscan = off`.execute(tx);
        const explained = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(tx);
        plan = explained.rows.map((r) => r['QUERY PLAN']).join('\n');
        throw new Error('rollback');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'rollback')) throw error;
      });
    return plan;
  }

  it('answers a status-filtered waybill page, with the shipper’s OR’d read scope, from the status index in order', async () => {
    const plan = await planWithOnly(
      STATUS_INDEX,
      sql`select id from hy_shipping_note where tenant_id = 1 and shipping_status = '7' and (customer_id = 'c1' or agent_id = 'c1')
        order by create_time desc nulls last, id desc limit 20 offset 40`,
    );
    expect(plan).toMatch(new RegExp(`Index (Only )?Scan using ${STATUS_INDEX}`));
    expect(plan).toMatch(/Index Cond: .*shipping_status/);
    expect(plan).toMatch(/Filter: .*customer_id.*agent_id/);
    expect(plan).not.toMatch(/Sort/);
  });

  it('answers a shipper’s plain list page from the createTime index that carries the scope columns', async () => {
    const plan = await planWithOnly(
      TIME_INDEX,
      sql`select id from hy_shipping_note where tenant_id = 1 and (customer_id = 'c1' or agent_id = 'c1')
        order by create_time desc nulls last, id desc limit 20 offset 9980`,
    );
    expect(plan).toMatch(new RegExp(`Index (Only )?Scan using ${TIME_INDEX}`));
    expect(plan).toMatch(/Filter: .*customer_id.*agent_id/);
    expect(plan).not.toMatch(/Sort/);
    // Rolled back: the dropped indexes are still there.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where tablename = 'hy_shipping_note'`.execute(t.ctx.db);
    expect(rows[0].n).toBeGreaterThan(5);
  });
});
