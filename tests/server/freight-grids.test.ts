/**
 * The two editable-grid screens of the freight area, through the engine's own endpoints: 运单 with 货物明细/费用明细
 * line items saved in one transaction, and the inline-edited 运价表, whose 保存 sends one partial edit per changed
 * row (only the fields sent change; permission and field rules hold) and whose saved rows reach other pages live.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import type { WireRecord } from '../../src/contracts/envelope.ts';

const WAYBILL = '/jeecg-boot/hywaybill/hyWaybill';
const RATE = '/jeecg-boot/hyfreight/hyFreightRate';

describe.each(BACKENDS)('freight editable grids on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const name of ['admin', 'ops', 'shipper']) tokens[name] = await t.login(name);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await t?.close();
  });

  const waybillId = async (no: string) =>
    (await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${WAYBILL}/list?waybillNo=${no}`, token: tokens.admin })).body.result.records[0]?.id as string | undefined;

  it('saves a 运单 with its goods and fee lines together, in order, and lists them back', async () => {
    const added = await t.call({
      method: 'POST',
      url: `${WAYBILL}/add`,
      token: tokens.ops,
      payload: {
        waybillNo: 'YD-001', startCity: '上海', endCity: '南京',
        goodsList: [{ goodsName: '水泥', weight: 7 }, { goodsName: '玻璃', weight: 3 }, { goodsName: '钢材', weight: 12.5 }],
        feeList: [{ feeName: '运费', amount: 1000.1 }, { feeName: '装卸费', amount: 20.5 }],
      },
    });
    expect(added.body).toMatchObject({ success: true });
    const id = await waybillId('YD-001');
    const goods = await t.call<WireRecord[]>({ method: 'GET', url: `${WAYBILL}/queryHyWaybillGoodsListByMainId?id=${id}`, token: tokens.ops });
    expect(goods.body.result.map((row) => [row.goodsName, row.orderNum, row.waybillId])).toEqual([['水泥', 1, id], ['玻璃', 2, id], ['钢材', 3, id]]);
    const fees = await t.call<WireRecord[]>({ method: 'GET', url: `${WAYBILL}/queryHyWaybillFeeListByMainId?id=${id}`, token: tokens.ops });
    expect(fees.body.result.map((row) => [row.feeName, Number(row.amount)])).toEqual([['运费', 1000.1], ['装卸费', 20.5]]);
  });

  it('keeps a 运单号 as it was created: an edit that changes it is refused, one that repeats it passes', async () => {
    const id = await waybillId('YD-001');
    const changed = await t.call({ method: 'PUT', url: `${WAYBILL}/edit`, token: tokens.admin, payload: { id, waybillNo: 'YD-999', remark: '改号' } });
    expect(changed.body).toMatchObject({ success: false, message: '运单号创建后不能修改' });
    expect((await t.call<WireRecord>({ method: 'GET', url: `${WAYBILL}/queryById?id=${id}`, token: tokens.admin })).body.result).toMatchObject({ waybillNo: 'YD-001' });
    const same = await t.call({ method: 'PUT', url: `${WAYBILL}/edit`, token: tokens.admin, payload: { id, waybillNo: 'YD-001', remark: '备注' } });
    expect(same.body).toMatchObject({ success: true });
  });

  it('refuses a 运单 whose line breaks a rule, naming the row, and writes nothing', async () => {
    const refused = await t.call({
      method: 'POST',
      url: `${WAYBILL}/add`,
      token: tokens.admin,
      payload: { waybillNo: 'YD-002', startCity: '上海', endCity: '杭州', goodsList: [{ goodsName: '煤', weight: 5 }, { weight: 3 }], feeList: [] },
    });
    expect(refused.body).toMatchObject({ success: false, message: '货物明细第2行：货物名称：请输入货物名称' });
    expect(await waybillId('YD-002')).toBeUndefined();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from hy_waybill_goods where goods_name = '煤'`.execute(t.ctx.db);
    expect(rows[0].n).toBe(0);
  });

  it('edits one 运价 row in place: only the sent fields change; rules and permissions hold', async () => {
    expect((await t.call({ method: 'POST', url: `${RATE}/add`, token: tokens.admin, payload: { startCity: '上海', endCity: '南京', unitPrice: 120.5, contactPhone: '13800000001', remark: '日班' } })).body.success).toBe(true);
    const list = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${RATE}/list?startCity=上海`, token: tokens.admin });
    const row = list.body.result.records[0];
    expect(row).toMatchObject({ endCity: '南京', status: '1', status_dictText: '启用' });

    const edited = await t.call({ method: 'PUT', url: `${RATE}/edit`, token: tokens.ops, payload: { id: row.id, unitPrice: 135 } });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    const after = (await t.call<WireRecord>({ method: 'GET', url: `${RATE}/queryById?id=${row.id}`, token: tokens.admin })).body.result;
    expect(after).toMatchObject({ startCity: '上海', endCity: '南京', contactPhone: '13800000001', remark: '日班', updateBy: 'ops' });
    expect(Number(after.unitPrice)).toBe(135);

    const bad = await t.call({ method: 'PUT', url: `${RATE}/edit`, token: tokens.admin, payload: { id: row.id, contactPhone: '12345' } });
    expect(bad.body).toMatchObject({ success: false, message: '联系电话：请输入正确的11位手机号码' });
    const cleared = await t.call({ method: 'PUT', url: `${RATE}/edit`, token: tokens.admin, payload: { id: row.id, remark: '' } });
    expect(cleared.body.success).toBe(true);
    expect((await t.call<WireRecord>({ method: 'GET', url: `${RATE}/queryById?id=${row.id}`, token: tokens.admin })).body.result.remark ?? '').toBe('');

    // The shipper may read the rate table but not change it.
    const denied = await t.call({ method: 'PUT', url: `${RATE}/edit`, token: tokens.shipper, payload: { id: row.id, unitPrice: 1 } });
    expect(denied.body.success).toBe(false);
    expect((await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${RATE}/list`, token: tokens.shipper })).body.result.records.map((r) => r.endCity)).toContain('南京');
  });

  it('sends a saved 运价 row to another user’s page showing the rate table', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/jeecg-boot/vxeSocket`;
    const shipperId = (await t.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'shipper').executeTakeFirstOrThrow()).id;
    const socket = new WebSocket(`${base}/${shipperId}/page-rates`, [tokens.shipper]);
    sockets.push(socket);
    const received: Array<{ type: string; data: unknown }> = [];
    let heartbeat: (() => void) | null = null;
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; data: unknown };
      if (message.type === 'heart_beat') heartbeat?.();
      else received.push(message);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    /** A heartbeat round trip: the server answers in order, so everything sent before it has arrived. */
    const roundTrip = () => new Promise<void>((resolve) => {
      heartbeat = resolve;
      socket.send(JSON.stringify({ type: 'heart_beat', data: '' }));
    });
    // Changes from the tests before are delivered ~50 ms after they were made (live-batch.ts): let them pass first.
    await roundTrip();
    socket.send(JSON.stringify({ type: 'bind', data: { socketKey: 'hyFreightRate' } }));
    await roundTrip();

    const id = (await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${RATE}/list?startCity=上海`, token: tokens.admin })).body.result.records[0].id;
    expect((await t.call({ method: 'PUT', url: `${RATE}/edit`, token: tokens.admin, payload: { id, remark: '夜间发车' } })).body.success).toBe(true);
    // The server answers a heartbeat only after the deliveries already under way.
    await roundTrip();
    expect(received, JSON.stringify(received)).toHaveLength(1);
    expect(received[0]).toMatchObject({ type: 'update_vxe_table', data: { socketKey: 'hyFreightRate', args: [{ id, remark: '夜间发车', endCity: '南京' }, null] } });
  });
});
