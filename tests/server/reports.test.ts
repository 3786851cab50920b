/**
 * Online report endpoints (contract §5) on both databases: seeded reports run with their permission only, filters
 * and sorting from the report's own columns, bound parameters, admins editing SQL that takes effect at once, and
 * every refusal the issue names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const API = '/jeecg-boot/online/cgreport/api';
const HEAD = '/jeecg-boot/online/cgreport/head';

interface Columns {
  columns: Array<{ dataIndex: string; title: string; sorter: string; isTotal: string; customRender?: string }>;
  dictOptions: Record<string, Array<{ value: string; text: string }>>;
  cgRpConfigId: string;
  cgRpConfigName: string;
  isGroupTitle: boolean;
}
interface Data {
  total: number;
  records: Array<Record<string, unknown>>;
}

describe.each(BACKENDS)('online reports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ops: string;
  let shipper: string;
  let summaryId: string;
  let pickerId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [admin, ops, shipper] = [await t.login('admin'), await t.login('ops'), await t.login('shipper')];
    summaryId = (await t.call<Columns>({ method: 'GET', url: `${API}/getRpColumns/driver_review_summary`, token: ops })).body.result.cgRpConfigId;
    pickerId = (await t.call<Columns>({ method: 'GET', url: `${API}/getRpColumns/driver_picker`, token: ops })).body.result.cgRpConfigId;
  });
  afterAll(async () => {
    await t?.close();
  });

  const data = (id: string, query = '', token = ops) => t.call<Data>({ method: 'GET', url: `${API}/getData/${id}?${query}`, token });

  it('describes a seeded report: columns with dictionaries and totals, query items folded past the second', async () => {
    const { body } = await t.call<Columns>({ method: 'GET', url: `${API}/getRpColumns/driver_review_summary`, token: ops });
    expect(body.result.cgRpConfigName).toBe('司机审核与信用统计');
    expect(body.result.columns.map((c) => c.dataIndex)).toEqual(['vehicle_class', 'review_status', 'drivers', 'low_credit', 'avg_credit', 'min_credit']);
    expect(body.result.columns.find((c) => c.dataIndex === 'drivers')).toMatchObject({ isTotal: '1', sorter: 'true' });
    expect(body.result.dictOptions.review_status.map((o) => o.text)).toContain('待审核');
    expect(body.result.isGroupTitle).toBe(true);
    const info = await t.call<Array<{ field: string; hidden?: string; view: string }>>({ method: 'GET', url: `${API}/getQueryInfo/${summaryId}`, token: ops });
    expect(info.body.result.map((q) => [q.field, q.view, q.hidden ?? ''])).toEqual([
      ['vehicle_class', 'dict', ''],
      ['review_status', 'dict', ''],
      ['drivers', 'number', '1'],
    ]);
  });

  it('returns data computed from the caller’s rows, filtered, ranged and sorted on allowed columns', async () => {
    const all = await data(summaryId, 'pageSize=100');
    expect(all.body.success, all.body.message).toBe(true);
    const drivers = (await sql<{ n: number }>`select count(*)::int as n from hy_driver where tenant_id = 1`.execute(t.ctx.db)).rows[0].n;
    expect(all.body.result.records.reduce((sum, r) => sum + Number(r.drivers), 0)).toBe(drivers);
    const pending = await data(summaryId, 'review_status=1&pageSize=100');
    expect(pending.body.result.records.every((r) => r.review_status === '1')).toBe(true);
    const sorted = await data(summaryId, 'column=drivers&order=desc&pageSize=100');
    const counts = sorted.body.result.records.map((r) => Number(r.drivers));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const ranged = await data(summaryId, 'drivers_begin=2&drivers_end=3&pageSize=100');
    expect(ranged.body.result.records.every((r) => Number(r.drivers) >= 2 && Number(r.drivers) <= 3)).toBe(true);
    expect((await data(summaryId, 'column=vehicle_class;drop&order=asc')).body).toMatchObject({ success: false, message: '请注意，将要排序的列字段不存在：vehicle_class;drop' });
  });

  it('binds self_ parameters and filter values, never pasting them into SQL', async () => {
    const none = await data(summaryId, `self_lowScore=${encodeURIComponent('0) or (1=1')}&pageSize=100`);
    expect(none.body.success).toBe(false);
    const strict = await data(summaryId, 'self_lowScore=101&pageSize=100');
    expect(strict.body.result.records.every((r) => r.low_credit === r.drivers)).toBe(true);
    const quote = await data(pickerId, `driver_name=${encodeURIComponent("' or '1'='1")}`);
    expect(quote.body.result.total).toBe(0);
  });

  it('refuses callers without the report’s permission, and unknown reports alike', async () => {
    for (const url of [`${API}/getRpColumns/driver_review_summary`, `${API}/getQueryInfo/${summaryId}`, `${API}/getData/${summaryId}`, `${API}/exportXls/${summaryId}`]) {
      expect((await t.call({ method: 'GET', url, token: shipper })).body).toMatchObject({ success: false, code: 510 });
    }
    expect((await t.call({ method: 'GET', url: `${API}/getRpColumns/no_such_report`, token: admin })).body).toMatchObject({ success: false, code: 510 });
    expect((await t.call({ method: 'GET', url: `${API}/getData/${summaryId}` })).status).toBe(401);
  });

  it('exports the filtered rows as a workbook', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/exportXls/${pickerId}?driver_name=a`, headers: { 'x-access-token': ops } });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('sums waybills, goods weight and fees by route and month in 线路月度运单统计', async () => {
    const add = (no: string, from: string, to: string, weights: number[], fees: number[]) =>
      t.call({
        method: 'POST',
        url: '/jeecg-boot/hywaybill/hyWaybill/add',
        token: admin,
        payload: { waybillNo: no, startCity: from, endCity: to, goodsList: weights.map((weight) => ({ goodsName: '钢材', weight })), feeList: fees.map((amount) => ({ feeName: '运费', amount })) },
      });
    for (const [no, from, to, weights, fees] of [['RPT-1', '上海', '南京', [7, 3], [1000.1]], ['RPT-2', '上海', '南京', [2.5], [200.2, 20]], ['RPT-3', '合肥', '南京', [1], []]] as const) {
      expect((await add(no, from, to, [...weights], [...fees])).body.success).toBe(true);
    }
    const id = (await t.call<Columns>({ method: 'GET', url: `${API}/getRpColumns/waybill_route_month`, token: ops })).body.result.cgRpConfigId;
    const month = new Date().toISOString().slice(0, 7);
    const page = await t.call<Data>({ method: 'GET', url: `${API}/getData/${id}?column=waybills&order=desc&start_city=上海`, token: ops });
    expect(page.body.result.records.map((r) => [r.start_city, r.end_city, r.month, r.waybills, Number(r.total_weight), Number(r.total_fee), Number(r.fee_per_waybill)])).toEqual([
      ['上海', '南京', month, 2, 12.5, 1220.3, 610.15],
    ]);
    expect((await t.call({ method: 'GET', url: `${API}/getRpColumns/waybill_route_month`, token: shipper })).body).toMatchObject({ success: false });
  });

  it('lets report admins edit SQL that takes effect at once, and refuses what the guard refuses', async () => {
    const report = (await t.call<Record<string, unknown>>({ method: 'GET', url: `${HEAD}/queryById?id=${pickerId}`, token: admin })).body.result;
    const bad = async (sqlText: string) =>
      (await t.call<{ errors: Array<{ field: string; message: string }> }>({ method: 'PUT', url: `${HEAD}/edit`, token: admin, payload: { ...report, sql: sqlText } })).body;
    expect((await bad('select * from sys_user')).result.errors[0]).toEqual({ field: 'sql', message: '报表不能查询表：sys_user' });
    expect((await bad('select 1; select 2')).result.errors[0].message).toBe('报表SQL只能是一条查询语句');
    expect((await bad('with x as (delete from hy_driver returning *) select * from x')).result.errors[0].message).toBe('不允许在报表中删除数据');
    expect((await bad('select * from hy_driver where id = ${undeclared}')).result.errors[0].message).toBe('SQL中的参数 ${undeclared} 没有定义');
    const narrowed = { ...report, sql: "select id, driver_name, telephone, vehicle_class, credit_score, create_time from hy_driver where credit_score > 1000" };
    expect((await t.call({ method: 'PUT', url: `${HEAD}/edit`, token: admin, payload: narrowed })).body.success).toBe(true);
    expect((await data(pickerId)).body.result.total).toBe(0);
    expect((await t.call({ method: 'PUT', url: `${HEAD}/edit`, token: ops, payload: narrowed })).body).toMatchObject({ success: false, code: 510 });
  });

  it('parses SQL into columns for the editor, keeping the settings of columns the form already has', async () => {
    const { body } = await t.call<{ fields: Array<{ field: string }>; columns: Array<Record<string, unknown>>; params: Array<Record<string, unknown>> }>({
      method: 'POST',
      url: `${HEAD}/parseSql`,
      token: admin,
      payload: {
        sql: 'select driver_name as name, credit_score from hy_driver where credit_score > ${min}',
        columns: [{ field: 'credit_score', title: '信用分', sortable: true }, { field: 'gone', title: '旧列' }],
        params: [{ name: 'min', label: '最低分', default: '60' }],
      },
    });
    expect(body.result.fields.map((f) => f.field)).toEqual(['name', 'credit_score']);
    expect(body.result.columns).toEqual([{ field: 'name', title: 'name' }, { field: 'credit_score', title: '信用分', sortable: true }]);
    expect(body.result.params).toEqual([{ name: 'min', label: '最低分', default: '60' }]);
    expect(body.message).toBe('解析成功：2个字段，1个参数');
    const refused = await t.call({ method: 'POST', url: `${HEAD}/parseSql`, token: ops, payload: { sql: 'select 1 as a from hy_driver' } });
    expect(refused.body).toMatchObject({ success: false, code: 510 });
  });

  it('previews an unsaved draft as a save would check it, with a page of rows', async () => {
    const draft = {
      name: '草稿',
      sql: "select driver_name, credit_score from hy_driver where review_status = '2'",
      columns: [{ field: 'driver_name', title: '姓名' }, { field: 'credit_score', title: '信用分', sortable: true }],
      pageSize: 2,
      column: 'credit_score',
      order: 'desc',
    };
    const { body } = await t.call<{ info: Columns; total: number; records: Array<Record<string, unknown>> }>({ method: 'POST', url: `${HEAD}/preview`, token: admin, payload: draft });
    expect(body.success).toBe(true);
    expect(body.result.info.columns.map((c) => c.title)).toEqual(['姓名', '信用分']);
    expect(body.result.records.length).toBeLessThanOrEqual(2);
    const scores = body.result.records.map((r) => Number(r.credit_score));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const bad = await t.call<{ errors: Array<{ field: string; message: string }> }>({ method: 'POST', url: `${HEAD}/preview`, token: admin, payload: { ...draft, sql: 'select * from sys_user' } });
    expect(bad.body.result.errors[0]).toEqual({ field: 'sql', message: '报表不能查询表：sys_user' });
    expect((await t.call({ method: 'POST', url: `${HEAD}/preview`, token: shipper, payload: draft })).body).toMatchObject({ success: false, code: 510 });
  });

  it('lists report configurations with the list screen\'s *x* filters, and keeps a report\'s code', async () => {
    const list = await t.call<{ records: Array<{ code: string }> }>({ method: 'GET', url: `${HEAD}/list?code=*picker*&pageNo=1&pageSize=10`, token: admin });
    expect(list.body.result.records.map((r) => r.code)).toEqual(['driver_picker']);
    expect((await t.call({ method: 'GET', url: `${HEAD}/list`, token: ops })).body).toMatchObject({ success: false, code: 510 });
    const report = (await t.call<Record<string, unknown>>({ method: 'GET', url: `${HEAD}/queryById?id=${summaryId}`, token: admin })).body.result;
    await t.call({ method: 'PUT', url: `${HEAD}/edit`, token: admin, payload: { ...report, code: 'renamed' } });
    const after = await t.call<Record<string, unknown>>({ method: 'GET', url: `${HEAD}/queryById?id=${summaryId}`, token: admin });
    expect(after.body.result.code).toBe('driver_review_summary');
  });
});
