/**
 * The page `npm run bench:grid` opens, one implementation per load (`?impl=`): `ours` (the product's EditableTable),
 * `antd` (antd Table, no virtualisation), `antdVirtual` (antd Table `virtual`) and `vanilla` (scripts/bench-grid/
 * vanilla.ts), all with the same 12 columns, rows, 640 px body and ~36 px rows. The runner drives it through
 * `window.__gridBench`: mount N rows and time it until the frame after the first complete window, scroll to a position
 * and settle, and (ours only) validate and stream live patches through the grid's handle. Keystroke samples are
 * timed like bench:form: from the `input` event to a forced layout in a task queued behind it.
 */
import { createRef, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Checkbox, Table, Tag, type TableColumnsType, type TableRef } from 'antd';
import { ServicesProvider, type Services } from '../../src/engine/services.tsx';
import { allowAll } from '../../src/providers/access.ts';
import { createStaticDictProvider } from '../../src/providers/dicts.ts';
import type { DataProvider } from '../../src/providers/data.ts';
import type { FileProvider } from '../../src/providers/files.ts';
import type { LookupProvider } from '../../src/providers/lookups.ts';
import EditableTable from '../../renderers/editable-table/EditableTable.tsx';
import type { EditableTableHandle } from '../../renderers/editable-table/types.ts';
import { BENCH_COLUMNS, CARGO_DICT, CARGO_ITEMS, IMPLS, TOTAL_WIDTH, cellText, knownCargo, makeRows, orderNo, type BenchRow, type Impl } from './data.ts';
import type { MountResult, PatchResult, StepResult, ValidateResult } from './data.ts';
import { mountVanilla, type VanillaTable } from './vanilla.ts';

const HEIGHT = 640;
const ROW_HEIGHT = 36;
/** Column index of `weight` among the cells of a row (pinned-left columns come first, as declared). */
const WEIGHT_CELL = 4;


interface Bench {
  ready: boolean;
  impl: Impl;
  samples: number[];
  longTasks: number[];
  /** prepare + mountPrepared. */
  mount(count: number): Promise<MountResult>;
  /** Unmounts and generates `count` rows (not timed), so the runner can collect garbage before the timed mount. */
  prepare(count: number): Promise<void>;
  /** Mounts the prepared rows, timed from the mount call to the frame after the first complete window. */
  mountPrepared(): Promise<MountResult>;
  unmount(): void;
  scrollTo(top: number): Promise<StepResult>;
  viewport(): number;
  validate(): Promise<ValidateResult>;
  patches(rate: number, seconds: number, visibleShare: number): Promise<PatchResult>;
}

declare global {
  interface Window {
    __gridBench: Bench;
  }
}

const params = new URLSearchParams(location.search);
const impl = (IMPLS as readonly string[]).includes(params.get('impl') ?? '') ? (params.get('impl') as Impl) : 'ours';

/** Nothing in this page talks to a server: any call is a benchmark bug and fails loudly. */
const offline = new Proxy({}, { get: () => () => Promise.reject(new Error('the grid benchmark has no server')) });
const services: Services = {
  data: offline as DataProvider,
  files: offline as FileProvider,
  dicts: createStaticDictProvider({ [CARGO_DICT]: CARGO_ITEMS }),
  access: allowAll,
  lookups: offline as LookupProvider,
};

const antdColumns: TableColumnsType<BenchRow> = BENCH_COLUMNS.map((column) => ({
  key: column.key,
  dataIndex: column.key,
  title: column.title,
  width: column.width,
  fixed: column.fixed,
  align: column.align,
  ellipsis: true,
  render: (value: unknown) => {
    if (column.type === 'checkbox') return <Checkbox aria-label={column.title} checked={value === true} />;
    if (column.type === 'tags') return value ? <Tag>{String(value)}</Tag> : null;
    return cellText(column, value);
  },
}));

const ROW_SELECTOR: Record<Impl, string> = {
  ours: '.grid-body > [role="row"]',
  antd: '.ant-table-row',
  antdVirtual: '.ant-table-row',
  vanilla: '.vt-row',
};
const SCROLLER: Record<Impl, string> = {
  ours: '.grid-scroll',
  antd: '.ant-table-body',
  antdVirtual: '.ant-table-tbody-virtual-holder',
  vanilla: '.vt-scroll',
};

const host = document.getElementById('root')!;
const handle = createRef<EditableTableHandle>();
const tableRef = createRef<TableRef>();
let root: Root | undefined;
let vanilla: VanillaTable | undefined;
let rows: BenchRow[] = [];

function element(data: BenchRow[]): ReactElement {
  if (impl === 'ours') {
    return (
      <ServicesProvider services={services}>
        <EditableTable columns={BENCH_COLUMNS} rows={data} size="small" height={HEIGHT} toolbar={false} handlers={{ knownCargo }} handleRef={handle} />
      </ServicesProvider>
    );
  }
  return (
    <Table<BenchRow>
      ref={tableRef}
      rowKey="id"
      size="small"
      columns={antdColumns}
      dataSource={data}
      pagination={false}
      virtual={impl === 'antdVirtual'}
      scroll={{ x: TOTAL_WIDTH, y: HEIGHT }}
    />
  );
}

/** Resolves in a task queued right after the next frame: the frame that follows whatever was committed before. */
function afterNextFrame(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );
}

function scroller(): HTMLElement {
  const found = host.querySelector<HTMLElement>(SCROLLER[impl]);
  if (!found) throw new Error(`${impl}: no scroll element ${SCROLLER[impl]}`);
  return found;
}

/** Whether the points at the top, middle and bottom of the visible body are covered by a row. */
function blankAt(): boolean {
  const box = scroller().getBoundingClientRect();
  const x = box.left + Math.min(box.width - 40, 420);
  const ys = [box.top + 60, box.top + box.height / 2, box.bottom - 30];
  return ys.some((y) => !document.elementFromPoint(x, y)?.closest(ROW_SELECTOR[impl]));
}

const bench: Bench = {
  ready: false,
  impl,
  samples: [],
  longTasks: [],
  async mount(count) {
    await bench.prepare(count);
    return bench.mountPrepared();
  },
  async prepare(count) {
    bench.unmount();
    rows = makeRows(count);
    await afterNextFrame();
  },
  async mountPrepared() {
    const count = rows.length;
    const start = performance.now();
    if (impl === 'vanilla') vanilla = mountVanilla(host, BENCH_COLUMNS, rows, HEIGHT, ROW_HEIGHT);
    else {
      root = createRoot(host);
      root.render(element(rows));
    }
    // Poll each frame until the first window is complete (≥ 10 rows, row 1 first), then time the frame after it.
    const first = orderNo(0);
    const ms = await new Promise<number>((resolve) => {
      const check = () => {
        const found = host.querySelectorAll(ROW_SELECTOR[impl]);
        if (found.length >= Math.min(10, count) && found[0].textContent?.includes(first)) {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now() - start);
          channel.port2.postMessage(null);
        } else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    return { ms, domRows: host.querySelectorAll(ROW_SELECTOR[impl]).length, domNodes: document.getElementsByTagName('*').length };
  },
  unmount() {
    root?.unmount();
    root = undefined;
    vanilla?.destroy();
    vanilla = undefined;
    host.replaceChildren();
  },
  async scrollTo(top) {
    if (impl === 'antd' || impl === 'antdVirtual') tableRef.current!.scrollTo({ top });
    else scroller().scrollTop = top;
    // Two frames and a task: the scroll event, any render it schedules, and the frame that shows it.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await afterNextFrame();
    return { top: scroller().scrollTop, blank: blankAt() };
  },
  viewport: () => scroller().clientHeight,
  async validate() {
    if (!handle.current) throw new Error('validate: only the product grid has a handle');
    const start = performance.now();
    const errors = await handle.current.validate();
    const ms = performance.now() - start;
    const painted = await afterNextFrame();
    return { ms, paintMs: painted - start, errors: errors.length };
  },
  async patches(rate, seconds, visibleShare) {
    const grid = handle.current;
    if (!grid) throw new Error('patches: only the product grid has a handle');
    bench.longTasks = [];
    const latest = new Map<string, string>();
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const firstVisible = Math.floor(scroller().scrollTop / ROW_HEIGHT);
    const visibleCount = Math.floor(HEIGHT / ROW_HEIGHT) - 2;
    const total = Math.round(rate * seconds);
    let sent = 0;
    const start = performance.now();
    await new Promise<void>((resolve) => {
      // Every 10 ms, send the patches that are due so far: a steady `rate` per second.
      const timer = setInterval(() => {
        const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
        for (; sent < due; sent++) {
          const index = random() < visibleShare ? firstVisible + Math.floor(random() * visibleCount) : Math.floor(random() * rows.length);
          const id = rows[index].id;
          const weight = (random() * 40).toFixed(2);
          latest.set(id, weight);
          grid.patchRow(id, { weight, freight: (100 + random() * 9000).toFixed(2) });
        }
        if (sent >= total) {
          clearInterval(timer);
          resolve();
        }
      }, 10);
    });
    await afterNextFrame();
    await afterNextFrame();
    // What a person sees must be the last value sent: compare every rendered row's weight cell.
    let mismatches = 0;
    let checked = 0;
    for (const row of host.querySelectorAll<HTMLElement>(ROW_SELECTOR.ours)) {
      if (row.style.display === 'none') continue; // a pool slot the window does not use now
      const position = Number(row.getAttribute('aria-rowindex')) - 2;
      const data = rows[position];
      const expected = latest.get(data.id) ?? String(data.weight);
      const shown = row.querySelectorAll('[role="gridcell"]')[WEIGHT_CELL]?.textContent ?? '';
      checked += 1;
      if (shown !== expected) mismatches += 1;
    }
    return { sent, longTasks: bench.longTasks.slice(), mismatches, checked };
  },
};
window.__gridBench = bench;

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) bench.longTasks.push(entry.duration);
}).observe({ type: 'longtask' });

window.addEventListener(
  'input',
  () => {
    const start = performance.now();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      void document.body.offsetHeight;
      bench.samples.push(performance.now() - start);
    };
    channel.port2.postMessage(null);
  },
  true,
);

bench.ready = true;
