/**
 * List pages answered from memory (server/entity/list-cache.ts) must never be older than the data: a write through
 * the API, by SQL in this process, or from another database connection shows on the next list; display texts
 * follow their source rows; and two people never share an answer their scopes would tell apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { eventually } from './helpers/eventually.ts';
import { listCacheOf } from '../../server/entity/list-cache.ts';

const DRIVERS = '/jeecg-boot/hydriver/hyDriver';
const NOTES = '/jeecg-boot/hyshipping/hyShippingNote';

describe.each(BACKENDS)('cached list pages on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let admin: string;
  const list = async (token: string, url: string) => (await t.call<Page<WireRecord>>({ method: 'GET', url, token })).body;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [ops, admin] = [await t.login('ops'), await t.login('admin')];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a repeated page from memory, and shows an edit made through the API on the very next request', async () => {
    const url = `${DRIVERS}/list?pageNo=1&pageSize=5`;
    const first = await list(ops, url);
    expect(listCacheOf(t.ctx.db).size).toBeGreaterThan(0);
    const again = await list(ops, url);
    expect(again.result.records).toEqual(first.result.records);
    expect(again.timestamp).toBeGreaterThanOrEqual(first.timestamp!);

    const row = first.result.records[0]!;
    const edited = await t.call({ method: 'PUT', url: `${DRIVERS}/edit`, token: admin, payload: { id: row.id, remark: 'cache-check-1' } });
    expect(edited.body, JSON.stringify(edited.body)).toMatchObject({ success: true });
    const after = await list(ops, url);
    expect(after.result.records.find((r) => r.id === row.id)?.remark).toBe('cache-check-1');
  });

  it('shows a row changed by SQL in this process on the next request', async () => {
    const url = `${DRIVERS}/list?pageNo=1&pageSize=5`;
    const row = (await list(ops, url)).result.records[0]!;
    await sql`update hy_driver set remark = 'cache-check-2' where id = ${String(row.id)}`.execute(t.ctx.db);
    expect((await list(ops, url)).result.records.find((r) => r.id === row.id)?.remark).toBe('cache-check-2');
  });

  it.runIf(kind === 'postgres')('shows a row changed from another database connection, through the notification', async () => {
    const url = `${DRIVERS}/list?pageNo=1&pageSize=5`;
    const row = (await list(ops, url)).result.records[0]!;
    const { rows } = await sql<{ db: string }>`select current_database() as db`.execute(t.ctx.db);
    const other = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${rows[0]!.db}` });
    await other.connect();
    try {
      await other.query(`update hy_driver set remark = 'cache-check-3' where id = $1`, [row.id]);
    } finally {
      await other.end();
    }
    expect(await eventually(async () => (await list(ops, url)).result.records.find((r) => r.id === row.id)?.remark === 'cache-check-3')).toBe(true);
  });

  it('follows the display text when its source row changes', async () => {
    const url = `${NOTES}/list?pageNo=1&pageSize=5`;
    const note = (await list(ops, url)).result.records[0]!;
    const customerId = String(note.customerId);
    const renamed = `改名测试货主${kind}`;
    await sql`update hy_customer set customer_name = ${renamed} where id = ${customerId}`.execute(t.ctx.db);
    const after = await list(ops, url);
    expect(after.result.records.filter((r) => r.customerId === customerId).map((r) => r.customerId_dictText)).toContain(renamed);
  });

  it('reads dictionaries again when their rows change outside the dictionary screens (a console, another process)', async () => {
    const url = `${DRIVERS}/list?pageNo=1&pageSize=5&reviewStatus=2`;
    const before = await list(ops, url);
    expect(before.result.records[0].reviewStatus_dictText).toBe('审核通过');
    // Straight SQL: no dictionary route runs, so only the database's announcement can tell the server.
    await sql`update sys_dict_item set item_text = '审核通过(已改)' where item_value = '2'
      and dict_id = (select id from sys_dict where dict_code = 'review_status')`.execute(t.ctx.db);
    try {
      expect(await eventually(async () => (await list(ops, url)).result.records[0].reviewStatus_dictText === '审核通过(已改)')).toBe(true);
    } finally {
      await sql`update sys_dict_item set item_text = '审核通过' where item_value = '2'
        and dict_id = (select id from sys_dict where dict_code = 'review_status')`.execute(t.ctx.db);
    }
    expect(await eventually(async () => (await list(ops, url)).result.records[0].reviewStatus_dictText === '审核通过')).toBe(true);
  });

  it('never gives one person the answer of another whose scope differs', async () => {
    const url = `${NOTES}/list?pageNo=1&pageSize=50`;
    const staff = await list(ops, url);
    const shipper = await t.login('shipper');
    const own = await list(shipper, url);
    const { rows } = await sql<{ customer_id: string }>`select customer_id from sys_user where username = 'shipper'`.execute(t.ctx.db);
    const mine = rows[0]!.customer_id;
    expect(own.result.total).toBeLessThan(staff.result.total);
    expect(own.result.records.every((r) => r.customerId === mine || r.agentId === mine)).toBe(true);
    // And the other way round, after the shipper's answer was cached.
    expect((await list(ops, url)).result.total).toBe(staff.result.total);
  });

  it('stops answering from memory for a session whose permission was taken away', async () => {
    const url = `${DRIVERS}/list?pageNo=1&pageSize=5`;
    const token = await t.login('ops');
    expect((await list(token, url)).success).toBe(true);
    await sql`delete from sys_user_role where user_id = (select id from sys_user where username = 'ops')`.execute(t.ctx.db);
    expect(await list(token, url)).toMatchObject({ success: false, code: 510 });
  });
});
