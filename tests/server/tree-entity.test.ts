import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { multipart } from './helpers/multipart.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { schemasWithFixtures } from './helpers/fixture-schemas.ts';
import type { Page, WireRecord } from '../../src/contracts/index.ts';

const API = '/jeecg-boot/test/testCategory';

describe.each(BACKENDS)('tree entities on %s', (kind) => {
  let t: TestApp;
  let schemas: ReturnType<typeof schemasWithFixtures>;
  let admin: string;

  async function add(name: string, pid?: string): Promise<string> {
    const answer = await t.call<{ id: string }>({ method: 'POST', url: `${API}/add`, token: admin, payload: { name, code: name, ...(pid ? { pid } : {}) } });
    expect(answer.body.success, answer.body.message).toBe(true);
    return answer.body.result.id;
  }
  async function one(id: string): Promise<WireRecord> {
    return (await t.call<WireRecord>({ method: 'GET', url: `${API}/queryById?id=${id}`, token: admin })).body.result;
  }
  async function children(pid: string): Promise<string[]> {
    const answer = await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/childList?pid=${pid}`, token: admin });
    expect(answer.body.success).toBe(true);
    return answer.body.result.records.map((r) => String(r.name));
  }

  beforeAll(async () => {
    schemas = schemasWithFixtures();
    t = await startTestApp(kind, { schemasDir: schemas.dir });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
    schemas?.remove();
  });

  it('lists roots without a filter, children through childList, and keeps hasChild on add, move and delete', async () => {
    const goods = await add('A货物');
    const coal = await add('A1煤炭', goods);
    await add('A2钢材', goods);
    const other = await add('B其他');
    expect((await one(goods)).hasChild).toBe('1');
    expect((await one(coal)).hasChild).toBe('0');
    expect((await one(coal)).pid).toBe(goods);
    expect((await one(goods)).pid).toBe('0');

    const roots = await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list`, token: admin });
    expect(roots.body.result.records.map((r) => r.name)).toEqual(['A货物', 'B其他']);
    // A filter searches every level.
    const found = await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?name=*煤*`, token: admin });
    expect(found.body.result.records.map((r) => r.name)).toEqual(['A1煤炭']);
    expect(await children(goods)).toEqual(['A1煤炭', 'A2钢材']);

    // Moving coal under "B其他" updates both the old and the new parent.
    const moved = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: coal, pid: other } });
    expect(moved.body.success).toBe(true);
    expect((await one(other)).hasChild).toBe('1');
    expect(await children(goods)).toEqual(['A2钢材']);
    expect(await children(other)).toEqual(['A1煤炭']);

    // A parent with children cannot be deleted; once its last child goes it becomes a leaf again.
    const refused = await t.call({ method: 'DELETE', url: `${API}/delete?id=${other}`, token: admin });
    expect(refused.body).toMatchObject({ success: false, message: '“B其他”下还有子节点，请先删除子节点' });
    expect((await t.call({ method: 'DELETE', url: `${API}/delete?id=${coal}`, token: admin })).body.success).toBe(true);
    expect((await one(other)).hasChild).toBe('0');
    // A subtree chosen together may go at once.
    const steel = (await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/childList?pid=${goods}`, token: admin })).body.result.records[0];
    const batch = await t.call({ method: 'DELETE', url: `${API}/deleteBatch?ids=${goods},${String(steel.id)}`, token: admin });
    expect(batch.body.success).toBe(true);
    expect(await children(goods)).toEqual([]);
  });

  it('refuses cycles, unknown parents and hasChild written by the client', async () => {
    const top = await add('C顶层');
    const mid = await add('C中层', top);
    const low = await add('C底层', mid);
    const self = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: top, pid: top } });
    expect(self.body).toMatchObject({ success: false, message: '上级分类不能是节点自己' });
    const cycle = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: top, pid: low } });
    expect(cycle.body).toMatchObject({ success: false, message: '上级分类不能是节点自己的下级' });
    expect((await one(top)).pid).toBe('0');
    const missing = await t.call({ method: 'POST', url: `${API}/add`, token: admin, payload: { name: 'X', pid: 'no-such-node' } });
    expect(missing.body).toMatchObject({ success: false, message: '上级分类不存在，请重新选择' });
    await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: low, hasChild: '1' } });
    expect((await one(low)).hasChild).toBe('0');
  });

  it('keeps tenants apart: another tenant\'s node is neither a parent nor listed as a child', async () => {
    await sql`insert into test_category (id, name, pid, has_child, tenant_id) values ('t2root', '别家分类', '0', '1', 2),
      ('t2child', '别家子类', 't2root', '0', 2)`.execute(t.ctx.db);
    const answer = await t.call({ method: 'POST', url: `${API}/add`, token: admin, payload: { name: '越界', pid: 't2root' } });
    expect(answer.body).toMatchObject({ success: false, message: '上级分类不存在，请重新选择' });
    expect(await children('t2root')).toEqual([]);
    const roots = await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?pageSize=100`, token: admin });
    expect(roots.body.result.records.map((r) => r.name)).not.toContain('别家分类');
  });

  it('guards childList with the list permission and needs a parent id', async () => {
    const noPid = await t.call({ method: 'GET', url: `${API}/childList`, token: admin });
    expect(noPid.body).toMatchObject({ success: false, message: '缺少上级节点ID' });
    const anonymous = await t.call({ method: 'GET', url: `${API}/childList?pid=x` });
    expect(anonymous.body.success).toBe(false);
    const shipper = await t.login('shipper');
    const denied = await t.call({ method: 'GET', url: `${API}/childList?pid=x`, token: shipper });
    expect(denied.body).toMatchObject({ success: false, code: 510 });
  });
  it('imports nodes under existing parents, refuses unknown parents, and marks the parents as having children', async () => {
    const root = await add('导入根');
    expect((await one(root)).hasChild).toBe('0');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('分类');
    sheet.addRow(['上级分类', '分类名称', '分类编码']);
    sheet.addRow([root, '导入子一', 'imp-1']);
    sheet.addRow(['no-such-node', '导入孤儿', 'imp-2']);
    sheet.addRow(['', '导入新根', 'imp-3']);
    const body = multipart({}, { name: '分类.xlsx', data: Buffer.from(await book.xlsx.writeBuffer()) });
    const response = await t.app.inject({ method: 'POST', url: `${API}/importExcel`, headers: { ...body.headers, 'x-access-token': admin }, payload: body.payload });
    expect(response.json()).toMatchObject({ success: true, code: 201, result: { successCount: 2, errorCount: 1 } });
    expect((await one(root)).hasChild).toBe('1');
    expect(await children(root)).toEqual(['导入子一']);
    const names = (await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?pageSize=100`, token: admin })).body.result.records.map((r) => r.name);
    expect(names).toContain('导入新根');
    expect(names).not.toContain('导入孤儿');
  });
});
