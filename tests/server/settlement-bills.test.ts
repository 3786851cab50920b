/**
 * Settlement on both databases: a waybill carries its customer's settlement type (copied through the order); the
 * 出账 job bills 趟结 waybills one by one and 月结 customers on their billDay, summing amounts exactly in SQL;
 * 批结 groups an operator's choice; the bell counters count real rows of the caller's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { jobHandler } from '../../server/domains/system/jobs/handlers.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { coalOrder, insertEntityRow } from './helpers/freight.ts';

const ORDER = '/jeecg-boot/hyorder/hyOrder';
const NOTE = '/jeecg-boot/hyshipping/hyShippingNote';
const BILL = '/jeecg-boot/hybill/hyBill';
const COUNTS = '/jeecg-boot/hydriver/hyDriver/getDsXx';

describe.each(BACKENDS)('settlement bills on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  const ids = { monthly: '', trip: '', batch: '', driver: '', vehicle: '' };



  const noteByNo = async (no: string) =>
    (await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${NOTE}/list?shippingNoteNumber=${no}`, token: ops })).body.result.records[0];

  /** A waybill through the API (so the copies happen), then signed directly with the given fee and sign time. */
  async function signedNote(no: string, orderNo: string, fee: string, signedAt: string): Promise<string> {
    const list = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${ORDER}/list?orderNo=${orderNo}`, token: ops });
    const added = await t.call({ method: 'POST', url: `${NOTE}/add`, token: ops, payload: { shippingNoteNumber: no, orderId: list.body.result.records[0].id, driverId: ids.driver, vehicleId: ids.vehicle } });
    expect(added.body).toMatchObject({ success: true });
    const { id } = await noteByNo(no);
    await sql`update hy_shipping_note set shipping_status = '4', customer_fee = ${fee}::numeric, total_fee = ${fee}::numeric, settle_weight = 33.1,
      goods_receipt_date_time = ${signedAt}::timestamptz where id = ${String(id)}`.execute(t.ctx.db);
    return String(id);
  }

  const runJob = (date: string) => jobHandler('settlementBillGeneration')!.run({ db: t.ctx.db, parameter: JSON.stringify({ date }) });
  const bills = async (token = ops) => (await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${BILL}/list?pageSize=50`, token })).body.result.records;

  beforeAll(async () => {
    t = await startTestApp(kind, { seedDrivers: 0 });
    ops = await t.login('ops');
    ids.monthly = await insertEntityRow(t.ctx, 'hyCustomer', { customerName: '唐山恒通钢铁有限公司', reviewStatus: '2', status: '1', settlementType: '1', billDay: 5, creditDays: 30 });
    ids.trip = await insertEntityRow(t.ctx, 'hyCustomer', { customerName: '榆林鑫源煤业有限公司', reviewStatus: '1', status: '1', settlementType: '3' });
    ids.batch = await insertEntityRow(t.ctx, 'hyCustomer', { customerName: '邯郸宏达建材有限公司', reviewStatus: '2', status: '1', settlementType: '2', creditDays: 7 });
    // Waybills go to an approved driver and vehicle in date (新增 refuses others); one more driver waits for review.
    ids.driver = await insertEntityRow(t.ctx, 'hyDriver', { driverName: '王建国', telephone: '13912345678', idCard: '110101199003078515', reviewStatus: '2', validPeriodTo: '2099-12-31' });
    await insertEntityRow(t.ctx, 'hyDriver', { driverName: '李待审', telephone: '13912345679', idCard: '11010519491231002X', reviewStatus: '1' });
    ids.vehicle = await insertEntityRow(t.ctx, 'hyVehicle', { vehicleNumber: '蒙K12345', vehiclePlateColorCode: '2', reviewStatus: '2', inspectionValidTo: '2099-12-31', roadTransportValidTo: '2099-12-31' });
    for (const [customer, no] of [[ids.monthly, 'DD2611230001'], [ids.trip, 'DD2611230002'], [ids.batch, 'DD2611230003']]) {
      expect((await t.call({ method: 'POST', url: `${ORDER}/add`, token: ops, payload: coalOrder(customer, no) })).body).toMatchObject({ success: true });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('copies the settlement type from the customer to the order and the waybill, unbilled', async () => {
    const orders = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${ORDER}/list?orderNo=DD2611230001`, token: ops });
    expect(orders.body.result.records[0]).toMatchObject({ settlementType: '1', settlementType_dictText: '月结账期' });
    await signedNote('YD2611230001', 'DD2611230001', '0.10', '2026-10-15 10:00:00+00');
    await signedNote('YD2611230002', 'DD2611230001', '0.20', '2026-10-20 10:00:00+00');
    await signedNote('YD2611230003', 'DD2611230001', '5.00', '2026-11-02 10:00:00+00');
    await signedNote('YD2611230011', 'DD2611230002', '7260.55', '2026-11-02 10:00:00+00');
    await signedNote('YD2611230021', 'DD2611230003', '100.01', '2026-11-02 10:00:00+00');
    await signedNote('YD2611230022', 'DD2611230003', '200.02', '2026-11-03 10:00:00+00');
    expect(await noteByNo('YD2611230001')).toMatchObject({ settlementType: '1', billFlag: '0', billFlag_dictText: '未出账' });
    expect(await noteByNo('YD2611230011')).toMatchObject({ settlementType: '3' });
    const due = await t.call<{ total: number }>({ method: 'GET', url: `${NOTE}/list?shippingStatus=4&billFlag=0`, token: ops });
    expect(due.body.result.total).toBe(6);
  });

  it('counts drivers, vehicles, customers under review and due settlement per type for platform staff', async () => {
    // The demo seed brings customers of its own; count those under review (1) straight from the table.
    const reviewing = await sql<{ n: number }>`select count(*)::int as n from hy_customer where tenant_id = 1 and review_status = '1'`.execute(t.ctx.db);
    const counts = await t.call({ method: 'GET', url: COUNTS, token: ops });
    expect(counts.body).toMatchObject({ success: true, result: { sijiCount: 1, cheCount: 0, huozhuCount: reviewing.rows[0].n, yuejieZhangQi: 3, pijieZhangQi: 2, tangjieZhangQi: 1, dianfuZq: 0 } });
    await sql`update hy_shipping_note set settlement_type = '4', pay_status = '2' where shipping_note_number = 'YD2611230003'`.execute(t.ctx.db);
    expect((await t.call({ method: 'GET', url: COUNTS, token: ops })).body.result).toMatchObject({ yuejieZhangQi: 2, dianfuZq: 1 });
    const advances = await t.call<{ records: WireRecord[]; total: number }>({ method: 'GET', url: '/jeecg-boot/plateform/cost/list?payStatus=2', token: ops });
    expect(advances.body.result.records.map((r) => r.shippingNoteNumber)).toEqual(['YD2611230003']);
    expect(advances.body.result.records[0]).toMatchObject({ payStatus_dictText: '已支付', settlementType: '4' });
    await sql`update hy_shipping_note set settlement_type = '1', pay_status = '0' where shipping_note_number = 'YD2611230003'`.execute(t.ctx.db);
    expect((await t.call({ method: 'GET', url: COUNTS })).body.success).toBe(false);
  });

  it('出账: 趟结 per waybill (due T+1), 月结 on billDay for last month only (due + creditDays), exact sums, once', async () => {
    expect(await runJob('2026-11-04')).toBe('已生成账单 1 张，包含运单 1 条');
    expect(await runJob('2026-11-05')).toBe('已生成账单 1 张，包含运单 2 条');
    expect(await runJob('2026-11-05')).toBe('已生成账单 0 张，包含运单 0 条');
    const list = await bills();
    const trip = list.find((b) => b.customerId === ids.trip)!;
    expect(trip).toMatchObject({ settlementType: '3', waybillCount: 1, billStatus: '1', billStatus_dictText: '待货主确认', dueDate: '2026-11-05' });
    const monthly = list.find((b) => b.customerId === ids.monthly)!;
    expect(monthly).toMatchObject({ settlementType: '1', waybillCount: 2, periodStart: '2026-10-01', periodEnd: '2026-10-31', dueDate: '2026-12-05' });
    expect(String(monthly.billNo)).toMatch(/^ZD\d{6}\d{4}$/);
    const exact = await sql<{ payable: string; paid: string }>`select payable_amount::text as payable, paid_amount::text as paid from hy_bill where id = ${String(monthly.id)}`.execute(t.ctx.db);
    expect(exact.rows[0]).toEqual({ payable: '0.30', paid: '0.00' });
    expect(await noteByNo('YD2611230001')).toMatchObject({ billId: monthly.id, billFlag: '1', billId_dictText: monthly.billNo });
    expect((await noteByNo('YD2611230003')).billFlag).toBe('0');
    const items = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `/jeecg-boot/hybill/hyBillItem/list?billId=${String(monthly.id)}`, token: ops });
    expect(items.body.result.records.map((r) => r.shippingNoteNumber).sort()).toEqual(['YD2611230001', 'YD2611230002']);
    // 作废 releases the waybills: the next run bills the 趟结 waybill again, in a new bill.
    expect((await t.call({ method: 'PUT', url: `${BILL}/void`, token: ops, payload: { id: trip.id } })).body.success).toBe(true);
    expect(await runJob('2026-11-06')).toBe('已生成账单 1 张，包含运单 1 条');
    const again = await noteByNo('YD2611230011');
    expect(again).toMatchObject({ billFlag: '1' });
    expect(again.billId).not.toBe(trip.id);
    const voided = (await bills()).find((b) => b.id === trip.id)!;
    expect(voided).toMatchObject({ billStatus: '9', waybillCount: 1 });
  });

  it('批结: the chosen signed waybills of one customer become one bill; billed, mixed or unknown ones are refused', async () => {
    const a = String((await noteByNo('YD2611230021')).id);
    const b = String((await noteByNo('YD2611230022')).id);
    const other = String((await noteByNo('YD2611230003')).id);
    const post = (payload: Record<string, unknown>) => t.call<{ id: string }>({ method: 'POST', url: `${BILL}/batchBill`, token: ops, payload });
    expect((await post({ ids: [a, other] })).body).toMatchObject({ success: false, message: '所选运单须属于同一货主' });
    expect((await post({ ids: [] })).body).toMatchObject({ success: false, message: '请选择运单' });
    const made = await post({ ids: `${a},${b}` });
    expect(made.body).toMatchObject({ success: true, message: '生成账单成功!' });
    expect((await post({ ids: [a] })).body).toMatchObject({ success: false, message: '所选运单已出账' });
    const bill = (await bills()).find((r) => r.id === made.body.result.id)!;
    expect(bill).toMatchObject({ settlementType: '2', waybillCount: 2, customerId: ids.batch });
    expect(Number(bill.payableAmount)).toBe(300.03);
    const shipper = await t.login('shipper');
    expect((await t.call({ method: 'POST', url: `${BILL}/batchBill`, token: shipper, payload: { ids: [other] } })).body).toMatchObject({ success: false, code: 510 });
  });

  it('回款: partial then full payment moves the bill 3 → 4 exactly; over-payment and settled bills are refused', async () => {
    const bill = (await bills()).find((b) => b.settlementType === '2')!;
    const PAY = '/jeecg-boot/hybill/hyBillPayment';
    let keys = 0;
    const pay = (amount: unknown, key = `pay-${kind}-${++keys}-${Date.now()}`) =>
      t.call<{ id: string }>({ method: 'POST', url: `${PAY}/add`, token: ops, headers: { 'idempotency-key': key }, payload: { billId: bill.id, amount, payTime: '2026-11-20 10:00:00', sequenceCode: 'SQ1' } });
    expect((await pay(0)).body).toMatchObject({ success: false });
    expect((await pay(0.001)).body.success).toBe(false);
    expect((await pay(300.04)).body).toMatchObject({ success: false, message: '回款金额不能超过未结金额 300.03 元' });
    expect((await pay(0.1)).body).toMatchObject({ success: true, message: '回款成功!' });
    // One submission sent several times at once (issue 22, item 1: money-moving writes take a key) posts once.
    const repeated = await Promise.all([1, 2, 3, 4].map(() => pay(0.2, `pay-${kind}-repeated`)));
    expect(repeated.map((r) => r.body.success)).toEqual([true, true, true, true]);
    expect(new Set(repeated.map((r) => r.body.result.id)).size).toBe(1);
    expect((await t.call({ method: 'POST', url: `${PAY}/add`, token: ops, payload: { billId: bill.id, amount: 0.2, payTime: '2026-11-20 10:00:00' } })).body)
      .toMatchObject({ success: false, message: expect.stringContaining('Idempotency-Key') });
    const half = await sql<{ paid: string; status: string }>`select paid_amount::text as paid, bill_status as status from hy_bill where id = ${String(bill.id)}`.execute(t.ctx.db);
    expect(half.rows[0]).toEqual({ paid: '0.30', status: '3' });
    expect((await pay(299.74)).body).toMatchObject({ success: false, message: '回款金额不能超过未结金额 299.73 元' });
    expect((await pay(299.73)).body.success).toBe(true);
    const full = await sql<{ paid: string; status: string }>`select paid_amount::text as paid, bill_status as status from hy_bill where id = ${String(bill.id)}`.execute(t.ctx.db);
    expect(full.rows[0]).toEqual({ paid: '300.03', status: '4' });
    expect((await pay(1)).body).toMatchObject({ success: false, message: '只有未结清的账单可以回款' });
    const list = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${PAY}/list?billId=${String(bill.id)}`, token: ops });
    expect(list.body.result.records.map((r) => Number(r.amount)).sort((a, b) => a - b)).toEqual([0.1, 0.2, 299.73]);
    // The shipper by name, not its id (issue 22, item 1's cause: server lists without table-dictionary texts).
    expect(list.body.result.records[0]).toMatchObject({ customerId: ids.batch, customerId_dictText: '邯郸宏达建材有限公司' });
    const shipper = await t.login('shipper');
    expect((await t.call({ method: 'POST', url: `${PAY}/add`, token: shipper, payload: { billId: bill.id, amount: 1, payTime: '2026-11-20 10:00:00' } })).body).toMatchObject({ success: false, code: 510 });
  });

  it('counts only signed unbilled waybills of each type (what its link lists), and a shipper sees only its own customer', async () => {
    // The 趟结 bill fell due on 2026-11-05 (past): a due bill is the bill list's business, not the waybill link's
    // (issue 22, item 5), so only the 月结 waybill left unbilled counts.
    await sql`update hy_bill set due_date = current_date + 3 where settlement_type in ('1', '2')`.execute(t.ctx.db);
    const counts = await t.call({ method: 'GET', url: COUNTS, token: ops });
    expect(counts.body.result).toMatchObject({ yuejieZhangQi: 1, pijieZhangQi: 0, tangjieZhangQi: 0 });
    await sql`update sys_user set customer_id = ${ids.monthly} where username = 'shipper'`.execute(t.ctx.db);
    const shipper = await t.login('shipper');
    const own = await t.call({ method: 'GET', url: COUNTS, token: shipper });
    expect(own.body.result).toEqual({ sijiCount: 0, cheCount: 0, huozhuCount: 0, yuejieZhangQi: 1, pijieZhangQi: 0, tangjieZhangQi: 0, dianfuZq: 0, sijiDaoqi: 0, cheDaoqi: 0, chengyunDaoqi: 0 });
    expect((await bills(shipper)).map((b) => b.customerId)).toEqual([ids.monthly]);
    // 待货主确认: the customer confirms its own bill, never another customer's.
    const all = await bills();
    const mine = all.find((b) => b.customerId === ids.monthly)!;
    const theirs = all.find((b) => b.customerId === ids.trip)!;
    expect((await t.call({ method: 'PUT', url: `${BILL}/confirm`, token: shipper, payload: { id: theirs.id } })).body.success).toBe(false);
    expect((await t.call({ method: 'PUT', url: `${BILL}/confirm`, token: shipper, payload: { id: mine.id } })).body).toMatchObject({ success: true });
    expect((await bills(shipper))[0]).toMatchObject({ billStatus: '2', billStatus_dictText: '已确认' });
  });
});
