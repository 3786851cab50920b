/**
 * Building blocks of the demo freight: a seeded PRNG, Beijing-time formatting, exact money in cents, and the
 * timeline of one waybill — the history steps it went through (freight-domain.md §2.1, the transitions of
 * hy-shipping-note.entity.json) with their times relative to its dispatch, so the caller can anchor them in the past.
 */
import { mulberry32 } from './demo-drivers.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const BEIJING = 8 * HOUR;

export type Random = ReturnType<typeof random>;

/** The seeded draws the freight seed needs, over the driver seed's generator. */
export function random(seed: number) {
  // The driver seed's generator, so every demo seed draws the same way.
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const real = (min: number, max: number) => min + next() * (max - min);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const weighted = <T>(items: readonly T[], weight: (item: T) => number): T => {
    let r = next() * items.reduce((sum, item) => sum + weight(item), 0);
    for (const item of items) if ((r -= weight(item)) < 0) return item;
    return items[items.length - 1];
  };
  const shuffle = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  };
  const hours = (min: number, max: number) => Math.round(real(min, max) * HOUR);
  return { next, int, real, pick, weighted, shuffle, hours };
}

/** A timestamp as Beijing wall-clock time with its offset, whole seconds ("2026-11-21 08:30:12+08:00"). */
export function beijing(ms: number): string {
  return `${new Date(Math.round(ms / 1000) * 1000 + BEIJING).toISOString().slice(0, 19).replace('T', ' ')}+08:00`;
}

/** The Beijing calendar day of a timestamp as digits, e.g. "20261121". */
export function beijingDay(ms: number): string {
  return new Date(ms + BEIJING).toISOString().slice(0, 10).replace(/-/g, '');
}

/** Midnight (Beijing) of the day holding `ms`. */
export function beijingMidnight(ms: number): number {
  return Math.floor((ms + BEIJING) / DAY) * DAY - BEIJING;
}

export const floorHour = (ms: number) => Math.floor(ms / HOUR) * HOUR;
export const ceilHour = (ms: number) => Math.ceil(ms / HOUR) * HOUR;

/** Cents → exact decimal text ("6816.00"). */
export function money(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** cents × (1 + rate), half up, in integers: the rate is taken to basis points so no float rounding creeps in. */
export function withRate(cents: number, rate: number): number {
  const bp = Math.round(rate * 10_000);
  return Math.floor((cents * (10_000 + bp) + 5_000) / 10_000);
}

/** Final state of a waybill; `from` is where a 8 was cancelled or a 9 suspended. */
export interface Target {
  status: number;
  from?: number;
}

export type WeightKind = 'load' | 'unload' | 'settle';

export interface Step {
  event: string;
  from: string;
  to: string;
  /** ms after dispatch (the waybill's creation). */
  at: number;
  weight?: WeightKind;
  remark?: string;
  /** Done in the driver app (接单, 装货, 卸货) rather than by platform staff. */
  byDriver: boolean;
}

export interface Timeline {
  steps: Step[];
  /** When the next step would come, for a waybill still moving; null for 7, 8 and 9. */
  next: number | null;
  cancelReason?: string;
  exceptionReason?: string;
}

/** Gaps between the steps ACCEPT, LOAD, UNLOAD, SIGN, PAY_CONFIRM, PAY, FINISH for a lane of `km`. */
export function durations(rnd: Random, km: number): number[] {
  const drive = (km / rnd.real(45, 60) + rnd.real(1, 2) + Math.floor(km / 500) * rnd.real(4, 8)) * HOUR;
  return [rnd.hours(0.1, 2), rnd.hours(1, 10), Math.round(drive), rnd.hours(2, 36), rnd.hours(4, 72), rnd.hours(1, 48), rnd.hours(2, 48)];
}

const FORWARD = ['ACCEPT', 'LOAD', 'UNLOAD', 'SIGN', 'PAY_CONFIRM', 'PAY', 'FINISH'] as const;
const WEIGHTS: Partial<Record<number, WeightKind>> = { 2: 'load', 3: 'unload', 4: 'settle' };

export interface TimelineExtras {
  /** Suspended in transit and resumed (a 7 that had trouble on the road). */
  detour?: string;
  /** The receipt was sent back once for re-audit and signed again. */
  reaudit?: boolean;
}

/** The steps a waybill went through to reach `target`, in time order, each at least minutes after the last. */
export function timeline(rnd: Random, target: Target, gaps: readonly number[], reasons: { cancel: string; exception: string }, extras: TimelineExtras = {}): Timeline {
  const steps: Step[] = [];
  const push = (event: string, from: number, to: number, at: number, more: Partial<Step> = {}) =>
    steps.push({ event, from: String(from), to: String(to), at, byDriver: false, ...more });
  let t = 0;
  if (target.status === 8) {
    const from = target.from ?? 0;
    if (from === 1) push('ACCEPT', 0, 1, (t += gaps[0]), { byDriver: true });
    push('CANCEL', from, 8, (t += from === 1 ? rnd.hours(0.5, 6) : rnd.hours(0.3, 2)), { remark: reasons.cancel });
    return { steps, next: null, cancelReason: reasons.cancel };
  }
  const reach = target.status === 9 ? (target.from ?? 2) : target.status;
  let exceptionReason: string | undefined;
  for (let k = 1; k <= reach; k++) {
    if (k === 3 && extras.detour) {
      const stop = t + Math.round(gaps[2] * rnd.real(0.3, 0.6));
      const resumed = stop + rnd.hours(2, 6);
      push('EXCEPTION', 2, 9, stop, { remark: extras.detour });
      push('RESUME', 9, 2, resumed);
      t += resumed - stop;
      exceptionReason = extras.detour;
    }
    t += gaps[k - 1];
    push(FORWARD[k - 1], k - 1, k, t, { byDriver: k <= 3, weight: WEIGHTS[k] });
    if (k === 4 && extras.reaudit && reach > 4) {
      push('RECEIPT_AUDIT', 4, 3, (t += rnd.hours(1, 12)));
      push('SIGN', 3, 4, (t += rnd.hours(2, 24)), { weight: 'settle' });
    }
  }
  if (target.status === 9) {
    push('EXCEPTION', reach, 9, t + Math.round(gaps[reach] * rnd.real(0.2, 0.8)), { remark: reasons.exception });
    return { steps, next: null, exceptionReason: reasons.exception };
  }
  return { steps, next: reach < 7 ? t + gaps[reach] : null, exceptionReason };
}
