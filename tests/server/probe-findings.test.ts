/**
 * Issue 21, findings 1–5, as the outside probe tried them (signed in as `shipper`), on both databases: each one
 * reproduces the request that got through and checks that it no longer does. The sweep over every entity is
 * scope-sweep.test.ts; malformed input, tokens and lockout have files of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const P = '/jeecg-boot';
const NOTE = `${P}/hyshipping/hyShippingNote`;
const ORDER = `${P}/hyorder/hyOrder`;

describe.each(BACKENDS)('issue 21 probe findings on %s', (kind) => {
  let t: TestApp;
  let shipper: string;
  let ops: string;
  let own = '';
  /** A waybill the shipper reads whose fees it is not shown (agent mode, another company as agent). */
  let masked: { id: string; fee: number; orderId: string; unitPrice: number };

  const list = async (url: string, token = shipper) => (await t.call<Page<WireRecord>>({ method: 'GET', url, token })).body;
  const ids = (body: { result: Page<WireRecord> }) => body.result.records.map((r) => String(r.id));

  beforeAll(async () => {
    t = await startTestApp(kind);
    [shipper, ops] = [await t.login('shipper'), await t.login('ops')];
    own = (await sql<{ c: string }>`select customer_id as c from sys_user where username = 'shipper'`.execute(t.ctx.db)).rows[0].c;
    // Make one of the shipper's waybills agent-mode with another company as agent (the demo may have none).
    const [agent] = (await sql<{ id: string }>`select id from hy_customer where id <> ${own} limit 1`.execute(t.ctx.db)).rows;
    const [row] = (await sql<{ id: string; order_id: string }>`select id, order_id from hy_shipping_note
      where customer_id = ${own} and customer_fee is not null and order_id is not null order by id limit 1`.execute(t.ctx.db)).rows;
    await sql`update hy_shipping_note set order_mode = '3', agent_id = ${agent.id}, customer_fee = 8315.52 where id = ${row.id}`.execute(t.ctx.db);
    await sql`update hy_order set order_mode = '3', agent_id = ${agent.id}, customer_unit_price = 231.77 where id = ${row.order_id}`.execute(t.ctx.db);
    masked = { id: row.id, fee: 8315.52, orderId: row.order_id, unitPrice: 231.77 };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('1: a fee shown as -- matches no filter, range, advanced query or sort position', async () => {
    const shown = (await list(`${NOTE}/list?pageSize=200&shippingNoteNumber=`)).result.records.find((r) => r.id === masked.id);
    expect(shown?.customerFee).toBe('--');
    // Staff still find it by its fee: the filter works, it only ignores rows where the caller sees --.
    expect(ids(await list(`${NOTE}/list?customerFee=${masked.fee}`, ops))).toContain(masked.id);
    const probes = [
      `customerFee=${masked.fee}`,
      `customerFee=${encodeURIComponent(`>= ${masked.fee}`)}`,
      `customerFee=${encodeURIComponent(`!= 1`)}`,
      `customerFee_begin=${masked.fee}&customerFee_end=${masked.fee}`,
      `customerFee_MultiString=${masked.fee}`,
      `superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'customerFee', rule: 'gt', val: '8300' }]))}`,
      `superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'customerFee', rule: 'eq', val: String(masked.fee) }]))}`,
    ];
    for (const probe of probes) {
      const body = await list(`${NOTE}/list?pageSize=200&${probe}`);
      expect(body.success, probe).toBe(true);
      expect(ids(body), probe).not.toContain(masked.id);
    }
    // Sorted by the fee, the row sits with the empty values (last) both ways: its position tells nothing.
    for (const order of ['asc', 'desc']) {
      const body = await list(`${NOTE}/list?pageSize=1000&column=customerFee&order=${order}`);
      const records = body.result.records;
      const at = records.findIndex((r) => r.id === masked.id);
      expect(at, order).toBeGreaterThanOrEqual(0);
      expect(records.slice(at).every((r) => r.customerFee === '--' || r.customerFee === null || r.customerFee === undefined), order).toBe(true);
    }
    // Orders leaked through the unit price the same way.
    expect(ids(await list(`${ORDER}/list?pageSize=200&customerUnitPrice=${masked.unitPrice}`))).not.toContain(masked.orderId);
    expect(ids(await list(`${ORDER}/list?pageSize=200&customerUnitPrice=${masked.unitPrice}`, ops))).toContain(masked.orderId);
  });

  it('1: a field the caller only ever sees masked is refused as a filter or sort, with the field named', async () => {
    const [driver] = (await sql<{ telephone: string; id_card: string }>`select telephone, id_card from hy_driver where id in (
      select driver_id from hy_shipping_note where customer_id = ${own}) limit 1`.execute(t.ctx.db)).rows;
    expect(await list(`${P}/hydriver/hyDriver/list?telephone=${driver.telephone}`)).toMatchObject({ success: false, message: '手机号不能作为查询条件' });
    expect(await list(`${P}/hydriver/hyDriver/list?idCard=${encodeURIComponent(`*${driver.id_card.slice(0, 6)}*`)}`)).toMatchObject({ success: false, message: '身份证号不能作为查询条件' });
    expect(await list(`${P}/hydriver/hyDriver/list?column=telephone&order=asc`)).toMatchObject({ success: false, message: '手机号不能用于排序' });
    const advanced = encodeURIComponent(JSON.stringify([{ field: 'idCard', rule: 'right_like', val: driver.id_card.slice(0, 10) }]));
    expect(await list(`${P}/hydriver/hyDriver/list?superQueryParams=${advanced}`)).toMatchObject({ success: false, message: '身份证号不能作为查询条件' });
    // Someone who may edit drivers (and so sees the whole number in the detail) still searches by it.
    expect((await list(`${P}/hydriver/hyDriver/list?telephone=${driver.telephone}`, ops)).result.total).toBe(1);
  });

  it('2: waybill history is read through the waybill: only the shipper\'s own waybills\' events', async () => {
    const body = await list(`${P}/hyshipping/hyShippingNoteLog/list?pageSize=1000`);
    expect(body.success).toBe(true);
    const readable = new Set(ids(await list(`${NOTE}/list?pageSize=1000`)));
    const noteIds = new Set(body.result.records.map((r) => String(r.shippingNoteId)));
    expect(noteIds.size).toBeGreaterThan(0);
    for (const id of noteIds) expect(readable.has(id)).toBe(true);
    const [expected] = (await sql<{ n: number }>`select count(*)::int as n from hy_shipping_note_log l join hy_shipping_note s on s.id = l.shipping_note_id
      where s.customer_id = ${own} or s.agent_id = ${own}`.execute(t.ctx.db)).rows;
    expect(body.result.total).toBe(expected.n);
    const [foreign] = (await sql<{ id: string }>`select l.id from hy_shipping_note_log l join hy_shipping_note s on s.id = l.shipping_note_id
      where s.customer_id <> ${own} and coalesce(s.agent_id, '') <> ${own} limit 1`.execute(t.ctx.db)).rows;
    expect((await t.call({ method: 'GET', url: `${P}/hyshipping/hyShippingNoteLog/queryById?id=${foreign.id}`, token: shipper })).body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('3: a shipper sees only the drivers and vehicles of its waybills, phones and ID-bearing numbers masked', async () => {
    const drivers = (await list(`${P}/hydriver/hyDriver/list?pageSize=1000`)).result;
    const [onWaybills] = (await sql<{ n: number }>`select count(distinct driver_id)::int as n from hy_shipping_note
      where customer_id = ${own} or agent_id = ${own}`.execute(t.ctx.db)).rows;
    expect(drivers.total).toBe(onWaybills.n);
    expect(drivers.total).toBeLessThan(100);
    for (const driver of drivers.records) {
      for (const field of ['telephone', 'idCard', 'licenseNo', 'qualificationCertificate']) {
        const value = driver[field];
        if (typeof value === 'string' && value.length > 7) expect(value, field).toContain('*');
      }
    }
    const detail = (await t.call<WireRecord>({ method: 'GET', url: `${P}/hydriver/hyDriver/queryById?id=${String(drivers.records[0].id)}`, token: shipper })).body.result;
    expect(String(detail.telephone)).toContain('*');
    const vehicles = (await list(`${P}/hyvehicle/hyVehicle/list?pageSize=1000`)).result;
    const [vehiclesOnWaybills] = (await sql<{ n: number }>`select count(distinct vehicle_id)::int as n from hy_shipping_note
      where customer_id = ${own} or agent_id = ${own}`.execute(t.ctx.db)).rows;
    expect(vehicles.total).toBe(vehiclesOnWaybills.n);
    // User lookups stay within the caller's own customer.
    const users = (await t.call<Page<{ username: string }>>({ method: 'GET', url: `${P}/sys/user/queryUserComponentData?pageSize=100`, token: shipper })).body.result;
    const [sameCustomer] = (await sql<{ n: number }>`select count(*)::int as n from sys_user where customer_id = ${own} and del_flag = 0 and status = 1`.execute(t.ctx.db)).rows;
    expect(users.total).toBe(sameCustomer.n);
    expect(users.records.map((u) => u.username)).not.toContain('admin');
  });

  it('4: state and its times are set by operations only, never by add or edit', async () => {
    const [template] = (await list(`${ORDER}/list?pageSize=1`)).result.records;
    const detail = (await t.call<WireRecord>({ method: 'GET', url: `${ORDER}/queryById?id=${String(template.id)}`, token: shipper })).body.result;
    const fresh: WireRecord = { ...detail, orderNo: `DD-PROBE-${kind.toUpperCase()}`, orderStatus: '6' };
    for (const key of ['id', 'createTime', 'createBy', 'updateTime', 'updateBy', 'sysOrgCode']) delete fresh[key];
    for (const key of Object.keys(fresh)) if (key.endsWith('_dictText') || fresh[key] === '--') delete fresh[key];
    const refused = (await t.call({ method: 'POST', url: `${ORDER}/add`, token: shipper, payload: fresh })).body;
    expect(refused).toMatchObject({ success: false });
    expect(JSON.stringify(refused)).toContain('订单状态由');
    expect((await sql<{ n: number }>`select count(*)::int as n from hy_order where order_no = ${fresh.orderNo}`.execute(t.ctx.db)).rows[0].n).toBe(0);
    // A draft is a state a new order may start in.
    const draftAdd = (await t.call({ method: 'POST', url: `${ORDER}/add`, token: shipper, payload: { ...fresh, orderStatus: '0' } })).body;
    expect(draftAdd, JSON.stringify(draftAdd)).toMatchObject({ success: true });
    const [draft] = (await sql<{ id: string }>`select id from hy_order where order_no = ${fresh.orderNo}`.execute(t.ctx.db)).rows;
    const edited = (await t.call({ method: 'PUT', url: `${ORDER}/edit`, token: shipper, payload: { id: draft.id, orderStatus: '6' } })).body;
    expect(JSON.stringify(edited)).toContain('订单状态由');
    expect((await sql<{ s: string }>`select order_status as s from hy_order where id = ${draft.id}`.execute(t.ctx.db)).rows[0].s).toBe('0');
  });

  it('5: an export with a bad sort column is refused with the envelope before any byte of a workbook', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${ORDER}/exportXls?column=nosuchcol`, headers: { 'x-access-token': ops } });
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ success: false, message: '请注意，将要排序的列字段不存在：nosuchcol' });
    const hidden = await t.app.inject({ method: 'GET', url: `${P}/hydriver/hyDriver/exportXls?telephone=1`, headers: { 'x-access-token': shipper } });
    expect(hidden.headers['content-type']).toContain('application/json');
  });
});
