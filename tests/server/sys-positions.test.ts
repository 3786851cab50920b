/**
 * Issue 24: 职务管理 (sys_position) is an engine entity at JeecgBoot's `/sys/position`, with the answers the stock
 * Vue2 client reads (SysPositionList, SysPositionModal, the user form's JSelectPosition picker).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import type { MenuNode, PermissionResult } from '../../src/contracts/menu.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipart } from './helpers/multipart.ts';

const P = '/jeecg-boot/sys/position';

function findMenu(nodes: MenuNode[], title: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.meta?.title === title) return node;
    const below = findMenu(node.children ?? [], title);
    if (below) return below;
  }
  return undefined;
}

describe.each(BACKENDS)('positions (职务) on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query = '') => {
    const { body } = await t.call<Page<WireRecord>>({ method: 'GET', url: `${P}/list${query}`, token: admin });
    expect(body.success).toBe(true);
    return body.result;
  };

  it('lists the demo positions with the rank text of JeecgBoot position_rank', async () => {
    const page = await list('?column=createTime&order=asc');
    expect(page.records.map((r) => [r.code, r.name, r.postRank, r.postRank_dictText])).toEqual([
      ['general_manager', '总经理', '5', '正高级'],
      ['ops_manager', '运营经理', '4', '副高级'],
      ['qualification_reviewer', '资质审核专员', '3', '中级'],
      ['dispatcher', '调度员', '2', '助级'],
      ['customer_service', '客服专员', '1', '员级'],
    ]);
    const ranks = await t.call<Array<{ value: string; text: string }>>({ method: 'GET', url: '/jeecg-boot/sys/dict/getDictItems/position_rank', token: admin });
    expect(ranks.body.result.map((item) => [item.value, item.text])).toEqual([['1', '员级'], ['2', '助级'], ['3', '中级'], ['4', '副高级'], ['5', '正高级']]);
  });

  it('filters by the query form fields and answers the picker\'s trailing-comma lookup as an IN', async () => {
    expect((await list('?name=*经理*')).records.map((r) => r.code).sort()).toEqual(['general_manager', 'ops_manager']);
    expect((await list('?postRank=2')).records.map((r) => r.code)).toEqual(['dispatcher']);
    // JSelectPosition resolves its stored codes with `code=a,b,&pageNo=1&pageSize=2`.
    const picked = await list('?code=dispatcher,ops_manager,&pageNo=1&pageSize=2');
    expect(picked.records.map((r) => r.name).sort()).toEqual(['调度员', '运营经理']);
  });

  it('adds, checks the code for duplicates, edits, reads back and deletes a position', async () => {
    const added = await t.call({ method: 'POST', url: `${P}/add`, token: admin, payload: { code: 'accountant', name: '会计', postRank: '3' } });
    expect(added.body).toMatchObject({ success: true });
    const again = await t.call({ method: 'POST', url: `${P}/add`, token: admin, payload: { code: 'accountant', name: '会计二', postRank: '3' } });
    expect(again.body.success).toBe(false);
    expect(again.body.message).toContain('已存在');
    const badRank = await t.call({ method: 'POST', url: `${P}/add`, token: admin, payload: { code: 'intern', name: '实习生', postRank: '9' } });
    expect(badRank.body.success).toBe(false);
    const row = (await list('?code=accountant')).records[0];
    const taken = await t.call({ method: 'GET', url: '/jeecg-boot/sys/duplicate/check?tableName=sys_position&fieldName=code&fieldVal=accountant', token: admin });
    expect(taken.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const own = await t.call({ method: 'GET', url: `/jeecg-boot/sys/duplicate/check?tableName=sys_position&fieldName=code&fieldVal=accountant&dataId=${String(row.id)}`, token: admin });
    expect(own.body.success).toBe(true);
    const edited = await t.call({ method: 'PUT', url: `${P}/edit`, token: admin, payload: { ...row, name: '主管会计', postRank: '4' } });
    // JeecgBoot's SysPositionController wording (schema `answers`), not the engine's 编辑成功!.
    expect(edited.body).toMatchObject({ success: true, message: '修改成功!' });
    const read = await t.call<WireRecord>({ method: 'GET', url: `${P}/queryById?id=${String(row.id)}`, token: admin });
    expect(read.body.result).toMatchObject({ code: 'accountant', name: '主管会计', postRank: '4' });
    const deleted = await t.call({ method: 'DELETE', url: `${P}/delete?id=${String(row.id)}`, token: admin });
    expect(deleted.body.success).toBe(true);
    expect((await list('?code=accountant')).records).toEqual([]);
  });

  it('deletes a batch and exports the list as a spreadsheet', async () => {
    for (const code of ['tmp_a', 'tmp_b']) {
      await t.call({ method: 'POST', url: `${P}/add`, token: admin, payload: { code, name: code, postRank: '1' } });
    }
    const ids = (await list('?code=tmp_a,tmp_b')).records.map((r) => String(r.id));
    expect(ids).toHaveLength(2);
    const batch = await t.call({ method: 'DELETE', url: `${P}/deleteBatch?ids=${ids.join(',')}`, token: admin });
    expect(batch.body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await list('?code=tmp_a,tmp_b')).records).toEqual([]);
    const exported = await t.app.inject({ method: 'GET', url: `${P}/exportXls`, headers: { 'x-access-token': admin } });
    expect(exported.statusCode).toBe(200);
    expect(String(exported.headers['content-disposition'])).toMatch(/attachment/);
  });

  it('imports a sheet of 职务编码/职务名称/职级 texts, refusing a code already taken', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('职务表');
    for (const row of [['职务编码', '职务名称', '职级'], ['safety_officer', '安全员', '助级'], ['dispatcher', '调度员二', '员级']]) sheet.addRow(row);
    const body = multipart({}, { name: '职务表.xlsx', data: Buffer.from(await workbook.xlsx.writeBuffer()) });
    const response = await t.app.inject({ method: 'POST', url: `${P}/importExcel`, headers: { ...body.headers, 'x-access-token': admin }, payload: body.payload });
    const answer = response.json() as { success: boolean; message: string; result: { successCount: number; errorCount: number } | null };
    expect(answer.result, answer.message).toMatchObject({ successCount: 1, errorCount: 1 });
    expect((await list('?code=safety_officer')).records).toEqual([expect.objectContaining({ name: '安全员', postRank: '2' })]);
    expect((await list('?code=dispatcher')).records.map((r) => r.name)).toEqual(['调度员']);
  });

  it('shows 职务管理 under 系统管理 to admin with the Vue2 component, and to nobody else', async () => {
    const menu = await t.call<PermissionResult>({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token: admin });
    expect(findMenu(menu.body.result.menu, '职务管理')).toMatchObject({ path: '/isystem/position', component: 'system/SysPositionList', name: 'SysPositionList' });
    expect(menu.body.result.auth.map((a) => a.action)).toEqual(expect.arrayContaining(['system:position:list', 'system:position:add', 'system:position:importExcel']));
    const ops = await t.login('ops');
    const refused = await t.call({ method: 'GET', url: `${P}/list`, token: ops });
    expect(refused.body.success).toBe(false);
  });
});
