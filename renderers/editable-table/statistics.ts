/**
 * Footer rows 合计 (sum) and 平均 (average) per column, kept incrementally: an edit moves one cell's old value out
 * and its new value in, so a keystroke in a 10,000-row grid costs O(1), not a pass over every row. Values are
 * exact decimals (decimal.ts); empty and non-numeric cells are left out of both the sum and the count.
 */
import type { GridColumn } from '../../src/contracts/grid.ts';
import { add, divide, formatDecimal, parseDecimal, parseSmallDecimal, ZERO, type Decimal } from './decimal.ts';

/**
 * The sum is `big + small / 10^smallScale`: values of up to 15 significant digits (nearly all) add into `small`, a
 * double that stays a safe integer, so no BigInt is made per cell; anything that would not stay exact goes to `big`.
 */
interface ColumnTotal {
  big: Decimal;
  small: number;
  smallScale: number;
  count: number;
  /** The most decimals any value has had; the footer shows that many. */
  scale: number;
}

const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);
const fresh = (): ColumnTotal => ({ big: ZERO, small: 0, smallScale: 0, count: 0, scale: 0 });

/** Adds units × 10^-scale (negative to take away) to the total, exactly. */
function addUnits(total: ColumnTotal, units: number, scale: number): void {
  if (scale > total.smallScale) {
    const k = scale - total.smallScale;
    const rescaled = k < POW10.length ? total.small * POW10[k] : NaN;
    if (Number.isSafeInteger(rescaled)) total.small = rescaled;
    else {
      total.big = add(total.big, { units: BigInt(total.small), scale: total.smallScale });
      total.small = 0;
    }
    total.smallScale = scale;
  }
  const k = total.smallScale - scale;
  const scaled = k < POW10.length ? units * POW10[k] : NaN;
  const next = total.small + scaled;
  if (Number.isSafeInteger(scaled) && Number.isSafeInteger(next)) total.small = next;
  else total.big = add(total.big, { units: BigInt(units), scale });
}

/** Adds (sign 1) or takes away (sign -1) one cell's value; false when the value is empty or not a number. */
function apply(total: ColumnTotal, value: unknown, sign: 1 | -1): boolean {
  const small = parseSmallDecimal(value);
  if (small === undefined) return false;
  if (small) {
    addUnits(total, sign * small.units, small.scale);
    if (sign > 0) total.scale = Math.max(total.scale, small.scale);
    return true;
  }
  const exact = parseDecimal(value);
  if (!exact) return false;
  total.big = add(total.big, sign > 0 ? exact : { units: -exact.units, scale: exact.scale });
  if (sign > 0) total.scale = Math.max(total.scale, exact.scale);
  return true;
}

function sumOf(total: ColumnTotal): Decimal {
  return add(total.big, { units: BigInt(total.small), scale: total.smallScale });
}

export type RowValues = Record<string, unknown>;

export class FooterTotals {
  private readonly totals = new Map<string, ColumnTotal>();

  constructor(private readonly columns: readonly GridColumn[]) {
    for (const column of columns) if (column.statistics?.length) this.totals.set(column.key, fresh());
  }

  /** Whether any column asks for a footer. */
  get active(): boolean {
    return this.totals.size > 0;
  }

  /** Starts over from the given rows. */
  reset(rows: readonly RowValues[]): void {
    const keys = [...this.totals.keys()];
    for (const key of keys) {
      const total = fresh();
      for (const row of rows) if (apply(total, row[key], 1)) total.count += 1;
      this.totals.set(key, total);
    }
  }

  addRow(row: RowValues): void {
    for (const key of this.totals.keys()) this.change(key, undefined, row[key]);
  }

  removeRow(row: RowValues): void {
    for (const key of this.totals.keys()) this.change(key, row[key], undefined);
  }

  /** One cell changed from `before` to `after`. */
  change(key: string, before: unknown, after: unknown): void {
    const total = this.totals.get(key);
    if (!total) return;
    if (apply(total, before, -1)) total.count -= 1;
    if (apply(total, after, 1)) total.count += 1;
  }

  /** The text of a footer cell, or '' for columns without that statistic. */
  text(key: string, statistic: 'sum' | 'average'): string {
    const column = this.columns.find((c) => c.key === key);
    const total = this.totals.get(key);
    if (!column || !total || !column.statistics?.includes(statistic)) return '';
    const sum = sumOf(total);
    if (statistic === 'sum') return formatDecimal(sum, total.scale);
    // Averages get two more decimals than the data (at least two), rounded half away from zero.
    const scale = Math.max(2, total.scale + 2);
    return total.count === 0 ? '' : formatDecimal(divide(sum, total.count, scale), scale);
  }

  /** Which footer rows to show: 合计 when any column sums, 平均 when any column averages. */
  rows(): Array<'sum' | 'average'> {
    const wanted = new Set(this.columns.flatMap((c) => c.statistics ?? []));
    return (['sum', 'average'] as const).filter((s) => wanted.has(s));
  }
}

export const FOOTER_LABEL: Record<'sum' | 'average', string> = { sum: '合计', average: '平均' };
