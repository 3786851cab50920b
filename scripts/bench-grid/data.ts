/**
 * The grid the benchmark drives: 12 typed columns of a freight waybill line (text, selects, a dictionary, numbers
 * with footer sums, a date, tags, a checkbox; 2 pinned left, 1 pinned right) with 10 validation rules, and rows from
 * a seeded generator so every implementation and every run sees the same data. About 2% of cells break a rule, so
 * validation has errors to mark.
 */
import type { GridColumn } from '../../src/contracts/grid.ts';
import type { DictModel } from '../../src/contracts/index.ts';

/** The implementations one bench page can show (`?impl=`): the floor, the two antd tables, and ours. */
export const IMPLS = ['vanilla', 'antd', 'antdVirtual', 'ours'] as const;
export type Impl = (typeof IMPLS)[number];

export interface MountResult { ms: number; domRows: number; domNodes: number }
export interface StepResult { top: number; blank: boolean }
export interface PatchResult { sent: number; longTasks: number[]; mismatches: number; checked: number }
export interface ValidateResult { ms: number; paintMs: number; errors: number }

export const CARGO_DICT = 'bench_cargo';
export const CARGO_ITEMS: DictModel[] = ['钢材', '水泥', '煤炭', '粮食', '化肥', '集装箱'].map((text, index) => ({
  value: String(index + 1),
  text,
  title: text,
  label: text,
}));

const STATUS = [
  { value: '1', title: '待装货' },
  { value: '2', title: '运输中' },
  { value: '3', title: '已签收' },
  { value: '4', title: '已取消' },
];

export const BENCH_COLUMNS: GridColumn[] = [
  { key: 'orderNo', title: '运单号', type: 'input', width: 150, fixed: 'left', validateRules: [{ required: true }, { unique: true }] },
  { key: 'shipper', title: '发货人', type: 'input', width: 120, fixed: 'left', validateRules: [{ required: true }] },
  { key: 'status', title: '状态', type: 'select', width: 100, options: STATUS, validateRules: [{ required: true }] },
  { key: 'cargo', title: '货物', type: 'select', width: 100, dictCode: CARGO_DICT, validateRules: [{ handler: 'knownCargo' }] },
  { key: 'weight', title: '重量', type: 'inputNumber', width: 110, align: 'right', statistics: ['sum'], validateRules: [{ pattern: 'n' }] },
  { key: 'freight', title: '运费', type: 'inputNumber', width: 120, align: 'right', statistics: ['sum'], validateRules: [{ pattern: 'money' }] },
  { key: 'loadDate', title: '装货日期', type: 'date', width: 120 },
  { key: 'origin', title: '起运地', type: 'input', width: 120, validateRules: [{ required: true }] },
  { key: 'dest', title: '目的地', type: 'input', width: 120, validateRules: [{ required: true }] },
  { key: 'phone', title: '司机电话', type: 'input', width: 130, validateRules: [{ pattern: 'm' }] },
  { key: 'tags', title: '标签', type: 'tags', width: 150 },
  { key: 'insured', title: '保价', type: 'checkbox', width: 70, fixed: 'right' },
];

export const RULE_COUNT = BENCH_COLUMNS.reduce((sum, c) => sum + (c.validateRules?.length ?? 0), 0);
export const TOTAL_WIDTH = BENCH_COLUMNS.reduce((sum, c) => sum + (c.width ?? 120), 0);

/** Sync handler rule of the `cargo` column: the value must be one of the dictionary's. */
export const knownCargo = (value: unknown) => (CARGO_ITEMS.some((item) => item.value === value) ? undefined : '未知货物');

export type BenchRow = Record<string, unknown> & { id: string };

const CITIES = ['上海', '北京', '广州', '深圳', '成都', '武汉', '西安', '郑州', '沈阳', '昆明'];
const NAMES = ['华东钢铁', '中原建材', '西部粮油', '南方化工', '北方煤业', '长江物流'];
const TAGS = ['加急', '冷链', '易碎', '超限', '回单'];

/** A small LCG: the same seed gives the same rows on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

export function orderNo(index: number): string {
  return `YD2026${String(index + 1).padStart(7, '0')}`;
}

export function makeRows(count: number, seed = 20261122): BenchRow[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const rows: BenchRow[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const broken = next() < 0.02 ? Math.floor(next() * 4) : -1;
    rows[i] = {
      id: `r${i + 1}`,
      orderNo: orderNo(i),
      shipper: broken === 0 ? '' : pick(NAMES),
      status: String(1 + Math.floor(next() * 4)),
      cargo: broken === 1 ? '99' : String(1 + Math.floor(next() * 6)),
      weight: (next() * 40).toFixed(2),
      freight: broken === 2 ? '-5' : (100 + next() * 9000).toFixed(2),
      loadDate: `2026-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`,
      origin: pick(CITIES),
      dest: pick(CITIES),
      phone: broken === 3 ? '1234' : `1${3 + Math.floor(next() * 7)}${String(Math.floor(next() * 1e9)).padStart(9, '0')}`,
      tags: next() < 0.3 ? pick(TAGS) : '',
      insured: next() < 0.5,
    };
  }
  return rows;
}

/** The text a read-only cell shows, for the baselines (select and dictionary values as their labels). */
export function cellText(column: GridColumn, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (column.options) return column.options.find((o) => o.value === value)?.title ?? String(value);
  if (column.dictCode) return CARGO_ITEMS.find((item) => item.value === value)?.text ?? String(value);
  return String(value);
}
