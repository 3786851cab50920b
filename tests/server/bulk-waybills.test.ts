/**
 * The bulk waybill generator behind `npm run seed:bulk -- --entity hyShippingNote`, at a few hundred rows on both
 * databases: a history's status mix (mostly 已完成, some cancelled and suspended, in-flight states), each waybill's
 * snapshot equal to its own bulk order, driver and vehicle, and the rows reaching the list endpoint — all of them
 * for platform staff, only its own shipper's for the shipper account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { bulkLoadWaybills } from '../../scripts/lib/bulk-waybills.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const NOTE = '/jeecg-boot/hyshipping/hyShippingNote';
const ROWS = 600;

describe.each(BACKENDS)('bulk waybills on %s', (kind) => {
  let t: TestApp;
  let demoNotes = 0;
  let demoOrders = 0;
  let result: Awaited<ReturnType<typeof bulkLoadWaybills>>;
  const countOf = async (where = sql`true`) =>
    (await sql<{ n: number }>`select count(*)::int as n from hy_shipping_note where tenant_id = 1 and ${where}`.execute(t.ctx.db)).rows[0].n;
  const list = async (token: string, query: string) => {
    const { body } = await t.call<Page<WireRecord>>({ method: 'GET', url: `${NOTE}/list?${query}`, token });
    expect(body.success, body.message).toBe(true);
    return body.result;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    demoNotes = await countOf();
    demoOrders = (await sql<{ n: number }>`select count(*)::int as n from hy_order where tenant_id = 1`.execute(t.ctx.db)).rows[0].n;
    result = await bulkLoadWaybills(t.ctx.db, t.ctx.entities, { rows: ROWS, tenantId: 1, batch: 250 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes the asked number of waybills with their orders, in a history status mix', async () => {
    expect(result.inserted).toBe(ROWS);
    expect(await countOf()).toBe(demoNotes + ROWS);
    const orders = (await sql<{ n: number }>`select count(*)::int as n from hy_order where tenant_id = 1`.execute(t.ctx.db)).rows[0].n;
    expect(orders - demoOrders).toBe(result.orders);
    expect(result.orders).toBeGreaterThan(ROWS / 6);
    const share = (status: string) => (result.statuses[status] ?? 0) / ROWS;
    expect(share('7')).toBeGreaterThan(0.8);
    expect(share('8')).toBeGreaterThan(0);
    expect(share('9')).toBeGreaterThan(0);
    const inFlight = ['0', '1', '2', '3', '4', '5', '6'].filter((s) => (result.statuses[s] ?? 0) > 0);
    expect(inFlight.length).toBeGreaterThanOrEqual(3);
    // What the generator reports is what the table holds.
    for (const [status, n] of Object.entries(result.statuses)) {
      expect(await countOf(sql`shipping_status = ${status} and length(shipping_note_number) = 16`), `status ${status}`).toBe(n);
    }
  });

  it('copies each waybill snapshot from its own order, driver and vehicle, with the times its status implies', async () => {
    const mismatches = await sql<{ n: number }>`select count(*)::int as n
      from hy_shipping_note n
      left join hy_order o on o.id = n.order_id and o.tenant_id = n.tenant_id
      left join hy_driver d on d.id = n.driver_id and d.tenant_id = n.tenant_id
      left join hy_vehicle v on v.id = n.vehicle_id and v.tenant_id = n.tenant_id
      where n.tenant_id = 1 and (o.id is null or d.id is null or v.id is null
        or n.customer_id is distinct from o.customer_id or n.goods_name is distinct from o.goods_name
        or n.customer_fee is distinct from round(o.customer_fee / o.truck_count, 2)
        or n.driver_fee is distinct from round(o.driver_fee / o.truck_count, 2)
        or n.place_of_loading is distinct from o.loading_address or n.consignee is distinct from o.unloading_name
        or n.driver_name is distinct from d.driver_name or n.vehicle_number is distinct from v.vehicle_number
        or n.total_fee is distinct from (case when n.order_mode = '3' then n.agent_fee else n.customer_fee end))`.execute(t.ctx.db);
    expect(mismatches.rows[0].n).toBe(0);
    expect(await countOf(sql`shipping_status in ('2','3','4','5','6','7') and despatch_actual_date_time is null`)).toBe(0);
    expect(await countOf(sql`shipping_status = '7' and (finish_date_time is null or pay_status <> '2')`)).toBe(0);
    expect(await countOf(sql`shipping_status = '8' and cancel_reason is null`)).toBe(0);
    expect(await countOf(sql`shipping_status = '9' and (suspended_from is null or exception_reason is null)`)).toBe(0);
  });

  it('shows every bulk waybill to operations staff through the list, filters included', async () => {
    const ops = await t.login('ops');
    const all = await list(ops, 'pageNo=1&pageSize=20');
    expect(all.total).toBe(demoNotes + ROWS);
    const cancelled = await list(ops, 'pageNo=1&pageSize=50&shippingStatus=8');
    expect(cancelled.total).toBe(await countOf(sql`shipping_status = '8'`));
    expect(cancelled.records.every((r) => r.shippingStatus === '8' && r.shippingStatus_dictText === '已取消')).toBe(true);
    const plate = String(all.records[0].vehicleNumber);
    const byPlate = await list(ops, `pageNo=1&pageSize=50&vehicleNumber=${encodeURIComponent(plate)}`);
    expect(byPlate.total).toBe(await countOf(sql`vehicle_number = ${plate}`));
    expect(byPlate.records.every((r) => r.vehicleNumber === plate)).toBe(true);
  });

  it('confines the shipper account to its own shipper’s waybills, bulk ones included', async () => {
    const shipper = await t.login('shipper');
    const { rows } = await sql<{ customerId: string }>`select customer_id as "customerId" from sys_user where username = 'shipper'`.execute(t.ctx.db);
    const customerId = rows[0].customerId;
    const own = await countOf(sql`customer_id = ${customerId}`);
    const bulkOwn = await countOf(sql`customer_id = ${customerId} and length(shipping_note_number) = 16`);
    expect(bulkOwn).toBeGreaterThan(0);
    const page = await list(shipper, 'pageNo=1&pageSize=100');
    expect(page.total).toBe(own);
    expect(page.total).toBeLessThan(demoNotes + ROWS);
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.records.every((r) => r.customerId === customerId)).toBe(true);
    // Asking for another shipper's rows finds nothing.
    const other = await sql<{ customerId: string }>`select customer_id as "customerId" from hy_shipping_note
      where tenant_id = 1 and customer_id <> ${customerId} limit 1`.execute(t.ctx.db);
    const foreign = await list(shipper, `pageNo=1&pageSize=10&customerId=${other.rows[0].customerId}`);
    expect(foreign.total).toBe(0);
  });
});
