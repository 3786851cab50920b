/**
 * Excel round trip (issue 22, item 6) on both databases: the exported 车辆列表.xlsx imports back unchanged — every
 * row updates the vehicle its ID column names (no duplicates, no review reopened), table-dictionary texts (所属承运商)
 * become ids again, and fields only operations set (审核状态) are kept when unchanged. Refusals say what to change.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipart } from './helpers/multipart.ts';

const API = '/jeecg-boot/hyvehicle/hyVehicle';

interface ImportAnswer {
  success: boolean;
  code: number;
  message: string;
  result: { fileUrl: string; totalCount: number; errorCount: number; successCount: number } | null;
}

describe.each(BACKENDS)('Excel round trip on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function exported(): Promise<ExcelJS.Workbook> {
    const response = await t.app.inject({ method: 'GET', url: `${API}/exportXls`, headers: { 'x-access-token': ops } });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    return workbook;
  }
  async function importBook(workbook: ExcelJS.Workbook): Promise<ImportAnswer> {
    const body = multipart({}, { name: '车辆列表.xlsx', data: Buffer.from(await workbook.xlsx.writeBuffer()) });
    const response = await t.app.inject({ method: 'POST', url: `${API}/importExcel`, headers: { ...body.headers, 'x-access-token': ops }, payload: body.payload });
    return response.json() as ImportAnswer;
  }
  /** The error report's 错误信息 column, by the row's line in the uploaded file. */
  async function reportMessages(answer: ImportAnswer): Promise<string[]> {
    const file = await t.app.inject({ method: 'GET', url: `/jeecg-boot${answer.result!.fileUrl}`, headers: { 'x-access-token': ops } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    const last = sheet.getRow(1).cellCount;
    const out: string[] = [];
    sheet.eachRow((row, line) => line > 1 && out.push(String(row.getCell(last).value)));
    return out;
  }
  const column = (sheet: ExcelJS.Worksheet, header: string) => {
    let found = 0;
    sheet.getRow(1).eachCell((cell, index) => {
      if (cell.value === header) found = index;
    });
    expect(found, header).toBeGreaterThan(0);
    return found;
  };
  const vehicleState = async () =>
    (await sql<{ id: string; review: string; carrier: string | null; updated: string | null }>`select id, review_status as review, carrier_id as carrier,
      update_time::text as updated from hy_vehicle where tenant_id = 1 order by id`.execute(t.ctx.db)).rows;

  it('imports the exported file back unchanged: every row updates its vehicle, nothing is added or reopened', async () => {
    const before = await vehicleState();
    expect(before.length).toBeGreaterThan(10);
    expect(before.some((v) => v.carrier !== null)).toBe(true);
    const answer = await importBook(await exported());
    expect(answer).toMatchObject({ success: true, code: 200, message: `文件导入成功！数据行数：${before.length}（新增0，更新${before.length}）` });
    const after = await vehicleState();
    expect(after.map(({ id, review, carrier }) => ({ id, review, carrier }))).toEqual(before.map(({ id, review, carrier }) => ({ id, review, carrier })));
  });

  it('applies a changed cell to the named vehicle, and a carrier typed by name becomes its id', async () => {
    const workbook = await exported();
    const sheet = workbook.worksheets[0];
    const carriers = await sql<{ id: string; name: string }>`select id, carrier_name as name from hy_carrier where tenant_id = 1 order by id limit 2`.execute(t.ctx.db);
    const idColumn = column(sheet, 'ID');
    const row = sheet.getRow(2);
    const id = String(row.getCell(idColumn).value);
    row.getCell(column(sheet, '所属承运商')).value = carriers.rows[1].name;
    row.getCell(column(sheet, '备注')).value = '导入修改的备注';
    // Only the changed row is sent back.
    for (let line = sheet.rowCount; line > 2; line -= 1) sheet.spliceRows(line, 1);
    const answer = await importBook(workbook);
    expect(answer).toMatchObject({ success: true, code: 200 });
    const saved = await sql<{ carrier: string; remark: string }>`select carrier_id as carrier, remark from hy_vehicle where id = ${id}`.execute(t.ctx.db);
    expect(saved.rows[0]).toEqual({ carrier: carriers.rows[1].id, remark: '导入修改的备注' });
  });

  it('refuses, saying what to change: a changed 审核状态, a new row setting it, an unknown carrier or ID', async () => {
    const workbook = await exported();
    const sheet = workbook.worksheets[0];
    const idColumn = column(sheet, 'ID');
    const review = column(sheet, '审核状态');
    const plate = column(sheet, '车牌号');
    const approved = [] as number[];
    sheet.eachRow((row, line) => line > 1 && row.getCell(review).value === '审核通过' && approved.push(line));
    for (let line = sheet.rowCount; line > 5; line -= 1) sheet.spliceRows(line, 1);
    // Line 2: an approved vehicle's 审核状态 changed; line 3: a new row (ID cleared) that is 审核通过 already;
    // line 4: a carrier nobody has; line 5: an ID that names no vehicle.
    sheet.getRow(2).getCell(review).value = sheet.getRow(2).getCell(review).value === '审核通过' ? '待审核' : '审核通过';
    sheet.getRow(3).getCell(idColumn).value = null;
    sheet.getRow(3).getCell(plate).value = '蒙K9Z999';
    sheet.getRow(3).getCell(review).value = '审核通过';
    sheet.getRow(4).getCell(column(sheet, '所属承运商')).value = '不存在的运输有限公司';
    sheet.getRow(5).getCell(idColumn).value = 'no-such-vehicle';
    const answer = await importBook(workbook);
    expect(answer).toMatchObject({ success: true, code: 201, result: { totalCount: 4, errorCount: 4, successCount: 0 } });
    const messages = await reportMessages(answer);
    expect(messages[0]).toMatch(/^审核状态由系统维护，导入不能修改：请改回“(审核通过|待审核|未提交|审核驳回)”或清空该列$/);
    expect(messages[1]).toMatch(/^审核状态(、\S+)*由系统维护，不能导入：新增的行请清空(该列|这些列)；要更新已有的车辆，请保留导出文件中的ID列$/);
    expect(messages[2]).toBe('所属承运商“不存在的运输有限公司”不存在，请填写系统中已有的承运商名称');
    expect(messages[3]).toBe('ID“no-such-vehicle”的车辆不存在或无权修改：新增的行请清空ID列');
    expect(approved.length).toBeGreaterThan(0);
  });

  it('lets only people who may edit update through an import', async () => {
    const workbook = await exported();
    const sheet = workbook.worksheets[0];
    for (let line = sheet.rowCount; line > 2; line -= 1) sheet.spliceRows(line, 1);
    // ops keeps 导入 but loses 编辑: an update would be an edit it may not make (and write masked values back).
    const codes = ['hyvehicle:hyVehicle:edit'];
    const removed = await sql<{ role_id: string; permission_id: string }>`delete from sys_role_permission rp using sys_permission p, sys_role r, sys_user_role ur, sys_user u
      where rp.permission_id = p.id and p.perms in (${sql.join(codes)}) and rp.role_id = r.id and ur.role_id = r.id and ur.user_id = u.id and u.username = 'ops'
      returning rp.role_id, rp.permission_id`.execute(t.ctx.db);
    expect(removed.rows.length).toBeGreaterThan(0);
    ops = await t.login('ops');
    const answer = await importBook(workbook);
    expect(answer).toMatchObject({ code: 201, result: { errorCount: 1, successCount: 0 } });
    expect(await reportMessages(answer)).toEqual(['没有编辑车辆的权限，不能通过导入修改已有记录：新增的行请清空ID列']);
    for (const row of removed.rows) {
      await sql`insert into sys_role_permission (role_id, permission_id) values (${row.role_id}, ${row.permission_id})`.execute(t.ctx.db);
    }
  });
});
