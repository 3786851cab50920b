/**
 * Issue 24, point 4: what the recorded pairs (tests/fixtures/stock-client/reports.json) do not show — the stock
 * client's report page pages exactly like getData, with the same rows for the same caller; report menu pages are
 * links opened through the hidden /online/cgreport/:code route, which comes with the pages a user may open and
 * with nothing else; and a database made before this change gets the same menu.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { MenuNode, PermissionResult } from '../../src/contracts/menu.ts';
import { reportMigrations } from '../../server/domains/report/migrations.ts';
import { ensureReportRoute, REPORT_ROUTE_ID } from '../../server/domains/report/store.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const API = '/jeecg-boot/online/cgreport/api';

interface Page {
  total: number;
  current: number;
  size: number;
  pages: number;
  records: Array<Record<string, unknown>>;
}

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe.each(BACKENDS)('stock client report pages on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [ops, admin] = [await t.login('ops'), await t.login('admin')];
  });
  afterAll(async () => {
    await t?.close();
  });

  const menuOf = async (token: string) =>
    flatten((await t.call<PermissionResult>({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token })).body.result.menu);

  it('pages, sorts and filters like getData, with the same rows', async () => {
    const query = 'pageNo=2&pageSize=3&column=driver_fee&order=desc';
    const combined = await t.call<{ data: Page }>({ method: 'GET', url: `${API}/getColumnsAndData/driver_income?${query}`, token: ops });
    const plain = await t.call<Page>({ method: 'GET', url: `${API}/getData/driver_income?${query}`, token: ops });
    expect(combined.body.success, combined.body.message).toBe(true);
    expect(combined.body.result.data).toEqual(plain.body.result);
    expect(combined.body.result.data).toMatchObject({ current: 2, size: 3 });
    expect(combined.body.result.data.records).toHaveLength(3);
    const fees = combined.body.result.data.records.map((r) => Number(r.driver_fee));
    expect(fees).toEqual([...fees].sort((a, b) => b - a));
    const first = await t.call<{ data: Page }>({ method: 'GET', url: `${API}/getColumnsAndData/driver_income?pageNo=1&pageSize=3&column=driver_fee&order=desc`, token: ops });
    expect(Number(first.body.result.data.records[2].driver_fee)).toBeGreaterThanOrEqual(fees[0]);
    // Looked up by id as JeecgBoot's own menus do, the answer is the same.
    const id = (await t.call<{ cgRpConfigId: string }>({ method: 'GET', url: `${API}/getRpColumns/driver_income`, token: ops })).body.result.cgRpConfigId;
    const byId = await t.call<{ data: Page }>({ method: 'GET', url: `${API}/getColumnsAndData/${id}?${query}`, token: ops });
    expect(byId.body.result.data).toEqual(combined.body.result.data);
    const filtered = await t.call<{ data: Page }>({ method: 'GET', url: `${API}/getColumnsAndData/driver_income?pageSize=100&driver_name=${encodeURIComponent('zz-nobody')}`, token: ops });
    expect(filtered.body.result.data).toMatchObject({ total: 0, records: [] });
  });

  it('answers the Vue3 report page’s getColumns as getRpColumns, with the report’s name and permission', async () => {
    const vue3 = await t.call<{ columns: unknown[]; cgreportHeadName: string }>({ method: 'GET', url: `${API}/getColumns/driver_income`, token: ops });
    const vue2 = await t.call({ method: 'GET', url: `${API}/getRpColumns/driver_income`, token: ops });
    expect(vue3.body.success, vue3.body.message).toBe(true);
    expect(vue3.body.result).toEqual(vue2.body.result);
    expect(vue3.body.result.columns.length).toBeGreaterThan(0);
    expect(vue3.body.result.cgreportHeadName).toBeTruthy();
    const shipper = await t.login('shipper');
    expect((await t.call({ method: 'GET', url: `${API}/getColumns/driver_income`, token: shipper })).body).toMatchObject({ success: false, code: 510 });
  });

  it('exports under the stock page’s exportManySheetXls name, with the same permission', async () => {
    const file = await t.app.inject({ method: 'GET', url: `${API}/exportManySheetXls/driver_income?driver_name=x`, headers: { 'x-access-token': ops } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const shipper = await t.login('shipper');
    const refused = await t.call({ method: 'GET', url: `${API}/exportManySheetXls/driver_income`, token: shipper });
    expect(refused.body).toMatchObject({ success: false, code: 510 });
  });

  it('menus report pages as links opened through the hidden /online/cgreport/:code route', async () => {
    const menu = await menuOf(ops);
    const route = menu.find((n) => n.path === '/online/cgreport/:code');
    expect(route).toMatchObject({ route: '1', hidden: true, name: 'onlineAutoList', component: 'modules/online/cgreport/auto/OnlCgreportAutoList' });
    const pages = menu.filter((n) => n.path?.startsWith('/online/cgreport/') && n.path !== '/online/cgreport/:code');
    expect(pages.map((p) => p.path)).toContain('/online/cgreport/driver_income');
    for (const page of pages) expect(page).toMatchObject({ route: '0', name: page.path.slice(1).replaceAll('/', '-') });
    // Their route names are unique, as the stock client's router demands (the rest of the menu is issue 24's point 6).
    const names = [route, ...pages].map((n) => n?.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('gives the route only to users who may open a report page', async () => {
    const shipper = await t.login('shipper');
    expect((await menuOf(shipper)).some((n) => n.path === '/online/cgreport/:code')).toBe(false);
    // A role granted no report page does not get the route by being granted anything else.
    const opsRole = await t.ctx.db.selectFrom('sys_role').select('id').where('role_code', '=', 'ops').executeTakeFirstOrThrow();
    await t.ctx.db.deleteFrom('sys_role_permission').where('role_id', '=', opsRole.id).where('permission_id', 'like', 'report:%').execute();
    const refreshed = await t.login('ops');
    expect((await menuOf(refreshed)).some((n) => n.path === '/online/cgreport/:code')).toBe(false);
  });

  it('turns the report pages of an older database into links and adds the route', async () => {
    // As the rows were before issue 24: each page its own route, component name shared, no parameter route.
    await sql`update sys_permission set is_route = true, component_name = 'OnlCgreportAutoList' where id like 'report:%'`.execute(t.ctx.db);
    // Migration 0141 (system/menus) runs first and names one page after its url; 0202 takes either name.
    await sql`update sys_permission set component_name = 'online-cgreport-driver_income' where id = 'report:driver_income'`.execute(t.ctx.db);
    await sql`update sys_permission set is_route = true, component_name = 'MyReportPage' where id = 'report:driver_picker'`.execute(t.ctx.db);
    await t.ctx.db.deleteFrom('sys_permission').where('id', '=', REPORT_ROUTE_ID).execute();
    await reportMigrations['0202_report_pages_as_links'].up(t.ctx.db as never);
    await ensureReportRoute(t.ctx.db);
    const rows = await t.ctx.db.selectFrom('sys_permission').select(['id', 'is_route', 'component_name']).where('id', 'like', 'report:%').execute();
    for (const row of rows.filter((r) => r.id !== 'report:driver_picker')) {
      expect(row).toMatchObject({ is_route: false, component_name: `online-cgreport-${row.id.slice('report:'.length)}` });
    }
    // A page an admin changed keeps what it has.
    expect(rows.find((r) => r.id === 'report:driver_picker')).toMatchObject({ is_route: true, component_name: 'MyReportPage' });
    expect((await menuOf(admin)).find((n) => n.path === '/online/cgreport/:code')).toMatchObject({ route: '1', hidden: true });
  });
});
