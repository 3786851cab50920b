/**
 * 税务申报 (issue 25, part 5) on both databases: drafts come from the driver fees paid in the period only (资金流水
 * paid through the 支付运费 add from the platform wallet; the flow's moment decides the period, China time, a second
 * either side of the month's end), amounts are exact numeric half-up to the fen, a re-run recomputes drafts and leaves declared
 * rows alone, rates edited in 平台设置 apply to new drafts, the state machine refuses what it must, the export has
 * the bureau's fixed layout, and a shipper cannot list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { jobHandler } from '../../server/domains/system/jobs/handlers.ts';
import { TXN, platformWallet, postLedger } from '../../server/domains/money/wallets/ledger.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const P = '/jeecg-boot';
const API = `${P}/hytax/hyTaxDeclaration`;
const VOUCHER = 'tax-payment/test-voucher.png';
const PERIOD = '2020-01';

async function readSheet(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

describe.each(BACKENDS)('税务申报 on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let admin: string;
  const drivers: Array<{ id: string; name: string; idCard: string }> = [];

  let keys = 0;
  /**
   * A waybill of `driverId` with `fee`, paid through 支付运费 (a 资金流水 from the platform wallet, as ops pays), the
   * flow's moment then placed at `paidAt`.
   */
  async function paidWaybill(driverId: string, fee: string, paidAt: string): Promise<void> {
    const picked = await sql<{ id: string }>`select id from hy_shipping_note where tenant_id = 1 and pay_status <> '2'
      and vehicle_number is not null and vehicle_plate_color_code is not null
      and id not in (select shipping_note_id from hy_fund_flow where shipping_note_id is not null) order by shipping_note_number limit 1`.execute(t.ctx.db);
    const id = picked.rows[0].id;
    await sql`update hy_shipping_note set shipping_status = '5', pay_status = '0', driver_id = ${driverId}, driver_fee = ${fee}::numeric where id = ${id}`.execute(t.ctx.db);
    const paid = await t.call({ method: 'POST', url: `${P}/hyfund/hyFundFlow/add`, token: ops,
      payload: { shippingNoteId: id, paySource: '2', payeeChoice: '1', paymentMeansCode: '32', sequenceCode: `TAX${Date.now()}${++keys}` },
      headers: { 'idempotency-key': `tax-${kind}-${keys}-${Date.now()}` } });
    expect(paid.body.success, paid.body.message).toBe(true);
    await sql`update hy_fund_flow set date_time = ${paidAt}::timestamptz where shipping_note_id = ${id}`.execute(t.ctx.db);
  }
  const generate = (period: string, token = ops) => t.call<{ created: number; updated: number; kept: number }>({ method: 'PUT', url: `${API}/generate`, token, payload: { period, all: true } });
  const rowsOf = async (period = PERIOD) =>
    (await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${API}/list?period=${period}&pageSize=50`, token: ops })).body.result.records;
  const rowOf = async (driverId: string) => (await rowsOf()).find((r) => r.driverId === driverId)!;
  const op = (key: string, payload: Record<string, unknown>) => t.call({ method: 'PUT', url: `${API}/${key}`, token: ops, payload });

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    admin = await t.login('admin');
    // The platform wallet pays the test's fees: credited once through the ledger, as a 调账 would.
    await t.ctx.db.transaction().execute(async (tx) => {
      const walletId = await platformWallet(tx, 1, 'test');
      await postLedger(tx, { tenantId: 1, walletId, amount: '100000.00', txnType: TXN.adjust, bizType: 'adjust', bizId: null, by: 'test' });
    });
    const found = await sql<{ id: string; name: string; idCard: string }>`select id, driver_name as name, id_card as "idCard" from hy_driver
      where tenant_id = 1 order by id limit 2`.execute(t.ctx.db);
    drivers.push(...found.rows);
    // Driver 0: 1000.00 on the month's last second and 234.56 mid-month; 500.00 on the next month's first second.
    await paidWaybill(drivers[0].id, '1000.00', '2020-01-31T23:59:59+08:00');
    await paidWaybill(drivers[0].id, '234.56', '2020-01-15T10:00:00+08:00');
    await paidWaybill(drivers[0].id, '500.00', '2020-02-01T00:00:00+08:00');
    // Driver 1: 201.00, whose 个税 is exactly 1.005 (half-up gives 1.01).
    await paidWaybill(drivers[1].id, '201.00', '2020-01-20T09:00:00+08:00');
    await sql`insert into sys_file (path, tenant_id, original_name, mime, size) values (${VOUCHER}, 1, 'voucher.png', 'image/png', 10)`.execute(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('drafts one 待申报 per driver from the fees paid in the period only, with exact half-up amounts', async () => {
    const result = await generate(PERIOD);
    expect(result.body).toMatchObject({ success: true, result: { created: 2, updated: 0, kept: 0 } });
    const rows = await rowsOf();
    expect(rows).toHaveLength(2);
    expect(await rowOf(drivers[0].id)).toMatchObject({
      declareStatus: '1', declareStatus_dictText: '待申报', declareType: '1', waybillCount: 2, driverName: drivers[0].name,
      periodStart: '2020-01-01', periodEnd: '2020-01-31',
    });
    const exact = await sql<Record<string, string>>`select driver_id, income_amount::text as income, vat_amount::text as vat,
        urban_tax_amount::text as urban, education_amount::text as edu, local_education_amount::text as local,
        surcharge_amount::text as surcharge, iit_amount::text as iit, tax_total::text as total
      from hy_tax_declaration where period = ${PERIOD} order by income_amount desc`.execute(t.ctx.db);
    // 1234.56 × 1% / 1.01 = 12.2233… → 12.22; surcharges on 12.22: 0.8554 → 0.86, 0.3666 → 0.37, 0.2444 → 0.24; 个税 6.1728 → 6.17.
    expect(exact.rows[0]).toMatchObject({ income: '1234.56', vat: '12.22', urban: '0.86', edu: '0.37', local: '0.24', surcharge: '1.47', iit: '6.17', total: '19.86' });
    // 201.00: VAT 1.99; 0.1393 → 0.14, 0.0597 → 0.06, 0.0398 → 0.04; 个税 1.005 → 1.01.
    expect(exact.rows[1]).toMatchObject({ income: '201.00', vat: '1.99', urban: '0.14', edu: '0.06', local: '0.04', surcharge: '0.24', iit: '1.01', total: '3.24' });
    // The next month holds the fee paid on its first second.
    await generate('2020-02');
    expect((await rowsOf('2020-02')).map((r) => [r.driverId, r.incomeAmount])).toEqual([[drivers[0].id, 500]]);
  });

  it('refuses a bad period, and a shipper can neither list nor generate', async () => {
    expect((await generate('2020-13')).body).toMatchObject({ success: false, message: expect.stringContaining('所属期') });
    expect((await generate('2999-01')).body).toMatchObject({ success: false, message: expect.stringContaining('所属期不能晚于本月') });
    const shipper = await t.login('shipper');
    expect((await t.call({ method: 'GET', url: `${API}/list`, token: shipper })).body.success).toBe(false);
    expect((await generate(PERIOD, shipper)).body.success).toBe(false);
  });

  it('moves 待申报 → 已申报 → 已缴款 and refuses what the state machine does not allow', async () => {
    const first = await rowOf(drivers[1].id);
    expect((await op('pay', { id: first.id, paymentVoucherUrl: VOUCHER })).body).toMatchObject({ success: false, message: '只有已申报的记录可以登记缴款' });
    expect((await op('declare', { id: first.id })).body.success).toBe(false);
    expect((await op('void', { id: first.id })).body.success).toBe(false);
    expect((await rowOf(drivers[1].id)).declareStatus).toBe('1');
    expect((await op('declare', { id: first.id, declareNo: 'SB2020010001' })).body.success).toBe(true);
    const declared = await rowOf(drivers[1].id);
    expect(declared).toMatchObject({ declareStatus: '3', declareNo: 'SB2020010001' });
    expect(declared.declareTime).toBeTruthy();
    expect((await op('void', { id: first.id, voidReason: '重复' })).body).toMatchObject({ success: false, message: '只有待申报或申报失败的记录可以作废' });
    expect((await op('pay', { id: first.id, paymentVoucherUrl: VOUCHER })).body.success).toBe(true);
    expect(await rowOf(drivers[1].id)).toMatchObject({ declareStatus: '5', paymentVoucherUrl: VOUCHER });
  });

  it('re-runs without duplicates: drafts are recomputed with the rates now in 平台设置, declared rows are left alone', async () => {
    const edited = await t.call({ method: 'PUT', url: `${P}/hyconfig/hyConfig/edit`, token: admin, payload: { id: 'hyconfig', iitDeemedRate: 0.01 } });
    expect(edited.body.success).toBe(true);
    const again = await jobHandler('taxDeclarationDraft')!.run({ db: t.ctx.db, parameter: `{"period":"${PERIOD}"}` });
    expect(again).toContain('重算 1 条');
    expect(again).toContain('已申报未改动 1 条');
    const rows = await rowsOf();
    expect(rows).toHaveLength(2);
    // 1234.56 × 1% = 12.3456 → 12.35 on the draft; the paid one keeps 1.01.
    expect(await rowOf(drivers[0].id)).toMatchObject({ iitAmount: 12.35, iitRate: 0.01, declareStatus: '1' });
    expect(await rowOf(drivers[1].id)).toMatchObject({ iitAmount: 1.01, declareStatus: '5' });
    // 作废 needs a reason; afterwards the driver is drafted anew by the next run.
    const draft = await rowOf(drivers[0].id);
    expect((await op('void', { id: draft.id })).body.success).toBe(false);
    expect((await op('void', { id: draft.id, voidReason: '收入有误' })).body.success).toBe(true);
    expect((await generate(PERIOD)).body).toMatchObject({ success: true, result: { created: 1, kept: 1 } });
    expect((await rowsOf()).map((r) => r.declareStatus).sort()).toEqual(['1', '5', '9']);
    await t.call({ method: 'PUT', url: `${P}/hyconfig/hyConfig/edit`, token: admin, payload: { id: 'hyconfig', iitDeemedRate: 0.005 } });
  });

  it('exports the bureau template: fixed headings and order, the numbers of a row', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/exportXls?period=${PERIOD}&declareStatus=5`, headers: { 'x-access-token': ops } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-disposition'])).toContain(encodeURIComponent('税务申报导入模板.xlsx'));
    const rows = await readSheet(response.rawPayload);
    expect(rows[0]).toEqual(['序号', '纳税人姓名', '身份证件类型', '身份证件号码', '所属期起', '所属期止', '收入额', '增值税', '城市维护建设税',
      '教育费附加', '地方教育附加', '个人所得税', '备注']);
    expect(rows).toHaveLength(2);
    // Staff who may edit the declaration get the full id card number the bureau needs.
    // (exceljs reads no cell for the empty 备注 at the row's end.)
    expect(rows[1]).toEqual(['1', drivers[1].name, '居民身份证', drivers[1].idCard, '2020-01-01', '2020-01-31', '201', '1.99', '0.14', '0.06', '0.04', '1.01']);
  });
});
