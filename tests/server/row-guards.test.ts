/**
 * `editWhen` / `deleteWhen` on the shipped schemas, on both databases: a signed waybill's amounts are final (only
 * its 备注 may change), a waybill is deleted only while 待接单 or 已取消, an order only as a draft; and no record
 * other records name (a shipper with waybills, a carrier with vehicles) is deleted. Refusals say why and change
 * nothing, a batch included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { assertUnreferenced, presentReferrers, referrersOf } from '../../capabilities/references/server-referrers.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const NOTES = '/jeecg-boot/hyshipping/hyShippingNote';
const ORDERS = '/jeecg-boot/hyorder/hyOrder';

describe.each(BACKENDS)('row state guards on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function idOf(table: 'hy_shipping_note' | 'hy_order', where: ReturnType<typeof sql>): Promise<string> {
    const { rows } = await sql<{ id: string }>`select id from ${sql.table(table)} where ${where} order by id limit 1`.execute(t.ctx.db);
    if (!rows[0]) throw new Error(`no ${table} row for the test`);
    return rows[0].id;
  }
  const read = async (api: string, id: string) => (await t.call<WireRecord>({ method: 'GET', url: `${api}/queryById?id=${id}`, token: admin })).body.result;
  const edit = (api: string, payload: object) => t.call({ method: 'PUT', url: `${api}/edit`, token: admin, payload });
  const remove = (api: string, query: string) => t.call({ method: 'DELETE', url: `${api}/${query}`, token: admin });

  it('keeps a signed, billed waybill’s amounts: only its 备注 changes, even when the form sends the whole record back', async () => {
    const id = await idOf('hy_shipping_note', sql`shipping_status = '7' and bill_id is not null`);
    const before = await read(NOTES, id);

    const refused = await edit(NOTES, { id, customerFee: '1.00' });
    expect(refused.body).toMatchObject({ success: false, message: '运单签收后金额已确定，已签收、已结算、已完成或已取消的运单只能修改备注' });
    expect((await read(NOTES, id)).customerFee).toBe(before.customerFee);

    // The whole record as the edit form loaded it, numbers retyped, with a new remark: accepted, remark only.
    const whole = { ...before, customerFee: Number(before.customerFee), remark: '回单原件已寄回' };
    const accepted = await edit(NOTES, whole);
    expect(accepted.body).toMatchObject({ success: true });
    const after = await read(NOTES, id);
    expect(after.remark).toBe('回单原件已寄回');
    expect(after.customerFee).toBe(before.customerFee);
  });

  it('edits a waybill freely before it is signed', async () => {
    const id = await idOf('hy_shipping_note', sql`shipping_status = '1'`);
    const accepted = await edit(NOTES, { id, customerFee: '6800.00', remark: '改派前确认' });
    expect(accepted.body.success).toBe(true);
  });

  it('deletes a waybill only while 待接单 or 已取消, with its history; a batch with one kept row deletes nothing', async () => {
    const signed = await idOf('hy_shipping_note', sql`shipping_status = '4'`);
    const waiting = await idOf('hy_shipping_note', sql`shipping_status = '0'`);
    const refused = await remove(NOTES, `delete?id=${signed}`);
    expect(refused.body).toMatchObject({ success: false, message: '只有待接单或已取消的运单可以删除，其他运单请走取消流程' });

    const batch = await remove(NOTES, `deleteBatch?ids=${waiting},${signed}`);
    expect(batch.body.success).toBe(false);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from hy_shipping_note where id in (${waiting}, ${signed})`.execute(t.ctx.db);
    expect(rows[0].n).toBe(2);

    const deleted = await remove(NOTES, `delete?id=${waiting}`);
    expect(deleted.body.success).toBe(true);

    // A cancelled waybill goes with its status history (the operations' log rows name it).
    const cancelled = await idOf('hy_shipping_note', sql`shipping_status = '8' and exists (select 1 from hy_shipping_note_log l where l.shipping_note_id = hy_shipping_note.id)`);
    expect((await remove(NOTES, `delete?id=${cancelled}`)).body.success).toBe(true);
    const history = await sql<{ n: number }>`select count(*)::int as n from hy_shipping_note_log where shipping_note_id = ${cancelled}`.execute(t.ctx.db);
    expect(history.rows[0].n).toBe(0);
  });

  it('deletes an order only as a draft, and keeps a completed order’s terms', async () => {
    const published = await idOf('hy_order', sql`order_status = '1'`);
    const refused = await remove(ORDERS, `delete?id=${published}`);
    expect(refused.body).toMatchObject({ success: false, message: '只有草稿状态的货源可以删除，已发布的货源请关闭' });

    const completed = await idOf('hy_order', sql`order_status = '5'`);
    const before = await read(ORDERS, completed);
    const changed = await edit(ORDERS, { id: completed, customerFee: '1.00' });
    expect(changed.body).toMatchObject({ success: false, message: '已派满、运输中、已完成或已关闭的货源只能修改备注' });
    expect((await read(ORDERS, completed)).customerFee).toBe(before.customerFee);

    const add = await t.call<{ id: string }>({
      method: 'POST', url: `${ORDERS}/add`, token: admin,
      payload: { ...before, id: undefined, orderNo: 'DD-GUARD-DRAFT-1', orderStatus: '0', remark: '草稿' },
    });
    expect(add.body.success, add.body.message).toBe(true);
    const draft = await remove(ORDERS, `delete?id=${add.body.result.id}`);
    expect(draft.body.success).toBe(true);
  });

  it('refuses a waybill for an unapproved driver or vehicle on 新增 and on 编辑, as 接单 does', async () => {
    const pendingDriver = (await sql<{ id: string }>`select id from hy_driver where review_status = '1' order by id limit 1`.execute(t.ctx.db)).rows[0].id;
    const approvedVehicle = (await sql<{ id: string }>`select id from hy_vehicle where review_status = '2'
      and inspection_valid_to >= current_date and road_transport_valid_to >= current_date order by id limit 1`.execute(t.ctx.db)).rows[0].id;
    const order = await idOf('hy_order', sql`order_status in ('1', '2')`);
    const before = await sql<{ n: number }>`select count(*)::int as n from hy_shipping_note`.execute(t.ctx.db);
    const added = await t.call({ method: 'POST', url: `${NOTES}/add`, token: admin, payload: { shippingNoteNumber: 'YD2612019901', orderId: order, driverId: pendingDriver, vehicleId: approvedVehicle } });
    expect(added.body).toMatchObject({ success: false, message: '司机未审核通过或驾驶证已过期，不能派车' });
    const after = await sql<{ n: number }>`select count(*)::int as n from hy_shipping_note`.execute(t.ctx.db);
    expect(after.rows[0].n).toBe(before.rows[0].n);

    const accepted = await idOf('hy_shipping_note', sql`shipping_status = '1'`);
    const swapped = await edit(NOTES, { id: accepted, driverId: pendingDriver });
    expect(swapped.body).toMatchObject({ success: false, message: '司机未审核通过或驾驶证已过期，不能派车' });

    // A driver whose review re-opened after the waybill was accepted: a 备注 edit does not judge it again.
    const { driverId } = await read(NOTES, accepted);
    await sql`update hy_driver set review_status = '1' where id = ${String(driverId)}`.execute(t.ctx.db);
    try {
      expect((await edit(NOTES, { id: accepted, remark: '司机证件复审中' })).body.success).toBe(true);
    } finally {
      await sql`update hy_driver set review_status = '2' where id = ${String(driverId)}`.execute(t.ctx.db);
    }
  });

  it('refuses to delete a shipper with waybills, a driver on a waybill or a carrier with vehicles, and deletes an unused one', async () => {
    const customer = (await sql<{ id: string }>`select customer_id as id from hy_shipping_note order by customer_id limit 1`.execute(t.ctx.db)).rows[0].id;
    const shipper = await remove('/jeecg-boot/customer/hyCustomer', `delete?id=${customer}`);
    expect(shipper.body).toMatchObject({ success: false, message: expect.stringMatching(/^所选货主已有.+，不能删除$/) });
    const left = await sql<{ n: number }>`select count(*)::int as n from hy_customer where id = ${customer}`.execute(t.ctx.db);
    expect(left.rows[0].n).toBe(1);

    const driver = (await sql<{ id: string }>`select driver_id as id from hy_shipping_note order by driver_id limit 1`.execute(t.ctx.db)).rows[0].id;
    const onWaybill = await remove('/jeecg-boot/hydriver/hyDriver', `deleteBatch?ids=${driver}`);
    expect(onWaybill.body).toMatchObject({ success: false, message: expect.stringMatching(/^所选司机已有.+，不能删除$/) });

    const carrier = (await sql<{ id: string }>`select carrier_id as id from hy_vehicle where carrier_id is not null order by carrier_id limit 1`.execute(t.ctx.db)).rows[0].id;
    const withVehicles = await remove('/jeecg-boot/hycarrier/hyCarrier', `delete?id=${carrier}`);
    expect(withVehicles.body).toMatchObject({ success: false, message: '所选承运商已有车辆，不能删除' });

    const unused = (await sql<{ id: string }>`select id from hy_carrier c where not exists (select 1 from hy_vehicle v where v.carrier_id = c.id)
      order by id limit 1`.execute(t.ctx.db)).rows[0];
    if (unused) expect((await remove('/jeecg-boot/hycarrier/hyCarrier', `delete?id=${unused.id}`)).body.success).toBe(true);
  });

  it('finds every referring table by a column that exists, on this database', async () => {
    for (const target of t.ctx.entities) {
      const referrers = await presentReferrers(t.ctx.db, referrersOf(target, t.ctx.entities, t.ctx.tableDicts));
      // One statement per referrer; a wrong table or column would throw here.
      await assertUnreferenced(t.ctx.db, target, referrers, 1, ['no-such-id']);
    }
  });
});
