/**
 * 银行回单 (issue 25, bank receipts) on both databases: matching by serial number and amount (已匹配 / 差异 / 未匹配, and
 * 重新匹配 once the 回款 appears), by direction too (收入 only to a 回款 or a top-up, 支出 only to a fund flow; the
 * other way round is a 差异 with its reason), one serial per bank, uploads checked by content (PDF, OFD as a zip), files
 * (the demo receipts' too) served only to callers who may read the receipt, the list confined to the shipper's own
 * rows, and the Excel import.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipart, TINY_PNG } from './helpers/multipart.ts';

const P = '/jeecg-boot';
const API = `${P}/hybank/hyBankReceipt`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(40, 0x90)]);

interface Page { records: WireRecord[]; total: number }

describe.each(BACKENDS)('银行回单 on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let shipper: string;
  let own: string;
  let other: string;
  const tag = `${kind.slice(0, 2)}${Date.now() % 100000}`;

  async function upload(token: string, name: string, data: Buffer) {
    const body = multipart({ biz: 'bankreceipt' }, { name, data });
    const response = await t.app.inject({ method: 'POST', url: `${P}/sys/common/upload`, headers: { ...body.headers, 'x-access-token': token }, payload: body.payload });
    return response.json() as { success: boolean; message: string };
  }
  const payment = (serial: string, amount: string, customerId: string) =>
    sql`insert into hy_bill_payment (id, tenant_id, bill_id, customer_id, amount, pay_time, sequence_code)
      values (${`p-${serial}`.slice(0, 32)}, 1, 'test-bill', ${customerId}, ${amount}::numeric, now(), ${serial})`.execute(t.ctx.db);
  /** A paid driver payment (资金流水) with this serial and amount; the other columns only have to be filled. */
  const fundFlow = (serial: string, amount: string, customerId: string) =>
    sql`insert into hy_fund_flow (id, tenant_id, document_number, flow_type, customer_id, pay_source, wallet_id, carrier, actual_carrier_id,
        vehicle_number, vehicle_plate_color_code, shipping_note_list, payment_means_code, payee_choice, payee_type, payee_id, recipient,
        receipt_account, sequence_code, monetary_amount, date_time, pay_status)
      values (${`f-${serial}`.slice(0, 32)}, 1, ${`ZJ${serial}`.slice(0, 35)}, '01', ${customerId}, '1', 'test-wallet', '张测试', '110101199001011234',
        '沪A12345', '2', '[]'::jsonb, '32', '1', '1', 'test-driver', '张测试', '6222020000000000000', ${serial}, ${amount}::numeric, now(), '2')`.execute(t.ctx.db);
  const add = (payload: Record<string, unknown>, token = ops) => t.call<{ id: string }>({ method: 'POST', url: `${API}/add`, token, payload });
  const receipt = (serial: string, amount: number, more: Record<string, unknown> = {}) => ({
    receiptNo: `R${serial}`, bankCode: 'ICBK', bankSerialNo: serial, direction: 'in', amount, txnTime: '2026-11-20 10:00:00', payerName: '测试付款方', ...more,
  });
  const row = async (serial: string, bank = 'ICBK') =>
    (await t.call<Page>({ method: 'GET', url: `${API}/list?bankSerialNo=${serial}&bankCode=${bank}`, token: ops })).body.result.records[0];
  const download = (path: string, token?: string) => t.app.inject({ method: 'GET', url: `${P}/sys/common/static/${path}`, headers: token ? { 'x-access-token': token } : {} });

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    shipper = await t.login('shipper');
    own = (await sql<{ id: string }>`select customer_id as id from sys_user where username = 'shipper'`.execute(t.ctx.db)).rows[0].id;
    other = (await sql<{ id: string }>`select id from hy_customer where tenant_id = 1 and id <> ${own} order by id limit 1`.execute(t.ctx.db)).rows[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows demo receipts on a fresh database: matched to 回款 (the shipper sees its own), one 差异, some 未匹配', async () => {
    const counts = await sql<{ status: string; n: number }>`select match_status as status, count(*)::int as n from hy_bank_receipt
      where tenant_id = 1 group by match_status`.execute(t.ctx.db);
    const by = Object.fromEntries(counts.rows.map((r) => [r.status, r.n]));
    expect(by).toMatchObject({ '1': expect.any(Number), '2': 1, '0': 3 });
    expect(by['1']).toBeGreaterThanOrEqual(10);
    const reasons = await sql<{ remark: string }>`select match_remark as remark from hy_bank_receipt where tenant_id = 1 and match_status = '2'`.execute(t.ctx.db);
    expect(reasons.rows).toEqual([{ remark: '金额与回款不符' }]);
    const mine = (await t.call<Page>({ method: 'GET', url: `${API}/list?matchStatus=1`, token: shipper })).body.result;
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.records[0]).toMatchObject({ customerId: own, bizType_dictText: '回款', bankCode_dictText: expect.any(String) });
  });

  it('matches by serial and amount: 已匹配 with the 回款 and its shipper, 差异 with both amounts, 未匹配 without a serial', async () => {
    await payment(`${tag}A`, '1000.00', own);
    await payment(`${tag}B`, '500.00', other);
    const matched = await add(receipt(`${tag}A`, 1000));
    expect(matched.body).toMatchObject({ success: true, message: '添加成功，已匹配!' });
    expect(await row(`${tag}A`)).toMatchObject({ matchStatus: '1', matchStatus_dictText: '已匹配', bizType: 'billPayment', bizId: `p-${tag}A`, matchedAmount: 1000, customerId: own, currency: 'CNY' });
    expect((await add(receipt(`${tag}B`, 499.99))).body.success).toBe(true);
    expect(await row(`${tag}B`)).toMatchObject({ matchStatus: '2', matchStatus_dictText: '差异', amount: 499.99, matchedAmount: 500, customerId: other,
      matchRemark: '金额与回款不符' });
    expect((await add(receipt(`${tag}C`, 88.8))).body.success).toBe(true);
    expect(await row(`${tag}C`)).toMatchObject({ matchStatus: '0', bizType: null, bizId: null, matchRemark: null });
  });

  it('matches money in only to a 回款 or a top-up and money out only to a fund flow; the other way is 差异 with its reason', async () => {
    const wallet = (await sql<{ id: string }>`select id from hy_wallet where customer_id = ${own}`.execute(t.ctx.db)).rows[0].id;
    await sql`insert into hy_wallet_recharge (id, tenant_id, recharge_no, customer_id, wallet_id, amount, payer_name, payer_account, payer_bank,
        bank_serial_no, recharge_time, recharge_status)
      values (${`r-${tag}`}, 1, ${`CZ${tag}`}, ${own}, ${wallet}, 2000.00, '测试付款方', '6222000011112222', '招商银行', ${`${tag}R`}, now(), '1')`.execute(t.ctx.db);
    await payment(`${tag}P`, '300.00', own);
    await fundFlow(`${tag}F`, '450.00', own);
    // One serial both a 回款 and a driver payment of the same amount: the record of the receipt's direction wins.
    await payment(`${tag}X`, '70.00', other);
    await fundFlow(`${tag}X`, '70.00', own);

    expect((await add(receipt(`${tag}R`, 2000))).body.message).toBe('添加成功，已匹配!');
    expect(await row(`${tag}R`)).toMatchObject({ matchStatus: '1', bizType: 'walletRecharge', bizType_dictText: '钱包充值', customerId: own });
    expect((await add(receipt(`${tag}F`, 450, { direction: 'out' }))).body.message).toBe('添加成功，已匹配!');
    expect(await row(`${tag}F`)).toMatchObject({ matchStatus: '1', bizType: 'fundFlow', matchedAmount: 450, matchRemark: null });

    const outgoing = await add(receipt(`${tag}P`, 300, { direction: 'out' }));
    expect(outgoing.body).toMatchObject({ success: true, message: '添加成功，差异：收支方向与回款不符：回单为支出，回款为收入' });
    expect(await row(`${tag}P`)).toMatchObject({ matchStatus: '2', matchStatus_dictText: '差异', bizType: 'billPayment', matchedAmount: 300,
      matchRemark: '收支方向与回款不符：回单为支出，回款为收入' });
    expect((await add(receipt(`${tag}F`, 450, { bankCode: 'BKCH' }))).body.success).toBe(true);
    expect(await row(`${tag}F`, 'BKCH')).toMatchObject({ matchStatus: '2', bizType: 'fundFlow', matchRemark: '收支方向与资金流水不符：回单为收入，资金流水为支出' });

    expect((await add(receipt(`${tag}X`, 70, { direction: 'out' }))).body.message).toBe('添加成功，已匹配!');
    expect(await row(`${tag}X`)).toMatchObject({ matchStatus: '1', bizType: 'fundFlow', customerId: own });
    expect((await add(receipt(`${tag}X`, 70, { bankCode: 'BKCH' }))).body.message).toBe('添加成功，已匹配!');
    expect(await row(`${tag}X`, 'BKCH')).toMatchObject({ matchStatus: '1', bizType: 'billPayment', customerId: other });

    // 重新匹配 reads the stored direction: a 支出 receipt whose serial turns out to be a 回款 becomes a 差异.
    expect((await add(receipt(`${tag}L`, 60, { direction: 'out' }))).body.message).toBe('添加成功，未匹配到业务单据');
    await payment(`${tag}L`, '60.00', own);
    const late = await row(`${tag}L`);
    const again = await t.call<Record<string, number>>({ method: 'PUT', url: `${API}/rematch`, token: ops, payload: { ids: String(late.id) } });
    expect(again.body).toMatchObject({ success: true, result: { matched: 0, different: 1, unmatched: 0 } });
    expect(await row(`${tag}L`)).toMatchObject({ matchStatus: '2', matchRemark: '收支方向与回款不符：回单为支出，回款为收入' });
  });

  it('matches again by 重新匹配 once the 回款 is recorded', async () => {
    const before = await row(`${tag}C`);
    await payment(`${tag}C`, '88.80', own);
    const again = await t.call<Record<string, number>>({ method: 'PUT', url: `${API}/rematch`, token: ops, payload: { ids: String(before.id) } });
    expect(again.body).toMatchObject({ success: true, result: { matched: 1, different: 0, unmatched: 0 } });
    expect(await row(`${tag}C`)).toMatchObject({ matchStatus: '1', customerId: own, bizId: `p-${tag}C` });
    expect((await t.call({ method: 'PUT', url: `${API}/rematch`, token: shipper, payload: { ids: String(before.id) } })).body.success).toBe(false);
  });

  it('matches a waiting receipt as soon as its 回款 is recorded, without 重新匹配', async () => {
    const serial = `${tag}AUTO`;
    expect((await add(receipt(serial, 12.34))).body.message).toBe('添加成功，未匹配到业务单据');
    const bill = (await sql<{ id: string; customerId: string }>`select id, customer_id as "customerId" from hy_bill
      where tenant_id = 1 and bill_status in ('1', '2', '3') and payable_amount - paid_amount >= 12.34 order by bill_no limit 1`.execute(t.ctx.db)).rows[0];
    const paid = await t.call({ method: 'POST', url: '/jeecg-boot/hybill/hyBillPayment/add', token: ops, headers: { 'idempotency-key': `auto-${serial}` },
      payload: { billId: bill.id, amount: 12.34, payTime: '2026-11-20 10:00:00', sequenceCode: serial } });
    expect(paid.body.success).toBe(true);
    expect(await row(serial)).toMatchObject({ matchStatus: '1', bizType: 'billPayment', customerId: bill.customerId });
  });

  it('keeps a serial number once per bank', async () => {
    const again = await add(receipt(`${tag}A`, 1000, { receiptNo: 'other' }));
    expect(again.body).toMatchObject({ success: false, message: '该银行的流水号已存在' });
    expect((await add(receipt(`${tag}A`, 1000, { bankCode: 'BKCH' }))).body.success).toBe(true);
    const count = await sql<{ n: number }>`select count(*)::int as n from hy_bank_receipt where bank_serial_no = ${`${tag}A`}`.execute(t.ctx.db);
    expect(count.rows[0].n).toBe(2);
  });

  it('refuses a .pdf that is a PNG or a program, an .ofd that is no zip, and a file of another type on the receipt', async () => {
    expect(await upload(ops, '回单.pdf', TINY_PNG)).toMatchObject({ success: false, message: '文件内容与扩展名不符' });
    expect(await upload(ops, '回单.pdf', EXE)).toMatchObject({ success: false, message: '文件内容与扩展名不符' });
    expect(await upload(ops, '回单.ofd', PDF)).toMatchObject({ success: false, message: '文件内容与扩展名不符' });
    const ofd = await upload(ops, '回单.ofd', ZIP);
    expect(ofd.success).toBe(true);
    expect((await add(receipt(`${tag}O`, 1, { fileUrl: ofd.message }))).body.success).toBe(true);
    const docx = await upload(ops, '回单.docx', ZIP);
    const refused = await add(receipt(`${tag}D`, 1, { fileUrl: docx.message }));
    expect(refused.body).toMatchObject({ success: false, message: expect.stringContaining('回单文件只能是') });
    expect(await row(`${tag}D`)).toBeUndefined();
  });

  it('serves a receipt file to its own shipper and staff, never to another shipper or anyone signed out', async () => {
    const mine = (await upload(ops, '本方回单.pdf', PDF)).message;
    const theirs = (await upload(ops, '他方回单.pdf', PDF)).message;
    await payment(`${tag}M`, '10.00', own);
    await payment(`${tag}T`, '20.00', other);
    expect((await add(receipt(`${tag}M`, 10, { fileUrl: mine }))).body.success).toBe(true);
    expect((await add(receipt(`${tag}T`, 20, { fileUrl: theirs }))).body.success).toBe(true);
    expect((await download(mine, shipper)).statusCode).toBe(200);
    expect((await download(mine, ops)).statusCode).toBe(200);
    expect((await download(theirs, ops)).statusCode).toBe(200);
    expect((await download(theirs, shipper)).statusCode).toBe(404);
    expect((await download(mine)).statusCode).toBe(401);
    const signed = await t.call<Record<string, { url: string }>>({ method: 'POST', url: `${P}/sys/common/signUrls`, token: shipper, payload: { paths: [mine, theirs] } });
    expect(Object.keys(signed.body.result)).toEqual([mine]);
  });

  it('serves the file of a demo receipt (stored as an upload is) to callers who may read it, never to anyone signed out', async () => {
    const demo = await sql<{ fileUrl: string; receiptNo: string }>`select r.file_url as "fileUrl", r.receipt_no as "receiptNo" from hy_bank_receipt r
      where r.tenant_id = 1 and r.customer_id = ${own} and r.create_by = 'ops' and r.file_url like 'bankreceipt/demo/%' order by r.receipt_no limit 1`.execute(t.ctx.db);
    const { fileUrl, receiptNo } = demo.rows[0];
    const listed = (await t.call<Page>({ method: 'GET', url: `${API}/list?receiptNo=${receiptNo}`, token: shipper })).body.result.records[0];
    expect(listed.fileUrl).toBe(fileUrl);
    for (const token of [shipper, ops]) {
      const served = await download(fileUrl, token);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
      expect(served.headers['content-disposition']).toContain(encodeURIComponent(`回单${receiptNo}.pdf`));
    }
    expect((await download(fileUrl)).statusCode).toBe(401);
    const unmatched = (await sql<{ fileUrl: string }>`select file_url as "fileUrl" from hy_bank_receipt where tenant_id = 1 and match_status = '0'
      and file_url like 'bankreceipt/demo/%' limit 1`.execute(t.ctx.db)).rows[0].fileUrl;
    expect((await download(unmatched, ops)).statusCode).toBe(200);
    expect((await download(unmatched, shipper)).statusCode).toBe(404);
  });

  it('lists a shipper its own receipts only, and refuses it the upload', async () => {
    const page = (await t.call<Page>({ method: 'GET', url: `${API}/list?pageSize=200`, token: shipper })).body.result;
    expect(page.total).toBeGreaterThan(0);
    expect(page.records.every((r) => r.customerId === own)).toBe(true);
    const foreign = (await t.call<Page>({ method: 'GET', url: `${API}/list?bankSerialNo=${tag}B`, token: shipper })).body.result;
    expect(foreign.total).toBe(0);
    expect((await add(receipt(`${tag}S`, 1), shipper)).body.success).toBe(false);
  });

  it('imports receipts from a spreadsheet and matches each row', async () => {
    await payment(`${tag}I1`, '300.00', own);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('银行回单');
    sheet.addRow(['回单编号', '银行', '银行流水号', '收支方向', '金额', '交易时间', '来源']);
    sheet.addRow(['IMP1', '工商银行', `${tag}I1`, '收入', '300.00', '2026-11-21 09:00:00', '银企直连']);
    sheet.addRow(['IMP2', '工商银行', `${tag}I2`, '收入', '12.34', '2026-11-21 09:30:00', '银企直连']);
    const body = multipart({}, { name: '银行回单.xlsx', data: Buffer.from(await workbook.xlsx.writeBuffer()) });
    const response = await t.app.inject({ method: 'POST', url: `${API}/importExcel`, headers: { ...body.headers, 'x-access-token': ops }, payload: body.payload });
    expect(response.json()).toMatchObject({ success: true });
    expect(await row(`${tag}I1`)).toMatchObject({ matchStatus: '1', source: '1', customerId: own });
    expect(await row(`${tag}I2`)).toMatchObject({ matchStatus: '0', amount: 12.34 });
  });
});
