import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipart } from './helpers/multipart.ts';

const P = '/jeecg-boot';
const API = `${P}/sys/user`;
const HEADERS = ['用户账号', '用户姓名', '登录密码', '手机号码', '邮箱', '性别', '用户类型', '状态', '角色', '所属部门'];

interface User {
  id: string;
  username: string;
  realname: string;
  status: string;
  userType: string;
  orgCodeTxt: string;
}

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
  const sheet = workbook.addWorksheet('用户');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(BACKENDS)('users Excel export and import on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const exportXls = (query: string, token = admin) => t.app.inject({ method: 'GET', url: `${API}/exportXls?${query}`, headers: { 'x-access-token': token } });
  async function importFile(data: Buffer, name = '用户.xlsx', token = admin) {
    const body = multipart({}, { name, data });
    const response = await t.app.inject({ method: 'POST', url: `${API}/importExcel`, headers: { ...body.headers, 'x-access-token': token }, payload: body.payload });
    return response.json() as { success: boolean; code: number; message: string; result: { fileUrl: string; totalCount: number; errorCount: number; successCount: number } | null };
  }
  const findUser = async (username: string) =>
    (await t.call<Page<User>>({ method: 'GET', url: `${API}/list?username=${username}`, token: admin })).body.result.records[0];

  it('exports the users the list filter matches with dictionary texts, roles and departments, never a password', async () => {
    const response = await exportXls('userType=1&column=username&order=asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toContain(encodeURIComponent('用户列表.xlsx'));
    const rows = await readSheet(response.rawPayload);
    // 工号 as JeecgBoot's user export has it (issue 24).
    expect(rows[0]).toEqual(['用户账号', '用户姓名', '手机号码', '邮箱', '工号', '性别', '用户类型', '状态', '角色', '所属部门', '创建时间']);
    const ops = rows.find((r) => r[0] === 'ops')!;
    expect(ops.slice(0, 3)).toEqual(['ops', '运营专员', '13800000002']);
    expect(ops.slice(6, 10)).toEqual(['平台员工', '正常', '运营人员', '运营部']);
    expect(rows.slice(1).map((r) => r[0])).not.toContain('shipper');
    const everything = JSON.stringify(rows);
    expect(everything).not.toMatch(/scrypt|\$/);
    const selected = await readSheet((await exportXls(`selections=${(await findUser('ops')).id}`)).rawPayload);
    expect(selected.slice(1).map((r) => r[0])).toEqual(['ops']);
  });

  it('imports valid rows with the add rules, hashes given passwords, and reports refused rows in a downloadable file', async () => {
    const data = await workbookOf([
      HEADERS,
      ['xls_one', '导入甲', 'Truck#2027x', '13912340001', 'one@example.com', '男', '平台员工', '正常', '运营人员', '运营部,财务部'],
      ['xls_two', '导入乙', '', '13912340002', '', '', '', '', 'ops', ''],
      ['admin', '重复账号', 'Truck#2027x', '', '', '', '', '', '', ''],
      ['xls_weak', '弱密码', '123', '', '', '', '', '', '', ''],
      ['xls_role', '未知角色', '', '', '', '', '', '', '不存在的角色', ''],
      ['xls_dep', '未知部门', '', '', '', '', '', '', '', '不存在的部门'],
      ['xls_dup', '文件内重复', '', '13912340001', '', '', '', '', '', ''],
      ['', '缺账号', '', '', '', '', '', '', '', ''],
    ]);
    const answer = await importFile(data);
    expect(answer).toMatchObject({ success: true, code: 201, message: '总上传行数：8，已导入行数：2，错误行数：6' });
    expect(answer.result).toMatchObject({ totalCount: 8, errorCount: 6, successCount: 2 });

    const one = await findUser('xls_one');
    expect(one).toMatchObject({ realname: '导入甲', userType: '1', status: '1' });
    expect(one.orgCodeTxt.split(',').sort()).toEqual(['财务部', '运营部'].sort());
    const roles = await t.call<string[]>({ method: 'GET', url: `${API}/queryUserRole?userid=${one.id}`, token: admin });
    const opsRole = await t.ctx.db.selectFrom('sys_role').select('id').where('role_code', '=', 'ops').executeTakeFirstOrThrow();
    expect(roles.body.result).toEqual([opsRole.id]);
    // The given password works (stored hashed); the row without one got a random password that must be changed.
    await expect(t.login('xls_one', 'Truck#2027x')).resolves.toBeTruthy();
    const stored = await t.ctx.db.selectFrom('sys_user').select(['username', 'password_hash', 'must_change_password']).where('username', 'in', ['xls_one', 'xls_two']).orderBy('username').execute();
    expect(stored.map((u) => [u.username, u.must_change_password])).toEqual([['xls_one', false], ['xls_two', true]]);
    expect(stored[0].password_hash).not.toContain('Truck#2027x');

    const report = await t.app.inject({ method: 'GET', url: `${P}${answer.result!.fileUrl}`, headers: { 'x-access-token': admin } });
    expect(report.statusCode).toBe(200);
    const rows = await readSheet(report.rawPayload);
    expect(rows[0][0]).toBe('行号');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['4', '5', '6', '7', '8', '9']);
    const messages = rows.slice(1).map((r) => r[r.length - 1]);
    expect(messages[0]).toContain('用户账号已存在');
    expect(messages[1]).toContain('密码不能少于8位');
    expect(messages[2]).toContain('角色“不存在的角色”不存在');
    expect(messages[3]).toContain('所属部门');
    expect(messages[4]).toContain('手机号码“13912340001”在文件中重复');
    expect(messages[5]).toContain('用户账号');
    // A refused row's password is not echoed back.
    expect(JSON.stringify(rows)).not.toContain('"123"');
    expect(await findUser('xls_weak')).toBeUndefined();
  });

  it('round-trips its own export as a template and refuses bad files and callers without the permission', async () => {
    const exported = await readSheet((await exportXls(`selections=${(await findUser('xls_one')).id}`)).rawPayload);
    exported[1][0] = 'xls_round';
    exported[1][2] = '13912340009';
    exported[1][3] = 'round@example.com';
    const again = await importFile(await workbookOf(exported));
    expect(again).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：1' });
    expect((await findUser('xls_round')).orgCodeTxt.split(',').sort()).toEqual(['财务部', '运营部'].sort());

    expect(await importFile(Buffer.from('username\nx\n'), 'users.csv')).toMatchObject({ success: false, message: '请上传 .xlsx 格式的Excel文件' });
    expect(await importFile(await workbookOf([['foo', 'bar'], ['1', '2']]))).toMatchObject({ success: false, message: '表头与用户的字段不对应，请使用导出的文件作为模板' });
    const ops = await t.login('ops');
    expect((await exportXls('', ops)).json()).toMatchObject({ success: false, code: 510 });
    expect(await importFile(await workbookOf([['用户账号'], ['x_ops']]), '用户.xlsx', ops)).toMatchObject({ success: false, code: 510 });
    expect(await findUser('x_ops')).toBeUndefined();
  });
});
