/**
 * Issue 8 运单 lifecycle on both databases: a waybill made from an order copies its snapshot (fees, goods, driver,
 * vehicle) from the source records whatever the body says; each transition is an operation with its permission and
 * guard; 接单 refuses an unapproved or expired driver/vehicle; 签收 needs the receipt photos; paying is a 资金流水;
 * 异常挂起 returns to the state it left; every move appends a history row; a shipper sees only its own customer's waybills.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { coalOrder, insertEntityRow } from './helpers/freight.ts';
import { platformWallet, postLedger, TXN } from '../../server/domains/money/wallets/ledger.ts';

const ORDER = '/jeecg-boot/hyorder/hyOrder';
const NOTE = '/jeecg-boot/hyshipping/hyShippingNote';
const LOG = '/jeecg-boot/hyshipping/hyShippingNoteLog';

describe.each(BACKENDS)('运单 lifecycle on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  const ids = { customerA: '', customerB: '', driver: '', vehicle: '' };



  async function addNote(no: string, orderNo: string, extra: Record<string, unknown> = {}) {
    const list = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${ORDER}/list?orderNo=${orderNo}`, token: ops });
    const orderId = list.body.result.records[0].id;
    return t.call({ method: 'POST', url: `${NOTE}/add`, token: ops, payload: { shippingNoteNumber: no, orderId, driverId: ids.driver, vehicleId: ids.vehicle, ...extra } });
  }
  const noteByNo = async (no: string) =>
    (await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${NOTE}/list?shippingNoteNumber=${no}`, token: ops })).body.result.records[0];
  const run = (key: string, id: unknown, payload: Record<string, unknown> = {}) => t.call({ method: 'PUT', url: `${NOTE}/${key}`, token: ops, payload: { id, ...payload } });

  beforeAll(async () => {
    t = await startTestApp(kind, { seedDrivers: 0 });
    ops = await t.login('ops');
    ids.customerA = await insertEntityRow(t.ctx, 'hyCustomer', { customerName: '唐山恒通钢铁有限公司', reviewStatus: '2', status: '1' });
    ids.customerB = await insertEntityRow(t.ctx, 'hyCustomer', { customerName: '榆林鑫源煤业有限公司', reviewStatus: '2', status: '1' });
    // Dispatched to an approved driver in date (新增 refuses others); 接单's own check is tested by lapsing it after.
    ids.driver = await insertEntityRow(t.ctx, 'hyDriver', { driverName: '王建国', telephone: '13912345678', idCard: '110101199003078515', reviewStatus: '2', validPeriodTo: '2099-12-31' });
    ids.vehicle = await insertEntityRow(t.ctx, 'hyVehicle', { vehicleNumber: '蒙K12345', vehiclePlateColorCode: '2', reviewStatus: '2', inspectionValidTo: '2099-12-31', roadTransportValidTo: '2099-12-31' });
    for (const [customer, no] of [[ids.customerA, 'DD2611220001'], [ids.customerB, 'DD2611220002']]) {
      const added = await t.call({ method: 'POST', url: `${ORDER}/add`, token: ops, payload: coalOrder(customer, no) });
      expect(added.body).toMatchObject({ success: true });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('copies the snapshot from the order, driver and vehicle, ignoring what the body says', async () => {
    const added = await addNote('YD2611220001', 'DD2611220001', { customerFee: 1, driverName: '冒名', customerId: ids.customerB });
    expect(added.body).toMatchObject({ success: true });
    const note = await noteByNo('YD2611220001');
    expect(note).toMatchObject({ customerId: ids.customerA, goodsName: '动力煤', consignee: '唐山港3号堆场', driverName: '王建国', driverPhone: '139****5678', vehicleNumber: '蒙K12345', shippingStatus: '0', payStatus: '0' });
    expect(Number(note.customerFee)).toBe(7260);
    expect(Number(note.driverFee)).toBe(6600);
    const missing = await t.call({ method: 'POST', url: `${NOTE}/add`, token: ops, payload: { shippingNoteNumber: 'YD2611220099', orderId: 'nope', driverId: ids.driver, vehicleId: ids.vehicle } });
    expect(missing.body.success).toBe(false);
  });

  it('gives each waybill of a several-truck order one truck’s share of the order’s fees, to the cent', async () => {
    const added = await t.call({ method: 'POST', url: `${ORDER}/add`, token: ops, payload: { ...coalOrder(ids.customerA, 'DD2611220003'), truckCount: 3 } });
    expect(added.body).toMatchObject({ success: true });
    const order = (await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${ORDER}/list?orderNo=DD2611220003`, token: ops })).body.result.records[0];
    expect((await addNote('YD2611220003', 'DD2611220003')).body).toMatchObject({ success: true });
    const note = await noteByNo('YD2611220003');
    // 7260.00 and 6600.00 over 3 trucks; a share that does not divide evenly is rounded half up.
    expect(Number(order.customerFee)).toBe(7260);
    expect(Number(note.customerFee)).toBe(2420);
    expect(Number(note.driverFee)).toBe(2200);
    expect(Number(note.totalFee)).toBe(2420);
    await sql`update hy_order set customer_fee = 1000.01 where id = ${String(order.id)}`.execute(t.ctx.db);
    expect((await run('edit', note.id, { orderId: order.id })).body.success).toBe(true);
    expect(Number((await noteByNo('YD2611220003')).customerFee)).toBe(333.34);
    await sql`delete from hy_shipping_note where id = ${String(note.id)}`.execute(t.ctx.db);
  });

  it('接单 refuses a driver who is not approved or whose licence has expired, and changes nothing', async () => {
    const note = await noteByNo('YD2611220001');
    // The driver's review re-opened and the licence lapsed after dispatch.
    await sql`update hy_driver set review_status = '1', valid_period_to = '2020-01-01' where id = ${ids.driver}`.execute(t.ctx.db);
    expect((await run('accept', note.id)).body).toMatchObject({ success: false, message: '司机未审核通过或驾驶证已过期，不能接单' });
    await sql`update hy_driver set review_status = '2' where id = ${ids.driver}`.execute(t.ctx.db);
    expect((await run('accept', note.id)).body).toMatchObject({ success: false, message: '司机未审核通过或驾驶证已过期，不能接单' });
    expect((await noteByNo('YD2611220001')).shippingStatus).toBe('0');
    const logs = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${LOG}/list?shippingNoteId=${String(note.id)}`, token: ops });
    expect(logs.body.result.records).toEqual([]);
    await sql`update hy_driver set valid_period_to = '2099-12-31' where id = ${ids.driver}`.execute(t.ctx.db);
    expect((await run('accept', note.id)).body).toMatchObject({ success: true, message: '接单成功!' });
    const accepted = await noteByNo('YD2611220001');
    expect(accepted.shippingStatus).toBe('1');
    expect(accepted.consignmentDateTime).toBeTruthy();
  });

  it('moves through 装货, 异常挂起 and back, 卸货, 签收 (with receipt photos), payment and 完结, logging each step', async () => {
    const { id } = await noteByNo('YD2611220001');
    expect((await run('load', id)).body).toMatchObject({ success: false });
    expect((await run('load', id, { loadingWeight: 33.2 })).body.success).toBe(true);
    expect((await run('cancel', id, { cancelReason: '不想拉了' })).body).toMatchObject({ success: false, message: '只有装货前的运单可以取消' });
    expect((await run('suspend', id, { exceptionReason: '轨迹偏离' })).body.success).toBe(true);
    expect(await noteByNo('YD2611220001')).toMatchObject({ shippingStatus: '9', suspendedFrom: '2', exceptionReason: '轨迹偏离' });
    expect((await run('resume', id)).body.success).toBe(true);
    expect(await noteByNo('YD2611220001')).toMatchObject({ shippingStatus: '2' });
    expect((await noteByNo('YD2611220001')).suspendedFrom ?? null).toBeNull();
    expect((await run('unload', id, { unloadingWeight: 33.1 })).body.success).toBe(true);
    expect((await run('sign', id, { settleWeight: 33.1 })).body).toMatchObject({ success: false, message: '回单照片不能为空，不能签收' });
    await sql`update hy_shipping_note set receipt_imgs = 'receipt/r1.jpg' where id = ${String(id)}`.execute(t.ctx.db);
    expect((await run('sign', id, { settleWeight: 33.1 })).body.success).toBe(true);
    expect((await run('confirmPay', id)).body.success).toBe(true);
    // Paying is a 资金流水 (支付运费): the waybill has no operation that marks it paid without moving money.
    expect((await run('pay', id)).body.success).toBe(false);
    await sql`update hy_driver set bank_card_no = '6222021234567890123' where id = ${ids.driver}`.execute(t.ctx.db);
    await t.ctx.db.transaction().execute(async (tx) => {
      const walletId = await platformWallet(tx, 1, 'test');
      await postLedger(tx, { tenantId: 1, walletId, amount: '10000.00', txnType: TXN.adjust, bizType: 'test', bizId: 'sn', remark: '测试调账', by: 'test' });
    });
    const paid = await t.call({ method: 'POST', url: '/jeecg-boot/hyfund/hyFundFlow/add', token: ops, headers: { 'idempotency-key': `sn-pay-${kind}-${Date.now()}` },
      payload: { shippingNoteId: id, paySource: '2', payeeChoice: '1', paymentMeansCode: '32', sequenceCode: 'BKSN000001' } });
    expect(paid.body).toMatchObject({ success: true });
    expect((await run('finish', id)).body.success).toBe(true);
    expect(await noteByNo('YD2611220001')).toMatchObject({ shippingStatus: '7', payStatus: '2' });

    const logs = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${LOG}/list?shippingNoteId=${String(id)}&pageSize=50`, token: ops });
    const steps = logs.body.result.records.map((r) => [r.event, r.fromStatus, r.toStatus]);
    expect(steps).toEqual([
      ['ACCEPT', '0', '1'], ['LOAD', '1', '2'], ['EXCEPTION', '2', '9'], ['RESUME', '9', '2'], ['UNLOAD', '2', '3'],
      ['SIGN', '3', '4'], ['PAY_CONFIRM', '4', '5'], ['PAY', '5', '6'], ['FINISH', '6', '7'],
    ]);
    const load = logs.body.result.records[1];
    expect(Number(load.weight)).toBe(33.2);
    expect(load.operatorName).toBeTruthy();
    expect(logs.body.result.records[2].remark).toBe('轨迹偏离');
  });

  it('feeds the seeded 司机收入统计 report, and 货主应收统计 once a waybill is signed', async () => {
    const api = '/jeecg-boot/online/cgreport/api';
    const income = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${api}/getData/driver_income?driver_name=王建国`, token: ops });
    expect(income.body.result.records.map((r) => [r.driver_name, r.waybills, Number(r.driver_fee), Number(r.paid_fee), Number(r.unpaid_fee)])).toEqual([['王建国', 1, 6600, 6600, 0]]);
    const receivables = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${api}/getData/shipper_receivables`, token: ops });
    // The only signed waybill is already paid and finished (7): nothing is receivable.
    expect(receivables.body).toMatchObject({ success: true, result: { total: 0 } });
  });

  it('keeps each transition behind its own permission code', async () => {
    expect((await addNote('YD2611220002', 'DD2611220002')).body.success).toBe(true);
    const { id } = await noteByNo('YD2611220002');
    const shipper = await t.login('shipper');
    expect((await t.call({ method: 'PUT', url: `${NOTE}/accept`, token: shipper, payload: { id } })).body).toMatchObject({ success: false, code: 510 });
  });

  it('shows a shipper only the waybills of its own customer', async () => {
    await sql`update sys_user set customer_id = ${ids.customerB} where username = 'shipper'`.execute(t.ctx.db);
    const shipper = await t.login('shipper');
    const list = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${NOTE}/list`, token: shipper });
    expect(list.body.result.records.map((r) => r.shippingNoteNumber)).toEqual(['YD2611220002']);
  });
});
