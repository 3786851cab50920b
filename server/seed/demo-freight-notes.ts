/**
 * The waybills of the demo freight: each gets a timeline (demo-freight-steps.ts) anchored in time, a driver/vehicle
 * pair that is approved, suits the lane's truck class and is not on another trip meanwhile, weights from the truck's
 * payload, and — once all are planned — its number, its row (snapshot copied per `copyFrom`) and its history rows.
 */
import type { EntityRuntime } from '../entity/registry.ts';
import { applyComputed } from '../entity/computed.ts';
import { copiedValue } from '../../capabilities/references/contract.ts';
import { CANCEL_REASONS, EXCEPTION_REASONS, type Lane } from './demo-freight-lanes.ts';
import { beijing, durations, HOUR, timeline, type Random, type Target, type Timeline, type WeightKind } from './demo-freight-steps.ts';
import { DEMO_TENANT_ID } from './seed.ts';

export type Row = Record<string, unknown>;

export interface Pair {
  driver: Row;
  vehicle: Row;
  /** Payload in tonnes. */
  tonnage: number;
  /** Would pass 接单's paper check today. */
  ready: boolean;
}

/** Platform staff who sign, confirm, pay and finish (the demo ops user's real name). */
const STAFF = '运营专员';

interface Planned {
  order: Row;
  lane: Lane;
  target: Target;
  line: Timeline;
  dispatch: number;
  pair: Pair;
  weights: Record<WeightKind, number>;
}

export interface WaybillRequest {
  order: Row;
  lane: Lane;
  target: Target;
  /** Dispatch time for a waybill of the past; without it the waybill is anchored so its state is current now. */
  dispatch?: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Collects waybills order by order, then numbers and writes them out in dispatch order. */
export function planWaybills(rnd: Random, pairs: readonly Pair[], now: number) {
  const planned: Planned[] = [];
  const busy = new Map<unknown, Array<readonly [number, number]>>();
  const isFree = (p: Pair, from: number, to: number) =>
    [p.driver.id, p.vehicle.id].every((key) => (busy.get(key) ?? []).every(([s, e]) => to <= s || e <= from));

  function choose(lane: Lane, target: Target, from: number, to: number): Pair {
    const fits = (p: Pair) => p.tonnage >= lane.tonnage[0] && p.tonnage <= lane.tonnage[1];
    const tiers: Array<(p: Pair) => boolean> = [
      (p) => fits(p) && isFree(p, from, to) && (target.status !== 0 || p.ready),
      (p) => fits(p) && isFree(p, from, to),
      (p) => isFree(p, from, to),
      fits,
      () => true,
    ];
    for (const tier of tiers) {
      const found = pairs.filter(tier);
      if (found.length) return rnd.pick(found);
    }
    throw new Error('no driver/vehicle pair');
  }

  function add(request: WaybillRequest): { dispatch: number; plannedLoad: number } {
    const { lane, target } = request;
    const gaps = durations(rnd, lane.km);
    const reasons = { cancel: rnd.pick(CANCEL_REASONS), exception: rnd.pick(EXCEPTION_REASONS) };
    const roll = rnd.next();
    const extras = target.status === 7 ? { detour: roll < 0.05 ? rnd.pick(EXCEPTION_REASONS) : undefined, reaudit: roll > 0.94 } : {};
    const line = timeline(rnd, target, gaps, reasons, extras);
    const last = line.steps.at(-1)?.at ?? 0;
    let dispatch: number;
    if (request.dispatch !== undefined) {
      // A past waybill never runs into the present.
      dispatch = Math.min(request.dispatch, now - HOUR - last);
    } else {
      const wait = line.next !== null ? Math.round((line.next - last) * rnd.real(0.1, 0.9)) : rnd.hours(1, 30);
      dispatch = now - last - wait;
    }
    const ended = line.steps.find((s) => s.event === 'UNLOAD' || s.event === 'CANCEL');
    const pair = choose(lane, target, dispatch, ended ? dispatch + ended.at : Infinity);
    for (const key of [pair.driver.id, pair.vehicle.id]) busy.set(key, [...(busy.get(key) ?? []), [dispatch, ended ? dispatch + ended.at : Infinity]]);

    const cap = pair.tonnage > 0 ? pair.tonnage : lane.load;
    const load = round2(Math.min(lane.load * rnd.real(0.96, 1.04), cap * rnd.real(0.95, 1)));
    // Bulk loses a little on the road (≤ 2.5 ‰); packed goods arrive as loaded.
    const unload = lane.priceUnit === '1' ? round2(load * (1 - rnd.real(0, 0.0025))) : load;
    const rule = String(request.order.settleWeightRule);
    const settle = rule === '2' ? unload : rule === '3' ? Math.min(load, unload) : rule === '4' ? Math.max(load, unload) : load;
    planned.push({ order: request.order, lane, target, line, dispatch, pair, weights: { load, unload, settle } });
    return { dispatch, plannedLoad: dispatch + gaps[0] + gaps[1] };
  }

  /** Rows of the waybills and their history; numbers are given in dispatch order. */
  function finish(note: EntityRuntime, id: () => string, number: (ms: number) => string): { notes: Row[]; logs: Row[] } {
    const notes: Row[] = [];
    const logs: Row[] = [];
    for (const p of [...planned].sort((a, b) => a.dispatch - b.dispatch)) {
      const noteId = id();
      const when = (event: string) => {
        const step = p.line.steps.find((s) => s.event === event);
        return step ? beijing(p.dispatch + step.at) : undefined;
      };
      const reached = (event: string) => p.line.steps.some((s) => s.event === event);
      const status = p.target.status;
      const copies: Row = {};
      for (const [name, field] of Object.entries(note.schema.fields)) {
        if (!field.copyFrom) continue;
        const source = field.copyFrom.via === 'orderId' ? p.order : field.copyFrom.via === 'driverId' ? p.pair.driver : field.copyFrom.via === 'vehicleId' ? p.pair.vehicle : undefined;
        const value = source ? copiedValue(field.copyFrom, source) : undefined;
        if (value !== null && value !== undefined && value !== '') copies[name] = value;
      }
      const last = p.line.steps.at(-1);
      const row: Row = {
        id: noteId,
        shippingNoteNumber: number(p.dispatch),
        orderId: p.order.id,
        driverId: p.pair.driver.id,
        vehicleId: p.pair.vehicle.id,
        ...copies,
        loadingWeight: reached('LOAD') ? p.weights.load : undefined,
        unloadingWeight: reached('UNLOAD') ? p.weights.unload : undefined,
        settleWeight: reached('SIGN') ? p.weights.settle : undefined,
        consignmentDateTime: when('ACCEPT'),
        despatchActualDateTime: when('LOAD'),
        goodsReceiptDateTime: when('UNLOAD'),
        finishDateTime: when('FINISH'),
        shippingStatus: String(status),
        suspendedFrom: status === 9 ? String(p.target.from) : undefined,
        payStatus: status === 6 || status === 7 ? '2' : '0',
        cancelReason: p.line.cancelReason,
        exceptionReason: p.line.exceptionReason,
        createBy: 'ops',
        createTime: beijing(p.dispatch),
        updateBy: last ? 'ops' : undefined,
        updateTime: last ? beijing(p.dispatch + last.at) : undefined,
        sysOrgCode: 'A01A01',
        tenant_id: DEMO_TENANT_ID,
      };
      applyComputed(note, row);
      notes.push(row);
      for (const step of p.line.steps) {
        const eventTime = beijing(p.dispatch + step.at);
        logs.push({
          id: id(),
          shippingNoteId: noteId,
          fromStatus: step.from,
          toStatus: step.to,
          event: step.event,
          operatorName: step.byDriver ? p.pair.driver.driverName : STAFF,
          eventTime,
          weight: step.weight ? p.weights[step.weight] : undefined,
          remark: step.remark,
          createBy: 'ops',
          createTime: eventTime,
          sysOrgCode: 'A01A01',
          tenant_id: DEMO_TENANT_ID,
        });
      }
    }
    return { notes, logs };
  }

  return { add, finish };
}
