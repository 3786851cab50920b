/**
 * Issue 8 fee visibility on both databases: on an agent-mode order (orderMode 3) a shipper or shipper admin who is
 * not the order's agent never receives the customer/driver fees — not from the list, the detail, the export, a
 * waybill made from it, nor a report over the table — while staff see every fee. 运费总额 is the agent's fee for
 * mode 3 and the customer fee otherwise, worked out by the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { insertEntityRow } from './helpers/freight.ts';

const ORDER = '/jeecg-boot/hyorder/hyOrder';
const NOTE = '/jeecg-boot/hyshipping/hyShippingNote';
const HEAD = '/jeecg-boot/online/cgreport/head';
const API = '/jeecg-boot/online/cgreport/api';


/**
 * Every value, at any depth, that is one of the hidden fees (6400 driver, 7360 customer) — compared whole, so an id
 * that merely contains the digits (snowflake ids are random) does not count.
 */
function hiddenFeesIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(hiddenFeesIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(hiddenFeesIn);
  return [6400, 7360].includes(Number(value)) ? [value] : [];
}

describe.each(BACKENDS)('fee masking on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let admin: string;
  const ids = { shipperCo: '', agentCo: '', driver: '', vehicle: '' };

  const order = (no: string, mode: string) => ({
    orderNo: no, customerId: ids.shipperCo, orderMode: mode, ...(mode === '3' ? { agentId: ids.agentCo, agentFee: 7000 } : {}),
    businessTypeCode: '1002996', goodsName: '铁矿粉', cargoTypeClassificationCode: '0300', totalWeight: 32,
    loadingName: '日照港2号堆场', loadingContact: '张伟', loadingPhone: '13912345678', loadingAddress: '山东省日照市东港区', loadingAreaCode: '371102',
    unloadingName: '临沂钢厂', unloadingContact: '刘磊', unloadingPhone: '13812345678', unloadingAddress: '山东省临沂市兰山区', unloadingAreaCode: '371302',
    loadTimeStart: '2026-11-22 08:00:00', priceUnit: '1', customerUnitPrice: 230, customerFee: 7360, driverUnitPrice: 200, driverFee: 6400, settleWeightRule: '3', truckCount: 1,
  });
  const listAs = async (token: string, url: string) => (await t.call<{ records: WireRecord[] }>({ method: 'GET', url, token })).body.result.records;

  beforeAll(async () => {
    t = await startTestApp(kind, { seedDrivers: 0 });
    [ops, admin] = [await t.login('ops'), await t.login('admin')];
    ids.shipperCo = await insertEntityRow(t.ctx, 'hyCustomer', { customerName: '临沂宏运商贸有限公司', reviewStatus: '2', status: '1' });
    ids.agentCo = await insertEntityRow(t.ctx, 'hyCustomer', { customerName: '日照远航物流有限公司', reviewStatus: '2', status: '1' });
    ids.driver = await insertEntityRow(t.ctx, 'hyDriver', { driverName: '刘强', telephone: '13912345670', idCard: '110101199003078515', reviewStatus: '2', validPeriodTo: '2099-12-31' });
    ids.vehicle = await insertEntityRow(t.ctx, 'hyVehicle', { vehicleNumber: '鲁L12345', vehiclePlateColorCode: '2', reviewStatus: '2', inspectionValidTo: '2099-12-31', roadTransportValidTo: '2099-12-31' });
    await sql`update sys_user set customer_id = ${ids.shipperCo} where username in ('shipper', 'shipperadmin')`.execute(t.ctx.db);
    for (const [no, mode] of [['DD-AGENT-1', '3'], ['DD-DIRECT-1', '1']]) {
      expect((await t.call({ method: 'POST', url: `${ORDER}/add`, token: ops, payload: order(no, mode) })).body).toMatchObject({ success: true });
    }
    const agentOrder = (await listAs(ops, `${ORDER}/list?orderNo=DD-AGENT-1`))[0];
    const added = await t.call({ method: 'POST', url: `${NOTE}/add`, token: ops, payload: { shippingNoteNumber: 'YDAGENT01', orderId: agentOrder.id, driverId: ids.driver, vehicleId: ids.vehicle } });
    expect(added.body.success).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('works out 运费总额 and refuses an agent-mode order without its agent', async () => {
    const rows = await listAs(ops, `${ORDER}/list?column=orderNo&order=asc`);
    expect(rows.map((r) => [r.orderNo, Number(r.totalFee)])).toEqual([['DD-AGENT-1', 7000], ['DD-DIRECT-1', 7360]]);
    const refused = await t.call({ method: 'POST', url: `${ORDER}/add`, token: ops, payload: { ...order('DD-AGENT-2', '3'), agentId: undefined } });
    expect(refused.body).toMatchObject({ success: false });
    expect(JSON.stringify(refused.body)).toContain('请输入经纪人');
  });

  it('never sends the hidden fees to a shipper or shipper admin: list, detail and waybill', async () => {
    for (const user of ['shipper', 'shipperadmin']) {
      const token = await t.login(user);
      const [agent, direct] = await listAs(token, `${ORDER}/list?column=orderNo&order=asc`);
      expect(agent).toMatchObject({ orderNo: 'DD-AGENT-1', customerFee: '--', driverFee: '--', driverUnitPrice: '--', customerUnitPrice: '--' });
      expect(Number(agent.totalFee)).toBe(7000);
      expect(hiddenFeesIn(agent)).toEqual([]);
      expect(Number(direct.driverFee)).toBe(6400);
      const detail = await t.call<WireRecord>({ method: 'GET', url: `${ORDER}/queryById?id=${String(agent.id)}`, token });
      expect(detail.body.result).toMatchObject({ driverFee: '--', customerFee: '--' });
      const [note] = await listAs(token, `${NOTE}/list`);
      expect(note).toMatchObject({ shippingNoteNumber: 'YDAGENT01', driverFee: '--', customerFee: '--' });
      expect(Number(note.totalFee)).toBe(7000);
    }
    const [staffView] = await listAs(ops, `${ORDER}/list?orderNo=DD-AGENT-1`);
    expect(Number(staffView.driverFee)).toBe(6400);
  });

  it('keeps them out of the export', async () => {
    await sql`insert into sys_role_permission (role_id, permission_id)
      select r.id, 'perm:hyorder:hyOrder:exportXls' from sys_role r where r.role_code = 'shipper' on conflict do nothing`.execute(t.ctx.db);
    const token = await t.login('shipper');
    const response = await t.app.inject({ method: 'GET', url: `${ORDER}/exportXls?orderNo=DD-AGENT-1`, headers: { 'x-access-token': token } });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const values = workbook.worksheets[0].getSheetValues();
    expect(JSON.stringify(values)).toContain('DD-AGENT-1');
    expect(hiddenFeesIn(values)).toEqual([]);
  });

  it('keeps them out of reports over the table', async () => {
    const added = await t.call<{ id: string }>({
      method: 'POST', url: `${HEAD}/add`, token: admin,
      payload: { code: 'order_fees', name: '订单运费', sql: 'select order_no, driver_fee, customer_fee, total_fee from hy_order', columns: [{ field: 'order_no', title: '订单号', sortable: true }, { field: 'driver_fee', title: '司机运费' }, { field: 'customer_fee', title: '货主运费' }, { field: 'total_fee', title: '运费总额' }] },
    });
    expect(added.body.success).toBe(true);
    await sql`insert into sys_role_permission (role_id, permission_id)
      select r.id, 'perm:onl:cgreport:order_fees' from sys_role r where r.role_code = 'shipper' on conflict do nothing`.execute(t.ctx.db);
    const token = await t.login('shipper');
    const data = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${API}/getData/order_fees?column=order_no&order=asc`, token });
    expect(data.body).toMatchObject({ success: true });
    const [agent, direct] = data.body.result.records;
    expect(agent).toMatchObject({ order_no: 'DD-AGENT-1', driver_fee: null, customer_fee: null });
    expect(Number(agent.total_fee)).toBe(7000);
    expect(Number(direct.driver_fee)).toBe(6400);
  });

  it('shows the agent the orders and waybills it brokers, fees included, but lets it change none of them', async () => {
    await sql`update sys_user set customer_id = ${ids.agentCo} where username = 'shipperadmin'`.execute(t.ctx.db);
    await sql`insert into sys_role_permission (role_id, permission_id)
      select r.id, 'perm:hyorder:hyOrder:edit' from sys_role r where r.role_code = 'shipperadmin' on conflict do nothing`.execute(t.ctx.db);
    const agent = await t.login('shipperadmin');
    const orders = await listAs(agent, `${ORDER}/list`);
    expect(orders.map((r) => r.orderNo)).toEqual(['DD-AGENT-1']);
    expect(Number(orders[0].driverFee)).toBe(6400);
    const detail = await t.call<WireRecord>({ method: 'GET', url: `${ORDER}/queryById?id=${String(orders[0].id)}`, token: agent });
    expect(Number(detail.body.result.customerFee)).toBe(7360);
    const notes = await listAs(agent, `${NOTE}/list`);
    expect(notes.map((r) => [r.shippingNoteNumber, Number(r.driverFee)])).toEqual([['YDAGENT01', 6400]]);
    // Reading is all: the order stays the shipper's.
    const edit = await t.call({ method: 'PUT', url: `${ORDER}/edit`, token: agent, payload: { id: orders[0].id, remark: '经纪人改的' } });
    expect(edit.body).toMatchObject({ success: false, message: '未找到对应数据' });
    const owner = await sql<{ customer_id: string; remark: string | null }>`select customer_id, remark from hy_order where order_no = 'DD-AGENT-1'`.execute(t.ctx.db);
    expect(owner.rows[0]).toEqual({ customer_id: ids.shipperCo, remark: null });
  });
});
