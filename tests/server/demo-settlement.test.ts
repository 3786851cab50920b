/**
 * Demo bills, payments, rates and consignment notes on a fresh database, on both databases (issue 8: every screen
 * shows something on first start). The bills must be what the daily run would have made over the demo history —
 * checked here from the waybills themselves, not from the seed's code — and their payments must add up exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { recordErrors } from '../../server/entity/validation.ts';
import { generateDueBills, recalculateOverdueDays } from '../../server/domains/freight/settlement/bills.ts';
import { DEMO_REFERENCE_DATE } from '../../server/seed/demo-drivers.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

interface Bill {
  id: string;
  billNo: string;
  customerId: string;
  settlementType: string;
  periodStart: string | null;
  periodEnd: string | null;
  waybillCount: number;
  payable: string;
  paid: string;
  billStatus: string;
  generatedDay: string;
  generatedMonth: string;
  confirmed: number | null;
  generated: number;
  dueDate: string;
  overdueDays: number;
  expectedOverdue: number;
  creditDays: number | null;
}

interface Note {
  id: string;
  customerId: string;
  settlementType: string;
  shippingStatus: string;
  billId: string | null;
  billFlag: string | null;
  signedDay: string | null;
  signedMonth: string | null;
  signedAt: number | null;
}

const DEMO_NOW = Date.parse(`${DEMO_REFERENCE_DATE}T09:30:00+08:00`);
const SIGNED = ['4', '5', '6', '7'];
const cents = (text: string) => Math.round(Number(text) * 100);
const nextDay = (day: string, days = 1) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.each(BACKENDS)('demo settlement on %s', (kind) => {
  let t: TestApp;
  let bills: Bill[];
  let notes: Note[];
  let payments: Array<{ billId: string; amount: string; payTime: number }>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const db = t.ctx.db;
    // Days and months in Beijing time, epochs in ms: independent of the session's time zone.
    bills = (await sql<Bill>`select b.id, b.bill_no as "billNo", b.customer_id as "customerId", b.settlement_type as "settlementType",
        to_char(b.period_start, 'YYYY-MM-DD') as "periodStart", to_char(b.period_end, 'YYYY-MM-DD') as "periodEnd",
        b.waybill_count as "waybillCount", b.payable_amount::text as payable, b.paid_amount::text as paid, b.bill_status as "billStatus",
        to_char(b.generated_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as "generatedDay",
        to_char(b.generated_time at time zone 'Asia/Shanghai', 'YYYYMM') as "generatedMonth",
        extract(epoch from b.generated_time) * 1000 as generated, extract(epoch from b.confirm_time) * 1000 as confirmed,
        to_char(b.due_date, 'YYYY-MM-DD') as "dueDate", b.overdue_days as "overdueDays",
        greatest(0, current_date - b.due_date) as "expectedOverdue", c.credit_days as "creditDays"
      from hy_bill b join hy_customer c on c.id = b.customer_id where b.tenant_id = 1`.execute(db)).rows;
    notes = (await sql<Note>`select n.id, n.customer_id as "customerId", coalesce(n.settlement_type, c.settlement_type) as "settlementType",
        n.shipping_status as "shippingStatus", n.bill_id as "billId", n.bill_flag as "billFlag",
        to_char(n.goods_receipt_date_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as "signedDay",
        to_char(n.goods_receipt_date_time at time zone 'Asia/Shanghai', 'YYYY-MM') as "signedMonth",
        extract(epoch from n.goods_receipt_date_time) * 1000 as "signedAt"
      from hy_shipping_note n join hy_customer c on c.id = n.customer_id where n.tenant_id = 1`.execute(db)).rows;
    payments = (await sql<{ billId: string; amount: string; payTime: number }>`select bill_id as "billId", amount::text as amount,
        extract(epoch from pay_time) * 1000 as "payTime" from hy_bill_payment where tenant_id = 1`.execute(db)).rows;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('bills what the daily run would have: 趟结 per waybill, 月结 and 垫付 per customer and month, 批结 left to the operator', () => {
    expect(new Set(bills.map((b) => b.settlementType))).toEqual(new Set(['1', '3', '4']));
    expect(new Set(bills.map((b) => b.billNo)).size).toBe(bills.length);
    const billOf = new Map(bills.map((b) => [b.id, b]));
    for (const bill of bills) {
      expect(bill.billNo.startsWith(`ZD${bill.generatedMonth}`), bill.billNo).toBe(true);
      const mine = notes.filter((n) => n.billId === bill.id);
      expect(mine.length, bill.billNo).toBe(bill.waybillCount);
      for (const note of mine) {
        expect([note.customerId, note.settlementType, note.billFlag]).toEqual([bill.customerId, bill.settlementType, '1']);
        expect(SIGNED).toContain(note.shippingStatus);
        // Signed before the run that billed it (00:05 on the day it was generated).
        expect(note.signedAt!, bill.billNo).toBeLessThan(bill.generated);
      }
      if (bill.settlementType === '3') {
        expect([bill.waybillCount, bill.dueDate, bill.periodStart]).toEqual([1, nextDay(bill.generatedDay), null]);
      } else {
        // The previous calendar month, billed on the customer's bill day, due after its credit days.
        const first = `${bill.generatedDay.slice(0, 7)}-01`;
        expect(bill.periodEnd).toBe(nextDay(first, -1));
        expect(bill.periodStart).toBe(`${bill.periodEnd!.slice(0, 7)}-01`);
        expect(bill.dueDate).toBe(nextDay(bill.generatedDay, bill.creditDays ?? 0));
        for (const note of notes.filter((n) => n.billId === bill.id)) expect(note.signedDay! < first).toBe(true);
      }
    }
    const today = DEMO_REFERENCE_DATE;
    const lastRun = Date.parse(`${today}T00:05:00+08:00`);
    for (const note of notes.filter((n) => SIGNED.includes(n.shippingStatus))) {
      const billed = note.billId !== null && billOf.has(note.billId);
      if (note.settlementType === '2') expect(billed, 'a 批结 waybill waits for the operator').toBe(false);
      if (note.settlementType === '3') expect(billed, `趟结 signed ${note.signedDay}`).toBe(note.signedAt! < lastRun);
      if (note.settlementType === '1' && note.signedMonth === today.slice(0, 7)) expect(billed, 'this month is billed next month').toBe(false);
      if (!billed) expect([note.billId, note.billFlag]).toEqual([null, '0']);
    }
    // 月结 of this month and every 批结 wait, so the 生成账单 screens have something to bill.
    for (const type of ['1', '2']) expect(notes.some((n) => SIGNED.includes(n.shippingStatus) && n.settlementType === type && !n.billId), type).toBe(true);
  });

  it('settles the bills as shippers would: confirmed, paid in full or in part by real payments, some overdue', () => {
    expect(new Set(bills.map((b) => b.billStatus))).toEqual(new Set(['1', '2', '3', '4']));
    for (const bill of bills) {
      const mine = payments.filter((p) => p.billId === bill.id);
      const paid = mine.reduce((sum, p) => sum + cents(p.amount), 0);
      expect(cents(bill.paid), bill.billNo).toBe(paid);
      expect(bill.billStatus, bill.billNo).toBe(paid === 0 ? (bill.confirmed === null ? '1' : '2') : paid === cents(bill.payable) ? '4' : '3');
      if (bill.confirmed !== null) expect(bill.confirmed).toBeGreaterThan(bill.generated);
      for (const payment of mine) {
        expect(cents(payment.amount)).toBeGreaterThan(0);
        expect(payment.payTime).toBeGreaterThan(bill.confirmed!);
        expect(payment.payTime).toBeLessThan(DEMO_NOW);
      }
      expect(bill.overdueDays, bill.billNo).toBe(bill.billStatus === '4' ? 0 : bill.expectedOverdue);
    }
    expect(bills.some((b) => b.billStatus !== '4' && b.overdueDays > 0)).toBe(true);
  });

  it('shows the bills, their payments and items to staff, and a shipper only its own customer’s', async () => {
    const ops = await t.login('ops');
    const list = await t.call<{ total: number; records: WireRecord[] }>({ method: 'GET', url: '/jeecg-boot/hybill/hyBill/list?pageSize=100', token: ops });
    expect(list.body.result.total).toBe(bills.length);
    expect(list.body.result.records.every((r) => typeof r.billStatus_dictText === 'string' && typeof r.customerId_dictText === 'string')).toBe(true);
    const shipper = await t.login('shipper');
    const own = await t.call<{ total: number; records: WireRecord[] }>({ method: 'GET', url: '/jeecg-boot/hybill/hyBill/list?pageSize=100', token: shipper });
    const customer = (await sql<{ id: string }>`select customer_id as id from sys_user where username = 'shipper'`.execute(t.ctx.db)).rows[0].id;
    expect(own.body.result.total).toBe(bills.filter((b) => b.customerId === customer).length);
    expect(own.body.result.total).toBeGreaterThan(0);
    const paidBill = bills.find((b) => b.customerId === customer && cents(b.paid) > 0) ?? bills.find((b) => cents(b.paid) > 0)!;
    const token = paidBill.customerId === customer ? shipper : ops;
    const paid = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `/jeecg-boot/hybill/hyBillPayment/list?billId=${paidBill.id}`, token });
    expect(paid.body.result.records.map((r) => cents(String(r.amount))).reduce((a, b) => a + b, 0)).toBe(cents(paidBill.paid));
  });

  it('leaves nothing for the real runs to redo: overdue days already current, no waybill billed twice', async () => {
    expect(await recalculateOverdueDays(t.ctx.db)).toBe(0);
    const before = bills.length;
    const today = new Date(DEMO_NOW + 8 * 3_600_000).toISOString().slice(0, 10);
    await generateDueBills(t.ctx.db, today, `${today} 00:05:00+08:00`);
    const twice = await sql<{ n: number }>`select count(*)::int as n from (select shipping_note_id from hy_bill_item i
      join hy_bill b on b.id = i.bill_id where b.bill_status <> '9' group by shipping_note_id having count(*) > 1) as repeated`.execute(t.ctx.db);
    expect(twice.rows[0].n).toBe(0);
    const after = await sql<{ n: number }>`select count(*)::int as n from hy_bill where tenant_id = 1`.execute(t.ctx.db);
    expect(after.rows[0].n).toBe(before);
  });

  it('seeds a rate table per route with approved drivers, and consignment notes with goods and fees, all valid', async () => {
    const ops = await t.login('ops');
    const rates = await t.call<{ total: number; records: WireRecord[] }>({ method: 'GET', url: '/jeecg-boot/hyfreight/hyFreightRate/list?pageSize=100', token: ops });
    expect(rates.body.result.total).toBeGreaterThanOrEqual(8);
    const approved = new Set((await sql<{ id: string }>`select id from hy_driver where review_status = '2'`.execute(t.ctx.db)).rows.map((r) => r.id));
    const rateEntity = t.ctx.entities.find((e) => e.schema.name === 'hyFreightRate')!;
    for (const rate of rates.body.result.records) {
      const ids = String(rate.driverIds).split(',');
      expect(ids.length).toBeGreaterThanOrEqual(2);
      expect(String(rate.driverNames).split(',').length).toBe(ids.length);
      expect(String(rate.driverPhones).split(',').length).toBe(ids.length);
      for (const id of ids) expect(approved.has(id), id).toBe(true);
      expect(Number(rate.unitPrice)).toBeGreaterThan(0);
      expect(recordErrors(t.ctx, rateEntity, rate)).toEqual([]);
    }
    const notesList = await t.call<{ total: number; records: WireRecord[] }>({ method: 'GET', url: '/jeecg-boot/hywaybill/hyWaybill/list?pageSize=100', token: ops });
    expect(notesList.body.result.total).toBe(24);
    const first = notesList.body.result.records[0];
    const goods = await t.call<WireRecord[]>({ method: 'GET', url: `/jeecg-boot/hywaybill/hyWaybill/queryHyWaybillGoodsListByMainId?id=${first.id}`, token: ops });
    const fees = await t.call<WireRecord[]>({ method: 'GET', url: `/jeecg-boot/hywaybill/hyWaybill/queryHyWaybillFeeListByMainId?id=${first.id}`, token: ops });
    expect(goods.body.result.length).toBeGreaterThan(0);
    expect(goods.body.result.map((g) => g.orderNum)).toEqual(goods.body.result.map((_g, i) => i + 1));
    expect(fees.body.result.map((f) => f.feeName)).toContain('运费');
    const totals = await sql<{ bad: number }>`select count(*)::int as bad from hy_waybill w where not exists (select 1 from hy_waybill_goods g where g.waybill_id = w.id)
      or not exists (select 1 from hy_waybill_fee f where f.waybill_id = w.id and f.fee_name = '运费')`.execute(t.ctx.db);
    expect(totals.rows[0].bad).toBe(0);
  });
});
