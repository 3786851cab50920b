import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipart } from './helpers/multipart.ts';
import { idCardCheckChar } from '../../src/contracts/validation/formats.ts';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';

const P = '/jeecg-boot';
const API = `${P}/hydriver/hyDriver`;
const idCard = (first17: string) => first17 + idCardCheckChar(first17);

async function readSheet(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

async function workbookOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('司机');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(BACKENDS)('Excel export and import on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
  });
  afterAll(async () => {
    await t?.close();
  });

  const exportXls = (query: string, token = ops) => t.app.inject({ method: 'GET', url: `${API}/exportXls?${query}`, headers: { 'x-access-token': token } });
  async function importFile(data: Buffer, name = '司机.xlsx', token = ops) {
    const body = multipart({}, { name, data });
    const response = await t.app.inject({ method: 'POST', url: `${API}/importExcel`, headers: { ...body.headers, 'x-access-token': token }, payload: body.payload });
    return response.json() as { success: boolean; code: number; message: string; result: { fileUrl: string; totalCount: number; errorCount: number; successCount: number } | null };
  }

  it('exports exactly the rows the list filter matches, with labels and dictionary texts', async () => {
    const list = await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?reviewStatus=1&pageSize=1000&column=driverName&order=asc`, token: ops });
    const response = await exportXls('reviewStatus=1&column=driverName&order=asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toContain(encodeURIComponent('司机列表.xlsx'));
    const rows = await readSheet(response.rawPayload);
    expect(rows[0].slice(0, 5)).toEqual(['姓名', '身份证号', '手机号', '准驾车型', '司机身份']);
    expect(rows.length - 1).toBe(list.body.result.total);
    expect(rows.slice(1).map((r) => r[0])).toEqual(list.body.result.records.map((r) => r.driverName));
    const status = rows[0].indexOf('审核状态');
    expect(new Set(rows.slice(1).map((r) => r[status]))).toEqual(new Set(['待审核']));
  });

  it('exports only the selected rows when asked', async () => {
    const list = await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?pageSize=3`, token: ops });
    const ids = list.body.result.records.map((r) => String(r.id));
    const rows = await readSheet((await exportXls(`selections=${ids.join(',')}`)).rawPayload);
    expect(rows.slice(1).map((r) => r[0]).sort()).toEqual(list.body.result.records.map((r) => String(r.driverName)).sort());
  });

  it('imports valid rows, reports the others in a downloadable file, and writes all-or-nothing per import', async () => {
    const good = idCard('15060219900101123');
    const listed = (await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?pageSize=1`, token: ops })).body.result.records[0];
    // The list shows the phone masked; the detail shows it whole to someone who may edit drivers.
    const existing = (await t.call<WireRecord>({ method: 'GET', url: `${API}/queryById?id=${String(listed.id)}`, token: ops })).body.result;
    const data = await workbookOf([
      ['姓名', '身份证号', '手机号', '准驾车型', '司机身份', '审核状态', '信用分'],
      ['导入一号', good, '13712340001', 'A2', '车老板', '待审核', 88],
      ['导入二号', '150602199001011234', '13712340002', 'A2', '个体司机', '待审核', 90],
      ['导入三号', idCard('15060219900101456'), String(existing.telephone), 'A2', '个体司机', '待审核', 90],
      ['导入四号', idCard('15060219900101789'), '13712340004', 'Z9', '个体司机', '待审核', 90],
      [],
    ]);
    const answer = await importFile(data);
    expect(answer).toMatchObject({ success: true, code: 201, message: '总上传行数：4，已导入行数：1，错误行数：3' });
    expect(answer.result).toMatchObject({ totalCount: 4, errorCount: 3, successCount: 1 });
    const found = await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?driverName=导入一号`, token: ops });
    expect(found.body.result.records[0]).toMatchObject({ ownerType: '2', vehicleClass: 'A2', creditScore: 88, createBy: 'ops' });

    const report = await t.app.inject({ method: 'GET', url: `${P}${answer.result!.fileUrl}`, headers: { 'x-access-token': ops } });
    expect(report.statusCode).toBe(200);
    const rows = await readSheet(report.rawPayload);
    expect(rows[0][0]).toBe('行号');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['3', '4', '5']);
    const messages = rows.slice(1).map((r) => r[r.length - 1]);
    expect(messages[0]).toContain('身份证号');
    expect(messages[1]).toContain('已存在');
    expect(messages[2]).toContain('准驾车型：请从列表中选择');

    // 审核通过 is the approve operation's to give: an import may not set it.
    const approved = await importFile(await workbookOf([['姓名', '身份证号', '手机号', '准驾车型', '司机身份', '审核状态'], ['导入五号', idCard('15060219900101999'), '13712340005', 'B1', '个体司机', '审核通过']]));
    expect(approved).toMatchObject({ success: true, code: 201, result: { successCount: 0, errorCount: 1 } });
    const again = await importFile(await workbookOf([['姓名', '身份证号', '手机号', '准驾车型', '司机身份', '审核状态'], ['导入五号', idCard('15060219900101999'), '13712340005', 'B1', '个体司机', '待审核']]));
    expect(again).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：1' });
  });

  it('refuses duplicates inside one file, files that are not xlsx, unknown headers, and callers without the permission', async () => {
    const same = idCard('15060219900101222');
    const dup = await importFile(await workbookOf([
      ['姓名', '身份证号', '手机号', '准驾车型', '司机身份', '审核状态'],
      ['甲', same, '13712349001', 'A2', '个体司机', '待审核'],
      ['乙', same, '13712349002', 'A2', '个体司机', '待审核'],
    ]));
    expect(dup).toMatchObject({ code: 201, result: { successCount: 1, errorCount: 1 } });
    expect(await importFile(Buffer.from('name,phone\n'), 'drivers.csv')).toMatchObject({ success: false, message: '请上传 .xlsx 格式的Excel文件' });
    expect(await importFile(await workbookOf([['foo', 'bar'], ['1', '2']]))).toMatchObject({ success: false, message: '表头与司机的字段不对应，请使用导出的文件作为模板' });
    const shipper = await t.login('shipper');
    expect((await exportXls('', shipper)).json()).toMatchObject({ success: false, code: 510 });
    expect(await importFile(await workbookOf([['姓名'], ['x']]), '司机.xlsx', shipper)).toMatchObject({ success: false, code: 510 });
  });
});
