/**
 * 发票 (issue 25, invoices) on both databases: a shipper applies over its confirmed bills (申请开票, Idempotency-Key) →
 * 待审核 with lines per waybill whose tax is split in fen at 平台设置's rate, the remainder on the last line; a bill is
 * in at most one live invoice, also under a parallel race; over-amount and other shippers' bills are refused;
 * finance issues (number, date, PDF) or rejects (开票失败); 红冲 creates the negative invoice and frees the bills.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { createBill } from '../../server/domains/freight/settlement/bills.ts';
import { rateFraction, splitLines } from '../../server/domains/money/invoices/amounts.ts';
import { fenOf, yuanText } from '../../src/contracts/money.ts';
import { invoiceMigrations } from '../../server/domains/money/invoices/migrations.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const API = '/jeecg-boot/hyinvoice/hyInvoice';
const APPLY = `${API}/apply`;
const PDF = 'invoice/20261127/test-invoice.pdf';

describe('invoice amounts in fen', () => {
  it('rounds each line half up and puts the remainder on the last line', () => {
    const rate = rateFraction('0.0900')!;
    const split = splitLines([10000n, 10000n, 10000n], rate);
    expect(split.lines.map((l) => l.taxFen)).toEqual([826n, 826n, 825n]);
    expect(split.taxFen).toBe(2477n);
    for (const line of split.lines) expect(line.exclFen + line.taxFen).toBe(line.totalFen);
    expect(yuanText(split.exclFen)).toBe('275.23');
    expect(fenOf('6816.5')).toBe(681650n);
    expect(fenOf('1.234')).toBeNull();
    expect(yuanText(-7n)).toBe('-0.07');
  });
});

describe.each(BACKENDS)('发票 on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let shipper: string;
  let ownCustomer: string;
  let otherCustomer: string;
  let keySeq = 0;
  const newKey = () => `inv-${kind}-${++keySeq}-${Date.now()}`;
  const usedNotes = new Set<string>();

  const apply = (ids: string[], token: string, key: string | null = newKey()) =>
    t.call<{ id: string; invoiceApplyNo: string }>({ method: 'PUT', url: APPLY, token, payload: { ids: ids.join(',') }, headers: key === null ? {} : { 'idempotency-key': key } });
  const operate = (op: string, payload: Record<string, unknown>, key: string | null = newKey(), token = ops) =>
    t.call({ method: 'PUT', url: `${API}/${op}`, token, payload, headers: key === null ? {} : { 'idempotency-key': key } });
  const invoice = async (id: string, token = ops) => (await t.call<WireRecord>({ method: 'GET', url: `${API}/queryById?id=${id}`, token })).body;
  const billStatus = async (id: string) => (await sql<{ s: string }>`select invoice_status as s from hy_bill where id = ${id}`.execute(t.ctx.db)).rows[0].s;

  /** A confirmed bill of `customerId` over fresh signed waybills charging `fees` (tax-inclusive). */
  async function makeBill(customerId: string, fees: string[]): Promise<string> {
    const notes = await sql<{ id: string }>`select id from hy_shipping_note where tenant_id = 1 and customer_id = ${customerId}
      order by shipping_note_number limit ${fees.length + usedNotes.size + 5}`.execute(t.ctx.db);
    const picked = notes.rows.map((r) => r.id).filter((id) => !usedNotes.has(id)).slice(0, fees.length);
    expect(picked).toHaveLength(fees.length);
    for (const [i, id] of picked.entries()) {
      usedNotes.add(id);
      await sql`update hy_shipping_note set shipping_status = '5', bill_id = null, bill_flag = '0', settlement_type = '2',
        total_fee = ${fees[i]}::numeric, customer_fee = ${fees[i]}::numeric where id = ${id}`.execute(t.ctx.db);
    }
    const billId = await createBill(t.ctx.db, { tenantId: 1, customerId, settlementType: '2', noteIds: picked, periodStart: null, periodEnd: null, dueDate: '2026-12-31', createBy: 'test' });
    await sql`update hy_bill set bill_status = '2' where id = ${billId}`.execute(t.ctx.db);
    return billId!;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    shipper = await t.login('shipper');
    ownCustomer = (await sql<{ c: string }>`select customer_id as c from sys_user where username = 'shipper'`.execute(t.ctx.db)).rows[0].c;
    otherCustomer = (await sql<{ c: string }>`select customer_id as c from hy_shipping_note where tenant_id = 1 and customer_id <> ${ownCustomer}
      group by customer_id order by count(*) desc limit 1`.execute(t.ctx.db)).rows[0].c;
    await sql`insert into sys_file (path, tenant_id, original_name, mime, size) values (${PDF}, 1, 'invoice.pdf', 'application/pdf', 10)`.execute(t.ctx.db);
    await sql`update hy_config set vat_rate = 0.09 where id = 'hyconfig'`.execute(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('applies over a confirmed bill: 待审核, lines per waybill, tax remainder on the last line, buyer from the shipper', async () => {
    const billId = await makeBill(ownCustomer, ['100.00', '100.00', '100.00']);
    const answer = await apply([billId], shipper);
    expect(answer.body).toMatchObject({ success: true, message: '申请开票成功，等待审核!' });
    const row = await invoice(answer.body.result.id, shipper);
    expect(row.result).toMatchObject({ invoiceStatus: '1', invoiceStatus_dictText: '待审核', totalAmount: 300, taxAmount: 24.77, amountExclTax: 275.23, customerId: ownCustomer });
    const buyer = await sql<{ name: string; tax: string }>`select coalesce(nullif(invoice_title, ''), customer_name) as name,
      coalesce(nullif(invoice_tax_no, ''), credit_code) as tax from hy_customer where id = ${ownCustomer}`.execute(t.ctx.db);
    expect(row.result).toMatchObject({ buyerName: buyer.rows[0].name, buyerTaxNo: buyer.rows[0].tax });
    expect(String(row.result.remark)).toMatch(/起运地：.*到达地：.*车种车号：.*运输货物：/);
    const lines = await sql<{ tax: string; excl: string; total: string; name: string }>`select tax_amount::text as tax, amount_excl_tax::text as excl,
      total_amount::text as total, item_name as name from hy_invoice_item where invoice_id = ${answer.body.result.id} order by line_no`.execute(t.ctx.db);
    expect(lines.rows.map((l) => l.tax)).toEqual(['8.26', '8.26', '8.25']);
    expect(lines.rows.every((l) => l.name === '*运输服务*货物运输服务')).toBe(true);
    const sums = await sql<{ ok: boolean }>`select bool_and(amount_excl_tax + tax_amount = total_amount) as ok from hy_invoice_item
      where invoice_id = ${answer.body.result.id}`.execute(t.ctx.db);
    expect(sums.rows[0].ok).toBe(true);
    expect(await billStatus(billId)).toBe('1');
    // The same bill again (another key): refused, nothing written.
    const again = await apply([billId], shipper);
    expect(again.body).toMatchObject({ success: false, message: expect.stringContaining('不能重复申请') });
  });

  it('answers a repeat of the same key with the first result, and refuses a call without a key', async () => {
    const billId = await makeBill(ownCustomer, ['88.88']);
    expect((await apply([billId], shipper, null)).body).toMatchObject({ success: false, message: expect.stringContaining('Idempotency-Key') });
    const key = newKey();
    const first = await apply([billId], shipper, key);
    const second = await apply([billId], shipper, key);
    expect(second.body).toEqual(first.body);
    const count = await sql<{ n: number }>`select count(*)::int as n from hy_invoice_bill where bill_id = ${billId}`.execute(t.ctx.db);
    expect(count.rows[0].n).toBe(1);
  });

  it('lets one of two parallel applications over the same bill win', async () => {
    const billId = await makeBill(ownCustomer, ['500.00', '20.01']);
    const results = await Promise.all([apply([billId], ops), apply([billId], ops), apply([billId], shipper)]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    const live = await sql<{ n: number }>`select count(*)::int as n from hy_invoice_bill where bill_id = ${billId} and live`.execute(t.ctx.db);
    expect(live.rows[0].n).toBe(1);
  });

  it('refuses more than the bill is payable, an unconfirmed bill, and another shipper’s bill; the shipper sees only its own', async () => {
    const over = await makeBill(ownCustomer, ['100.00', '50.00']);
    await sql`update hy_bill set payable_amount = 149.99 where id = ${over}`.execute(t.ctx.db);
    expect((await apply([over], shipper)).body).toMatchObject({ success: false, message: expect.stringContaining('不能超过其应收金额 149.99 元') });
    const unconfirmed = await makeBill(ownCustomer, ['10.00']);
    await sql`update hy_bill set bill_status = '1' where id = ${unconfirmed}`.execute(t.ctx.db);
    expect((await apply([unconfirmed], shipper)).body).toMatchObject({ success: false, message: expect.stringContaining('尚未确认') });
    const foreign = await makeBill(otherCustomer, ['66.00']);
    expect((await apply([foreign], shipper)).body).toMatchObject({ success: false, message: '账单不存在，或无权为其申请开票' });
    expect(await billStatus(foreign)).toBe('0');
    // Ops applies on the other shipper's behalf; the shipper cannot see that invoice.
    const theirs = await apply([foreign], ops);
    expect(theirs.body.success).toBe(true);
    expect((await invoice(theirs.body.result.id, shipper)).success).toBe(false);
    const list = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${API}/list?pageSize=100`, token: shipper });
    expect(list.body.result.records.length).toBeGreaterThan(0);
    expect(list.body.result.records.every((r) => r.customerId === ownCustomer)).toBe(true);
    const items = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `/jeecg-boot/hyinvoice/hyInvoiceItem/list?invoiceId=${theirs.body.result.id}`, token: shipper });
    expect(items.body.result.records).toHaveLength(0);
    // A shipper holds no issuing permission.
    expect((await operate('issue', { id: theirs.body.result.id, invoiceNo: '1'.repeat(20), issueDate: '2026-11-27' }, newKey(), shipper)).body.success).toBe(false);
  });

  it('issues with a 20-digit number and a PDF once, rejects with a reason, red-flushes into a negative invoice', async () => {
    const billId = await makeBill(ownCustomer, ['1000.00', '234.56']);
    const { id } = (await apply([billId], shipper)).body.result;
    const fix = { id, invoiceKind: '02', buyerName: '改名公司', buyerTaxNo: '91110000MA01ABCD1X', buyerAddrPhone: '北京市 010-12345678' };
    expect((await t.call({ method: 'PUT', url: `${API}/edit`, token: shipper, payload: { ...fix, buyerTaxNo: 'abc' } })).body.success).toBe(false);
    expect((await t.call({ method: 'PUT', url: `${API}/edit`, token: shipper, payload: fix })).body.success).toBe(true);
    expect((await invoice(id, shipper)).result).toMatchObject({ invoiceKind: '02', buyerName: '改名公司', totalAmount: 1234.56 });
    const number = `2632${Date.now()}`.padEnd(20, '7').slice(0, 20);
    expect((await operate('issue', { id, invoiceNo: number, issueDate: '2026-11-27' })).body).toMatchObject({ success: false, message: expect.stringContaining('发票PDF不能为空') });
    expect((await operate('issue', { id, invoiceNo: '123', issueDate: '2026-11-27' })).body.success).toBe(false);
    expect((await operate('uploadPdf', { id, pdfFile: PDF })).body.success).toBe(true);
    expect((await operate('issue', { id, invoiceNo: number, issueDate: '2026-11-27' }, null)).body.success).toBe(false);
    expect((await operate('issue', { id, invoiceNo: number, issueDate: '2026-11-27' })).body.success).toBe(true);
    expect((await invoice(id, shipper)).result).toMatchObject({ invoiceStatus: '3', invoiceStatus_dictText: '已开票', invoiceNo: number });
    expect(await billStatus(billId)).toBe('3');
    // 开票信息 may be corrected only while 待审核.
    const edit = await t.call({ method: 'PUT', url: `${API}/edit`, token: shipper, payload: { id, invoiceKind: '01', buyerName: '再改名公司', buyerTaxNo: '91110000MA01ABCD1X' } });
    expect(edit.body).toMatchObject({ success: false, message: '只有待审核的发票可以修改开票信息' });
    // Issue twice: the state machine refuses.
    expect((await operate('issue', { id, invoiceNo: number.replace(/.$/, '1'), issueDate: '2026-11-27' })).body).toMatchObject({ success: false, message: '只有待审核的发票可以开票' });
    // Red flush: a negative invoice referencing it, summing to zero with it; the bill is invoiceable again.
    const redNo = number.replace(/^.{4}/, '9999');
    expect((await operate('redFlush', { id, redInvoiceNo: redNo })).body.success).toBe(false);
    expect((await operate('redFlush', { id, redInvoiceNo: redNo, redReason: '开票有误' })).body.success).toBe(true);
    expect((await invoice(id)).result).toMatchObject({ invoiceStatus: '5', invoiceStatus_dictText: '已红冲' });
    const red = await sql<{ id: string; total: string; zero: boolean; flag: string; no: string }>`select r.id, r.total_amount::text as total,
      r.total_amount + o.total_amount = 0 and r.tax_amount + o.tax_amount = 0 as zero, r.red_flag as flag, r.invoice_no as no
      from hy_invoice r join hy_invoice o on o.id = r.red_flush_of where o.id = ${id}`.execute(t.ctx.db);
    expect(red.rows[0]).toMatchObject({ total: '-1234.56', zero: true, flag: '1', no: redNo });
    const redLines = await sql<{ n: number; sum: string }>`select count(*)::int as n, sum(total_amount)::text as sum from hy_invoice_item where invoice_id = ${red.rows[0].id}`.execute(t.ctx.db);
    expect(redLines.rows[0]).toMatchObject({ n: 2, sum: '-1234.56' });
    expect(await billStatus(billId)).toBe('0');
    // Red-flush again, or red-flush the red invoice: refused.
    expect((await operate('redFlush', { id, redInvoiceNo: redNo.replace(/.$/, '3'), redReason: 'x' })).body).toMatchObject({ success: false, message: '只有已开票的蓝字发票可以红冲' });
    expect((await operate('redFlush', { id: red.rows[0].id, redInvoiceNo: redNo.replace(/.$/, '4'), redReason: 'x' })).body.success).toBe(false);
    // Red-flushing a 待审核 invoice is refused too; rejecting it needs a reason and frees its bill.
    const next = (await apply([billId], shipper)).body;
    expect(next.success).toBe(true);
    expect((await operate('redFlush', { id: next.result.id, redInvoiceNo: '5'.repeat(20), redReason: 'x' })).body.success).toBe(false);
    expect((await operate('reject', { id: next.result.id })).body.success).toBe(false);
    expect((await operate('reject', { id: next.result.id, rejectReason: '抬头有误' })).body.success).toBe(true);
    expect(await billStatus(billId)).toBe('0');
    expect((await invoice(next.result.id, shipper)).result).toMatchObject({ invoiceStatus: '4', invoiceStatus_dictText: '开票失败', rejectReason: '抬头有误' });
  });

  it('renames invoice_status 4 from the old 已驳回 to 开票失败 on an older database, never an admin\'s own text', async () => {
    const text = async () => (await sql<{ text: string }>`select i.item_text as text from sys_dict_item i join sys_dict d on d.id = i.dict_id
      where d.dict_code = 'invoice_status' and i.item_value = '4'`.execute(t.ctx.db)).rows[0].text;
    const setText = (value: string) => sql`update sys_dict_item set item_text = ${value} where item_value = '4'
      and dict_id = (select id from sys_dict where dict_code = 'invoice_status')`.execute(t.ctx.db);
    const migrate = () => invoiceMigrations['0421_invoice_status_failed_text'].up(t.ctx.db as unknown as Kysely<unknown>);
    expect(await text()).toBe('开票失败');
    await setText('已驳回');
    await migrate();
    expect(await text()).toBe('开票失败');
    await setText('财务退回');
    await migrate();
    expect(await text()).toBe('财务退回');
    await setText('开票失败');
  });
});
