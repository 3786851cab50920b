/**
 * Demo 货源 and 运单 on a fresh database, on both databases: every waybill status 0–9 occurs (mostly 已完成), each
 * waybill's snapshot equals its order, driver and vehicle as the schema's copyFrom declares, fees are exact, the
 * history matches the status step by step with the times §2.1 sets, only approved drivers and vehicles are used,
 * and operations staff see the rows through the list API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { recordErrors } from '../../server/entity/validation.ts';
import { copiedValue } from '../../capabilities/references/contract.ts';
import { approvedPairs, generateFreight } from '../../server/seed/demo-freight.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

type Row = Record<string, unknown>;
const NOTE = '/jeecg-boot/hyshipping/hyShippingNote';
const ORDER = '/jeecg-boot/hyorder/hyOrder';
const FORWARD = ['ACCEPT', 'LOAD', 'UNLOAD', 'SIGN', 'PAY_CONFIRM', 'PAY', 'FINISH'];

/** Per truckload cents × (1 + rate), half up, times the trucks: worked out independently of the seed. */
const expectedCustomerFee = (driverFee: string, rate: number, trucks: number) => {
  const cents = Math.round(Number(driverFee) * 100) / trucks;
  expect(Number.isInteger(cents), `${driverFee} over ${trucks} trucks`).toBe(true);
  const total = Math.floor((cents * (10_000 + Math.round(rate * 10_000)) + 5_000) / 10_000) * trucks;
  return `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
};

describe.each(BACKENDS)('demo freight on %s', (kind) => {
  let t: TestApp;
  const data: Record<string, Row[]> = {};
  const entity = (name: string) => t.ctx.entities.find((e) => e.schema.name === name)!;

  /** Every row of an entity, with property names; money as exact text. */
  async function rows(name: string): Promise<Row[]> {
    const e = entity(name);
    const columns = sql.join(
      [...e.columns].map(([property, column]) => (e.types.get(property) === 'money' ? sql`${sql.id(column)}::text as ${sql.id(property)}` : sql`${sql.id(column)} as ${sql.id(property)}`)),
    );
    return (await sql<Row>`select ${columns} from ${sql.id(e.schema.table)} where tenant_id = 1`.execute(t.ctx.db)).rows;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const name of ['hyOrder', 'hyShippingNote', 'hyShippingNoteLog', 'hyCustomer', 'hyDriver', 'hyVehicle', 'hyDriverVehicle']) data[name] = await rows(name);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds about 60 orders and 150 waybills in every status, most of them 已完成, with unique numbers', () => {
    const { hyOrder: orders, hyShippingNote: notes } = data;
    expect(orders.length).toBe(60);
    expect(notes.length).toBeGreaterThan(120);
    expect(notes.length).toBeLessThan(180);
    const count = (status: string) => notes.filter((n) => n.shippingStatus === status).length;
    for (let s = 0; s <= 9; s++) expect(count(String(s)), `status ${s}`).toBeGreaterThan(0);
    expect(count('7')).toBeGreaterThan(notes.length / 2);
    expect(new Set(orders.map((o) => o.orderStatus))).toEqual(new Set(['0', '1', '2', '3', '4', '5', '6']));
    expect(orders.filter((o) => o.orderMode === '3').length).toBeGreaterThanOrEqual(2);
    expect(new Set(notes.map((n) => n.shippingNoteNumber)).size).toBe(notes.length);
    expect(new Set(orders.map((o) => o.orderNo)).size).toBe(orders.length);
    for (const n of notes) expect(String(n.shippingNoteNumber)).toBe(`YD${String(n.createTime).slice(2, 10).replace(/-/g, '')}${String(n.shippingNoteNumber).slice(-4)}`);
    for (const o of orders) expect(String(o.orderNo)).toMatch(new RegExp(`^DD${String(o.createTime).slice(0, 10).replace(/-/g, '')}\\d{4}$`));
    // Three months back from the demo day.
    expect(notes.every((n) => String(n.createTime) >= '2026-08-15' && String(n.createTime) <= '2026-11-22 09:30:00')).toBe(true);
  });

  it('copies each waybill snapshot from its order, driver and vehicle exactly as copyFrom declares', () => {
    const by = (name: string) => new Map(data[name].map((r) => [r.id, r]));
    const sources: Record<string, Map<unknown, Row>> = { orderId: by('hyOrder'), driverId: by('hyDriver'), vehicleId: by('hyVehicle') };
    const copies = Object.entries(entity('hyShippingNote').schema.fields).filter(([, f]) => f.copyFrom);
    expect(copies.map(([name]) => name)).toEqual(expect.arrayContaining(['customerId', 'goodsName', 'placeOfLoading', 'consignee', 'driverName', 'driverPhone', 'vehicleNumber', 'customerFee', 'driverFee', 'agentFee']));
    for (const note of data.hyShippingNote) {
      for (const [name, field] of copies) {
        const source = sources[field.copyFrom!.via].get(note[field.copyFrom!.via]);
        expect(source, `${String(note.shippingNoteNumber)} ${field.copyFrom!.via}`).toBeTruthy();
        const copied = copiedValue(field.copyFrom!, source!) ?? null;
        // Money is read back as exact text; a truck's share is worked out as a number of cents.
        const expected = field.type === 'money' && copied !== null ? Number(copied).toFixed(2) : copied;
        expect(note[name] ?? null, `${String(note.shippingNoteNumber)}.${name}`).toEqual(expected);
      }
      expect(note.totalFee).toBe(note.orderMode === '3' ? note.agentFee : note.customerFee);
    }
    const customers = by('hyCustomer');
    for (const order of data.hyOrder) expect(order.settlementType ?? null).toEqual(customers.get(order.customerId)?.settlementType ?? null);
  });

  it('keeps fees exact: per truckload customer fee = driver fee × (1 + service rate), total = agent fee in agent mode', () => {
    const customers = new Map(data.hyCustomer.map((c) => [c.id, c]));
    for (const order of data.hyOrder) {
      const rate = Number(customers.get(order.customerId)!.serviceRate);
      expect(order.customerFee, String(order.orderNo)).toBe(expectedCustomerFee(String(order.driverFee), rate, Number(order.truckCount)));
      if (order.orderMode === '3') {
        expect(order.agentId).toBeTruthy();
        expect(order.agentId).not.toBe(order.customerId);
        expect(Number(order.agentFee)).toBeGreaterThan(Number(order.customerFee));
        expect(order.totalFee).toBe(order.agentFee);
      } else {
        expect(order.agentId ?? null).toBeNull();
        expect(order.totalFee).toBe(order.customerFee);
      }
    }
  });

  it('gives every waybill the history of the steps it took, in time order, with the times and weights of its status', () => {
    const logs = new Map<unknown, Row[]>();
    for (const log of data.hyShippingNoteLog) logs.set(log.shippingNoteId, [...(logs.get(log.shippingNoteId) ?? []), log]);
    expect([...logs.keys()].every((id) => data.hyShippingNote.some((n) => n.id === id))).toBe(true);
    for (const note of data.hyShippingNote) {
      const no = String(note.shippingNoteNumber);
      const status = String(note.shippingStatus);
      const steps = [...(logs.get(note.id) ?? [])].sort((a, b) => String(a.eventTime).localeCompare(String(b.eventTime)));
      if (status === '0') expect(steps, no).toEqual([]);
      else expect(steps.length, no).toBeGreaterThan(0);
      let at = '0';
      for (const step of steps) {
        expect(step.fromStatus, no).toBe(at);
        at = String(step.toStatus);
        expect(step.operatorName, no).toBeTruthy();
      }
      expect(at, no).toBe(status);
      expect(new Set(steps.map((s) => s.eventTime)).size, no).toBe(steps.length);
      const first = (event: string) => steps.find((s) => s.event === event);
      const events = steps.map((s) => s.event);
      if (status === '7') expect(events.filter((e) => FORWARD.includes(String(e))), no).toEqual(expect.arrayContaining(FORWARD));
      if (status === '7') expect([...new Set(events.filter((e) => FORWARD.includes(String(e))))], no).toEqual(FORWARD);
      expect(note.consignmentDateTime ?? null, no).toBe(first('ACCEPT')?.eventTime ?? null);
      expect(note.despatchActualDateTime ?? null, no).toBe(first('LOAD')?.eventTime ?? null);
      expect(note.goodsReceiptDateTime ?? null, no).toBe(first('UNLOAD')?.eventTime ?? null);
      expect(note.finishDateTime ?? null, no).toBe(first('FINISH')?.eventTime ?? null);
      expect(note.loadingWeight ?? null, no).toBe(first('LOAD')?.weight ?? null);
      expect(note.unloadingWeight ?? null, no).toBe(first('UNLOAD')?.weight ?? null);
      if (['2', '3', '4', '5', '6', '7', '9'].includes(status)) expect(Number(note.loadingWeight), no).toBeGreaterThan(0);
      expect(note.payStatus, no).toBe(status === '6' || status === '7' ? '2' : '0');
      expect(note.suspendedFrom ?? null, no).toBe(status === '9' ? steps.at(-1)!.fromStatus : null);
      if (status === '9') expect(['2', '3']).toContain(note.suspendedFrom);
      if (status === '9') expect(steps.at(-1)).toMatchObject({ event: 'EXCEPTION', remark: note.exceptionReason });
      if (status === '8') expect(steps.at(-1)).toMatchObject({ event: 'CANCEL', remark: note.cancelReason });
      if (status === '8') expect(['0', '1']).toContain(steps.at(-1)!.fromStatus);
      expect(String(note.createTime) <= String(steps[0]?.eventTime ?? note.createTime), no).toBe(true);
    }
  });

  it('uses only approved drivers and vehicles', () => {
    const drivers = new Map(data.hyDriver.map((d) => [d.id, d]));
    const vehicles = new Map(data.hyVehicle.map((v) => [v.id, v]));
    for (const note of data.hyShippingNote) {
      expect(drivers.get(note.driverId)?.reviewStatus).toBe('2');
      expect(vehicles.get(note.vehicleId)?.reviewStatus).toBe('2');
    }
    expect(data.hyDriver.some((d) => d.reviewStatus !== '2')).toBe(true);
  });

  it('lists the waybills and orders for operations staff, with dictionary texts, and the orders pass their own rules', async () => {
    const ops = await t.login('ops');
    const notes = await t.call<{ records: WireRecord[]; total: number }>({ method: 'GET', url: `${NOTE}/list?pageSize=50`, token: ops });
    expect(notes.body.result.total).toBe(data.hyShippingNote.length);
    expect(notes.body.result.records[0]).toMatchObject({ shippingStatus_dictText: expect.any(String), customerId_dictText: expect.any(String) });
    const suspended = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${NOTE}/list?shippingStatus=9`, token: ops });
    expect(suspended.body.result.records.map((r) => r.shippingStatus_dictText)).toEqual(data.hyShippingNote.filter((n) => n.shippingStatus === '9').map(() => '异常挂起'));
    const orders = await t.call<{ records: WireRecord[]; total: number }>({ method: 'GET', url: `${ORDER}/list?pageSize=100`, token: ops });
    expect(orders.body.result.total).toBe(60);
    const fields = Object.keys(entity('hyOrder').schema.fields);
    for (const record of orders.body.result.records) {
      const values = Object.fromEntries(fields.filter((f) => record[f] !== null && record[f] !== undefined).map((f) => [f, record[f]]));
      expect(recordErrors(t.ctx, entity('hyOrder'), values), String(record.orderNo)).toEqual([]);
    }
  });

  it('generates the same data from the same sources', () => {
    const pairs = approvedPairs(data.hyDriver, data.hyVehicle, data.hyDriverVehicle);
    const counter = () => {
      let n = 0;
      return () => String(++n);
    };
    const make = () => generateFreight({ customers: data.hyCustomer, pairs }, { order: entity('hyOrder'), note: entity('hyShippingNote') }, { id: counter() });
    expect(JSON.stringify(make())).toBe(JSON.stringify(make()));
  });
});
