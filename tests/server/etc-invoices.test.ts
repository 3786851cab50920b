/**
 * ETC toll invoices (issue 25, ETC part) on both databases: 生成ETC运单 from signed waybills (plate colour mapped to
 * the ETC code, refusals naming the waybills, all or nothing), the toll export imported with fen → yuan exactly,
 * matching by plate and window (both edges inside, a second after outside, two windows → left unmatched with the
 * reason), a repeated import adding nothing, 手动匹配 and its refusal for another plate, and staff-only access.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { fenToYuan } from '../../src/contracts/money.ts';
import { etcPlateColor, etcVehicleClass } from '../../server/domains/money/etc/plates.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipart } from './helpers/multipart.ts';

const WAYBILLS = '/jeecg-boot/hyetc/hyEtcWaybill';
const INVOICES = '/jeecg-boot/hyetc/hyEtcInvoice';
const GENERATE = `${WAYBILLS}/generate`;

describe('ETC codes', () => {
  it('maps JT/T plate colours to the ETC list and refuses the rest', () => {
    expect(['1', '2', '3', '4', '94', '93'].map(etcPlateColor)).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(['5', '9', '91', '92', '', null].map(etcPlateColor)).toEqual([null, null, null, null, null, null]);
  });
  it('classes trucks by axles and gross mass', () => {
    expect([etcVehicleClass(2, '4.5'), etcVehicleClass(2, '4.501'), etcVehicleClass(3, '25'), etcVehicleClass(6, '49'), etcVehicleClass(8, null), etcVehicleClass(null, '49')])
      .toEqual(['11', '12', '13', '16', '16', null]);
  });
  it('turns whole fen into yuan without floats', () => {
    expect(['8888', '1', '100000001', '0', '10', '-5', '1.5', 'abc'].map(fenToYuan)).toEqual(['88.88', '0.01', '1000000.01', '0.00', '0.10', '-0.05', '1.5', 'abc']);
  });
});

describe.each(BACKENDS)('ETC toll invoices on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  const notes: Array<{ id: string; no: string }> = [];
  let unsigned: { id: string; no: string };
  const windows: Array<{ start: string; end: string }> = [];

  const waybill = async (no: string) =>
    (await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${WAYBILLS}/list?waybillNum=${no}`, token: ops })).body.result.records[0];
  const invoices = async (query = '') =>
    (await t.call<{ records: WireRecord[]; total: number }>({ method: 'GET', url: `${INVOICES}/list?pageSize=50&column=exTime&order=asc${query}`, token: ops })).body.result;
  async function importRows(rows: Array<Record<string, string | number>>) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('发票');
    const headers = Object.keys(rows[0]);
    sheet.addRow(headers);
    for (const row of rows) sheet.addRow(headers.map((h) => row[h]));
    const body = multipart({}, { name: '通行费发票.xlsx', data: Buffer.from(await workbook.xlsx.writeBuffer()) });
    const response = await t.app.inject({ method: 'POST', url: `${INVOICES}/importExcel`, headers: { ...body.headers, 'x-access-token': ops }, payload: body.payload });
    return response.json() as { success: boolean; code: number; message: string; result: { errorCount: number; successCount: number } | null };
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    // Signed demo waybills without an ETC record, given known plates and windows: [0] alone, [1] and [2] overlapping.
    const picked = await sql<{ id: string; no: string }>`select id, shipping_note_number as no from hy_shipping_note n
      where tenant_id = 1 and shipping_status in ('4', '5', '6', '7')
        and not exists (select 1 from hy_etc_waybill w where w.shipping_note_id = n.id)
      order by shipping_note_number limit 3`.execute(t.ctx.db);
    notes.push(...picked.rows);
    const setups = [
      { plate: '冀T10001', color: '2', start: '2026-11-01 08:00:00', end: '2026-11-02 18:00:00' },
      { plate: '冀T20002', color: '94', start: '2026-11-03 08:00:00', end: '2026-11-04 12:00:00' },
      { plate: '冀T20002', color: '2', start: '2026-11-04 06:00:00', end: '2026-11-05 12:00:00' },
    ];
    for (const [i, s] of setups.entries()) {
      await sql`update hy_shipping_note set vehicle_number = ${s.plate}, vehicle_plate_color_code = ${s.color},
        despatch_actual_date_time = ${s.start}::timestamptz, goods_receipt_date_time = ${s.end}::timestamptz, total_fee = 3200.50
        where id = ${notes[i].id}`.execute(t.ctx.db);
    }
    const open = await sql<{ id: string; no: string }>`select id, shipping_note_number as no from hy_shipping_note
      where tenant_id = 1 and shipping_status in ('0', '1', '2', '3') order by shipping_note_number limit 1`.execute(t.ctx.db);
    unsigned = open.rows[0];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses unsigned waybills and a plate colour without ETC code, writing nothing', async () => {
    const mixed = await t.call({ method: 'PUT', url: GENERATE, token: ops, payload: { ids: `${notes[0].id},${unsigned.id}` } });
    expect(mixed.body).toMatchObject({ success: false, message: expect.stringContaining(`只有已签收的运单可以生成ETC运单：${unsigned.no}`) });
    await sql`update hy_shipping_note set vehicle_plate_color_code = '5' where id = ${notes[2].id}`.execute(t.ctx.db);
    const green = await t.call({ method: 'PUT', url: GENERATE, token: ops, payload: { ids: notes.map((n) => n.id) } });
    expect(green.body).toMatchObject({ success: false, message: expect.stringContaining(notes[2].no) });
    await sql`update hy_shipping_note set vehicle_plate_color_code = '2' where id = ${notes[2].id}`.execute(t.ctx.db);
    const count = await sql<{ n: number }>`select count(*)::int as n from hy_etc_waybill where shipping_note_id in (${sql.join(notes.map((n) => n.id))})`.execute(t.ctx.db);
    expect(count.rows[0].n).toBe(0);
  });

  it('generates ETC waybills with the mapped colour and the waybill window, once per waybill', async () => {
    const made = await t.call<{ count: number }>({ method: 'PUT', url: GENERATE, token: ops, payload: { ids: notes.map((n) => n.id) } });
    expect(made.body).toMatchObject({ success: true, result: { count: 3 } });
    const first = await waybill(notes[0].no);
    expect(first).toMatchObject({ plateNum: '冀T10001', plateColor: '1', plateColor_dictText: '黄色', etcWaybillStatus: '0', etcWaybillStatus_dictText: '未上报',
      startTime: '2026-11-01 08:00:00', endTime: '2026-11-02 18:00:00', fee: 3200.5 });
    expect((await waybill(notes[1].no)).plateColor_dictText).toBe('渐变绿色');
    windows.push(...[first, await waybill(notes[1].no), await waybill(notes[2].no)].map((w) => ({ start: String(w.startTime), end: String(w.endTime) })));
    const again = await t.call({ method: 'PUT', url: GENERATE, token: ops, payload: { id: notes[0].id } });
    expect(again.body).toMatchObject({ success: false, message: expect.stringContaining(`运单已生成过ETC运单：${notes[0].no}`) });
    // 标记已上报: the state changes are the schema's operations.
    expect((await t.call({ method: 'PUT', url: `${WAYBILLS}/report`, token: ops, payload: { ids: `${first.id},${(await waybill(notes[1].no)).id}` } })).body.success).toBe(true);
    expect((await waybill(notes[0].no)).etcWaybillStatus).toBe('1');
  });

  const fileRows = () => [
    { invoiceNum: 'T-0001', plateNum: '冀T10001', exTime: windows[0].start, transactionId: 'TX-0001', fee: 8888, amount: 8630, totalTaxAmount: 258, totalAmount: 8888, taxRate: 0.03, sellerName: '河北高速' },
    { invoiceNum: 'T-0002', plateNum: '冀T10001', exTime: windows[0].end, transactionId: 'TX-0002', fee: 1, amount: 1, totalTaxAmount: 0, totalAmount: 1, taxRate: 0.03, sellerName: '河北高速' },
    { invoiceNum: 'T-0003', plateNum: '冀T10001', exTime: '2026-11-02 18:00:01', transactionId: 'TX-0003', fee: 100000001, amount: 97087380, totalTaxAmount: 2912621, totalAmount: 100000001, taxRate: 0.03, sellerName: '河北高速' },
    { invoiceNum: 'T-0004', plateNum: '冀T20002', exTime: '2026-11-04 10:00:00', transactionId: 'TX-0004', fee: 4520, amount: 4389, totalTaxAmount: 131, totalAmount: 4520, taxRate: 0.03, sellerName: '京港澳高速' },
  ];

  it('imports fen as exact yuan and matches inside the window, edges included', async () => {
    const answer = await importRows(fileRows());
    expect(answer).toMatchObject({ success: true, code: 200 });
    const exact = await sql<{ num: string; total: string; tax: string }>`select invoice_num as num, total_amount::text as total, total_tax_amount::text as tax
      from hy_etc_invoice where invoice_num like 'T-000%' order by invoice_num`.execute(t.ctx.db);
    expect(exact.rows.map((r) => r.total)).toEqual(['88.88', '0.01', '1000000.01', '45.20']);
    expect(exact.rows[2].tax).toBe('29126.21');
    const rows = (await invoices('&plateNum=冀T10001')).records;
    const first = await waybill(notes[0].no);
    expect(rows.map((r) => [r.invoiceNum, r.matchStatus, r.etcWaybillId])).toEqual([['T-0001', '1', first.id], ['T-0002', '1', first.id], ['T-0003', '0', null]]);
    expect(rows[2].matchRemark).toBe('没有车牌与通行时间相符的ETC运单');
    // The matched waybill sums its invoices (88.88 + 0.01) and reads 开票完成.
    expect(first).toMatchObject({ invoiceCount: 2, invoiceAmount: 88.89, etcWaybillStatus: '3' });
  });

  it('leaves an invoice inside two windows unmatched with the reason, listed under 未匹配', async () => {
    const unmatched = (await invoices('&matchStatus=0')).records.filter((r) => String(r.invoiceNum).startsWith('T-'));
    expect(unmatched.map((r) => r.invoiceNum)).toEqual(['T-0003', 'T-0004']);
    expect(unmatched[1].matchRemark).toContain('有2条ETC运单的时间窗口包含通行时间');
    expect(unmatched[1].matchStatus_dictText).toBe('未匹配');
  });

  it('adds nothing when the same file is imported again', async () => {
    const answer = await importRows(fileRows());
    expect(answer).toMatchObject({ code: 201, result: { errorCount: 4, successCount: 0 } });
    const count = await sql<{ n: number }>`select count(*)::int as n from hy_etc_invoice where invoice_num like 'T-000%'`.execute(t.ctx.db);
    expect(count.rows[0].n).toBe(4);
  });

  it('resolves an unmatched invoice by the waybill a person picks, refusing another plate', async () => {
    const list = (await invoices('&matchStatus=0')).records;
    const ambiguous = list.find((r) => r.invoiceNum === 'T-0004')!;
    const outside = list.find((r) => r.invoiceNum === 'T-0003')!;
    const second = await waybill(notes[1].no);
    const refused = await t.call({ method: 'PUT', url: `${INVOICES}/resolve`, token: ops, payload: { id: outside.id, etcWaybillId: second.id } });
    expect(refused.body).toMatchObject({ success: false, message: '发票车牌号“冀T10001”与ETC运单车牌号“冀T20002”不一致，不能匹配' });
    expect((await invoices('&invoiceNum=T-0003')).records[0].matchStatus).toBe('0');
    const resolved = await t.call({ method: 'PUT', url: `${INVOICES}/resolve`, token: ops, payload: { id: ambiguous.id, etcWaybillId: second.id } });
    expect(resolved.body.success).toBe(true);
    expect((await invoices('&invoiceNum=T-0004')).records[0]).toMatchObject({ matchStatus: '1', etcWaybillId: second.id, matchRemark: null });
    expect(await waybill(notes[1].no)).toMatchObject({ invoiceCount: 1, invoiceAmount: 45.2, etcWaybillStatus: '3' });
    const twice = await t.call({ method: 'PUT', url: `${INVOICES}/resolve`, token: ops, payload: { id: ambiguous.id, etcWaybillId: second.id } });
    expect(twice.body).toMatchObject({ success: false, message: '只有未匹配的发票可以手动匹配' });
  });

  it('is for platform staff only', async () => {
    const shipper = await t.login('shipper');
    for (const url of [`${WAYBILLS}/list`, `${INVOICES}/list`]) {
      expect((await t.call({ method: 'GET', url, token: shipper })).body.success).toBe(false);
    }
    expect((await t.call({ method: 'PUT', url: GENERATE, token: shipper, payload: { id: notes[0].id } })).body.success).toBe(false);
    expect((await t.call({ method: 'PUT', url: `${INVOICES}/resolve`, token: shipper, payload: { id: 'x', etcWaybillId: 'y' } })).body.success).toBe(false);
  });
});
