import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { schemasWithFixtures } from './helpers/fixture-schemas.ts';
import type { DepartTreeNode, Page, UserPickItem, WireRecord } from '../../src/contracts/index.ts';

const P = '/jeecg-boot';
const API = `${P}/test/fieldTypesDemo`;

describe.each(BACKENDS)('newer field types on %s', (kind) => {
  let t: TestApp;
  let schemas: ReturnType<typeof schemasWithFixtures>;
  let admin: string;
  beforeAll(async () => {
    schemas = schemasWithFixtures();
    t = await startTestApp(kind, { schemasDir: schemas.dir });
    admin = await t.login('admin');
    // Another tenant's department and user: never offered, never accepted.
    await t.ctx.db.insertInto('sys_depart').values({ id: 'd-other', parent_id: null, depart_name: '别家公司', org_code: 'Z99', org_category: '1', depart_order: 1, tenant_id: 2 }).execute();
    await t.ctx.db.insertInto('sys_user').values({ id: 'u-other', username: 'otheruser', realname: '别家用户', password_hash: 'x', status: 1, del_flag: 0, user_type: 1, rel_tenant_ids: '2' }).execute();
  });
  afterAll(async () => {
    await t?.close();
    schemas?.remove();
  });

  const add = (body: Record<string, unknown>) => t.call<{ id: string }>({ method: 'POST', url: `${API}/add`, token: admin, payload: body });
  const list = async () => (await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?pageSize=50`, token: admin })).body.result.records;
  const valid = { title: '样例', secret: 'hunter22', depart: 'd-ops' };

  it('stores every type, comma-joins several values, and names departments and users', async () => {
    const saved = await add({
      ...valid,
      title: '完整样例',
      classes: 'A1,B2',
      ownerType: '2',
      labels: 'ab,cd',
      location: '109.78,39.61',
      handlers: 'admin,ops',
    });
    expect(saved.body).toMatchObject({ success: true });
    const row = (await list()).find((r) => r.title === '完整样例')!;
    expect(row).toMatchObject({ classes: 'A1,B2', labels: 'ab,cd', location: '109.78,39.61', depart: 'd-ops', handlers: 'admin,ops' });
    expect(row.classes_dictText).toMatch(/,/);
    expect(row.depart_dictText).toBe('运营部');
    expect(row.handlers_dictText).toBe('系统管理员,运营专员');
  });

  it('refuses bad values with a sentence naming the field', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const answer = await add({ ...valid, ...body });
      expect(answer.body.success).toBe(false);
      expect(JSON.stringify(answer.body)).toContain(field);
    };
    await bad({ classes: 'A1,ZZ' }, '准驾车型');
    await bad({ location: '190,20' }, '位置');
    await bad({ location: '100,-91' }, '位置');
    await bad({ labels: 'ab,,cd' }, '标签');
    await bad({ depart: undefined }, '请选择所属部门');
    await bad({ depart: 'd-other' }, '所属部门');
    await bad({ handlers: 'admin,otheruser' }, '经办人');
    await bad({ secret: '123' }, '口令');
  });

  it('stores rich text sanitised: scripts and event handlers are gone', async () => {
    const answer = await add({ ...valid, title: '富文本', body: '<p onclick="x()">好<img src="http://e/x.png" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">链</a></p>' });
    expect(answer.body.success).toBe(true);
    const row = (await list()).find((r) => r.title === '富文本')!;
    const html = String(row.body);
    expect(html).toContain('好');
    expect(html).toContain('<img src="http://e/x.png"');
    expect(html).not.toMatch(/script|onerror|onclick|javascript:/i);
  });

  it('hashes passwords and never sends them back; an empty password on edit keeps the stored one', async () => {
    const { id } = (await add({ ...valid, title: '口令样例' })).body.result;
    const stored = await t.ctx.db.selectFrom('test_field_types' as never).select('secret' as never).where('id' as never, '=', id as never).executeTakeFirstOrThrow();
    expect(String((stored as { secret: string }).secret)).toMatch(/^scrypt\$/);
    const one = await t.call<WireRecord>({ method: 'GET', url: `${API}/queryById?id=${id}`, token: admin });
    expect(one.body.result).not.toHaveProperty('secret');
    expect((await list()).every((r) => !('secret' in r))).toBe(true);
    // Filtering on it is ignored rather than answered (a LIKE would let a caller guess the hash).
    const filtered = await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?secret=*scrypt*`, token: admin });
    expect(filtered.body.result.total).toBe((await list()).length);

    const edited = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id, title: '口令样例2', secret: null } });
    expect(edited.body).toMatchObject({ success: true });
    const after = await t.ctx.db.selectFrom('test_field_types' as never).select('secret' as never).where('id' as never, '=', id as never).executeTakeFirstOrThrow();
    expect(after).toEqual(stored);
  });

  it('offers the tenant departments as a tree and the tenant users without credentials, to logged-in callers only', async () => {
    expect((await t.call({ method: 'GET', url: `${P}/sys/sysDepart/queryTreeList` })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: `${P}/sys/user/queryUserComponentData` })).status).toBe(401);

    const tree = (await t.call<DepartTreeNode[]>({ method: 'GET', url: `${P}/sys/sysDepart/queryTreeList`, token: admin })).body.result;
    const flat = (nodes: DepartTreeNode[]): DepartTreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const names = flat(tree).map((n) => n.departName);
    expect(names).toContain('运营部');
    expect(names).not.toContain('别家公司');
    const ops = flat(tree).find((n) => n.id === 'd-ops')!;
    expect(ops).toMatchObject({ key: 'd-ops', value: 'd-ops', title: '运营部', isLeaf: true, children: null, parentId: 'd-platform' });

    const users = (await t.call<Page<UserPickItem>>({ method: 'GET', url: `${P}/sys/user/queryUserComponentData?pageSize=50`, token: admin })).body.result.records;
    expect(users.map((u) => u.username)).toContain('ops');
    expect(users.map((u) => u.username)).not.toContain('otheruser');
    expect(JSON.stringify(users)).not.toMatch(/password|salt|scrypt/i);
    const found = (await t.call<Page<UserPickItem>>({ method: 'GET', url: `${P}/sys/user/queryUserComponentData?realname=${encodeURIComponent('运营')}`, token: admin })).body.result.records;
    expect(found.map((u) => u.username)).toEqual(['ops']);
  });

  it('exports names and texts without the password, and imports them back', async () => {
    const exported = await t.app.inject({ method: 'GET', url: `${API}/exportXls`, headers: { 'X-Access-Token': admin } });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    expect(headers).not.toContain('口令');
    const texts = JSON.stringify(sheet.getSheetValues());
    expect(texts).toContain('运营部');
    expect(texts).toContain('系统管理员,运营专员');
  });
});
