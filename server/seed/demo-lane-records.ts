/**
 * The demo's records kept per lane (freight-domain.md §6, demo-freight-lanes.ts) for a fresh database, so the
 * 运价表 and 托运单管理 screens show something on first start (issue 8):
 *
 * - 运价表 (hy_freight_rate): one rate per origin → destination, in 元/吨 as the drivers are paid (the shipper's
 *   price net of the platform's service rate; a per-truck price divided by the lane's truckload), with two to four
 *   approved drivers whose vehicles fit the lane, as the 适用司机 picker would have written them.
 * - 托运单 (hy_waybill): consignment notes with their goods and fee lines (the sub-tables saved with the note).
 *
 * Deterministic for (seed, today), apart from ids.
 */
import type { Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import type { EntityRuntime } from '../entity/registry.ts';
import { newId } from '../core/ids.ts';
import { DEMO_REFERENCE_DATE } from './demo-drivers.ts';
import { LANES, type Lane } from './demo-freight-lanes.ts';
import { approvedPairs, insertBatch, readAll, type Pair, type Row } from './demo-freight.ts';
import { beijing, beijingDay, beijingMidnight, DAY, HOUR, money, random, type Random } from './demo-freight-steps.ts';
import { DEMO_TENANT_ID } from './seed.ts';

export const DEFAULT_LANE_RECORDS_SEED = 20261127;
/** The platform's average service rate over its customers (demo-customers.ts: 5.5–7.2 %). */
const SERVICE_RATE = 0.065;
const DISPATCH_PHONES = ['13947710216', '13947710358', '15804770921'];
const HANDLING_FEES = ['装卸费', '过磅费', '苫盖费', '信息费'];

const audit = (at: number): Row => ({ createBy: 'ops', createTime: beijing(at), sysOrgCode: 'A01A01', tenant_id: DEMO_TENANT_ID });

/** A moment `days` before `now` in the dispatch office's busy hours (06–10 and 14–18 Beijing time, §6). */
function officeMoment(rnd: Random, now: number, days: number): number {
  const hour = rnd.next() < 0.5 ? rnd.int(6, 9) : rnd.int(14, 17);
  const at = beijingMidnight(now) - days * DAY + hour * HOUR + rnd.int(0, 3_599) * 1000;
  return Math.min(at, now);
}

/** Each origin → destination city pair of the lanes once, with the first lane that serves it. */
function routes(): Array<{ lane: Lane; from: string; to: string }> {
  const seen = new Map<string, { lane: Lane; from: string; to: string }>();
  for (const lane of LANES) {
    for (const loading of lane.loading) {
      for (const unloading of lane.unloading) {
        const key = `${loading.city}→${unloading.city}`;
        if (loading.city !== unloading.city && !seen.has(key)) seen.set(key, { lane, from: loading.city, to: unloading.city });
      }
    }
  }
  return [...seen.values()];
}

/** A shipper's price per tonne on the lane, in yuan, drawn from its range (a per-truck price over one truckload). */
function customerPricePerTonne(rnd: Random, lane: Lane): number {
  return rnd.real(lane.price[0], lane.price[1]) * (lane.priceUnit === '1' ? 1 : 1 / lane.load);
}

/** The drivers' price per tonne of a lane, in cents: a shipper's price net of the service rate. */
function driverPricePerTonne(rnd: Random, lane: Lane): number {
  // To the half yuan, as rate cards are quoted.
  return Math.max(50, Math.round((customerPricePerTonne(rnd, lane) / (1 + SERVICE_RATE)) * 2) * 50);
}

function rateRows(rnd: Random, pairs: readonly Pair[], now: number): Row[] {
  return routes().map(({ lane, from, to }, i) => {
    const fitting = pairs.filter((p) => p.ready && p.tonnage >= lane.tonnage[0] && p.tonnage <= lane.tonnage[1]);
    const drivers = rnd.shuffle([...(fitting.length ? fitting : pairs)]).slice(0, rnd.int(2, 4)).map((p) => p.driver);
    const join = (name: string) => drivers.map((d) => String(d[name] ?? '')).join(',');
    const paused = i % 7 === 6;
    return {
      id: newId(),
      ...audit(officeMoment(rnd, now, rnd.int(5, 80))),
      startCity: from,
      endCity: to,
      unitPrice: money(driverPricePerTonne(rnd, lane)),
      contactPhone: rnd.pick(DISPATCH_PHONES),
      status: paused ? '0' : '1',
      remark: paused ? '装货地限产，暂停报价' : `${lane.goods.map(([name]) => name).join('/')}，约${lane.km}公里`,
      driverNames: join('driverName'),
      driverPhones: join('telephone'),
      driverClasses: join('vehicleClass'),
      driverIds: join('id'),
    };
  });
}

interface ConsignmentRows {
  notes: Row[];
  goods: Row[];
  fees: Row[];
}

/** `count` consignment notes over the last few weeks, each with one to three goods lines and its fees. */
function consignmentRows(rnd: Random, count: number, now: number): ConsignmentRows {
  const out: ConsignmentRows = { notes: [], goods: [], fees: [] };
  const all = routes();
  const made = Array.from({ length: count }, () => officeMoment(rnd, now, rnd.int(0, 40))).sort((a, b) => a - b);
  for (const [n, at] of made.entries()) {
    const { lane, from, to } = all[rnd.int(0, all.length - 1)];
    const id = newId();
    const lines = rnd.int(1, Math.min(3, lane.goods.length));
    let tonnes = 0;
    for (let k = 0; k < lines; k++) {
      const weight = Math.round(rnd.real(0.25, 1) * (lane.load / lines) * 100) / 100;
      tonnes += weight;
      out.goods.push({ id: newId(), ...audit(at), waybillId: id, goodsName: lane.goods[k % lane.goods.length][0], weight, orderNum: k + 1 });
    }
    const perTonne = customerPricePerTonne(rnd, lane);
    out.fees.push({ id: newId(), ...audit(at), waybillId: id, feeName: '运费', amount: money(Math.round(perTonne * tonnes * 100)) });
    for (const feeName of rnd.shuffle([...HANDLING_FEES]).slice(0, rnd.int(0, 2))) {
      out.fees.push({ id: newId(), ...audit(at), waybillId: id, feeName, amount: money(rnd.int(50, 800) * 100) });
    }
    const remarks = lane.remarks.filter(Boolean);
    out.notes.push({
      id, ...audit(at), waybillNo: `TY${beijingDay(at).slice(2)}${String(n + 1).padStart(4, '0')}`, startCity: from, endCity: to,
      remark: rnd.next() < 0.4 ? rnd.pick(remarks.length ? remarks : ['按时装车']) : null,
    });
  }
  return out;
}

export interface LaneRecordOptions {
  seed?: number;
  today?: string;
  consignments?: number;
}

/** Writes the rate table and the consignment notes in one transaction; nothing when an entity is missing. */
export async function seedDemoLaneRecords(db: Kysely<SystemTables>, entities: readonly EntityRuntime[], options: LaneRecordOptions = {}): Promise<void> {
  const { seed = DEFAULT_LANE_RECORDS_SEED, today = DEMO_REFERENCE_DATE, consignments = 24 } = options;
  const byName = (name: string) => entities.find((e) => e.schema.name === name);
  const [rate, note, goods, fee, driver, vehicle, binding] = ['hyFreightRate', 'hyWaybill', 'hyWaybillGoods', 'hyWaybillFee', 'hyDriver', 'hyVehicle', 'hyDriverVehicle'].map(byName);
  const rnd = random(seed);
  const now = Date.parse(`${today}T09:30:00+08:00`) - HOUR;
  await db.transaction().execute(async (tx) => {
    if (rate && driver && vehicle) {
      const pairs = approvedPairs(await readAll(tx, driver), await readAll(tx, vehicle), binding ? await readAll(tx, binding) : [], today);
      if (pairs.length > 0) await insertBatch(tx, rate, rateRows(rnd, pairs, now));
    }
    if (note && goods && fee) {
      const rows = consignmentRows(rnd, consignments, now);
      await insertBatch(tx, note, rows.notes);
      await insertBatch(tx, goods, rows.goods);
      await insertBatch(tx, fee, rows.fees);
    }
  });
}
