/**
 * Statistics and the markdown `npm run bench:grid` writes into docs/perf.md between `<!-- bench:grid begin/end -->`
 * (other benches own other spans of the same file, so only that span is replaced).
 */
import fs from 'node:fs';
import type { Impl, MountResult } from './data.ts';

/** Per scroll step: script + style + layout ms (`busy`), all main-thread task ms (`task`), script ms alone. */
export interface ScrollRun { busy: number[]; task: number[]; script: number[]; blank: number; longTasks: number[] }

/** One page load of one implementation in one round. */
export interface ImplRun {
  /** Timed mounts of one page, in order (the first is the page's first mount of that size). */
  mount10k: MountResult[];
  mount100k?: MountResult[];
  fling: ScrollRun;
  wheel: ScrollRun;
  /** ours and the floor */
  keystrokes?: Record<string, number[]>;
  /** ours only */
  validate?: Array<{ ms: number; paintMs: number; errors: number }>;
  patches?: { sent: number; longTasks: number[]; busyPercent: number; mismatches: number; checked: number };
}

export interface GridBenchResult {
  environment: string;
  settings: string;
  runs: Record<Impl, ImplRun[]>;
  impls: Impl[];
  /** Rows the non-virtual antd Table was given instead of the 10k. */
  plainRows: number;
}

export const TARGETS = { render10k: 100, render10kVsAntdVirtual: 0.5, render100k: 200, scrollP95: 8, scrollVsAntdVirtual: 0.33, keystrokeP98: 16, validate: 50 };

export const LABEL: Record<Impl, string> = {
  vanilla: 'hand-written virtual list (floor)',
  antd: 'antd Table, no virtualisation',
  antdVirtual: 'antd Table `virtual`',
  ours: '**EditableTable (ours)**',
};

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

/** 95% bootstrap interval of quantile_q(a) / quantile_q(b), with a fixed seed so reruns on the same data agree. */
export function bootstrapRatio(a: number[], b: number[], q = 0.5): [number, number] {
  if (a.length === 0 || b.length === 0) return [NaN, NaN];
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const resample = (values: number[]) => values.map(() => values[Math.floor(random() * values.length)]);
  const ratios: number[] = [];
  for (let i = 0; i < 1000; i++) ratios.push(quantile(resample(a), q) / quantile(resample(b), q));
  return [quantile(ratios, 0.025), quantile(ratios, 0.975)];
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
const ratio = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '—');
const verdict = (pass: boolean, target: string) => (pass ? `meets ${target}` : `**misses** ${target}`);

function ratioLine(what: string, a: number[], b: number[], q: number, target?: number): string {
  const value = quantile(a, q) / quantile(b, q);
  const [low, high] = bootstrapRatio(a, b, q);
  const goal = target === undefined ? '' : ` — ${verdict(high <= target, `≤ ${target}×`)} (judged on the interval's upper end)`;
  return `${what}: ${ratio(value)}× (95% bootstrap interval ${ratio(low)}–${ratio(high)})${goal}.`;
}

export function renderMarkdown(result: GridBenchResult): string {
  const { runs, impls } = result;
  const has = (impl: Impl) => impls.includes(impl) && runs[impl].length > 0;
  const mounts = (impl: Impl, key: 'mount10k' | 'mount100k') => runs[impl].flatMap((r) => r[key] ?? []);
  const lines: string[] = [result.environment, result.settings, ''];
  const label = (impl: Impl) => (impl === 'antd' ? `${LABEL.antd} (${result.plainRows.toLocaleString('en')} rows)` : LABEL[impl]);

  lines.push('First render — ms from the mount call to the frame after the first complete window (data generated before; one unmeasured 1,000-row mount first):', '');
  lines.push('| implementation | 10k rows p50 | 10k max | rows in DOM (10k) | 100k rows p50 | 100k max | rows in DOM (100k) | DOM nodes (10k / 100k) |', '|---|---|---|---|---|---|---|---|');
  for (const impl of impls.filter(has)) {
    const small = mounts(impl, 'mount10k');
    const big = mounts(impl, 'mount100k');
    const rowsIn = (list: MountResult[]) => (list.length ? [...new Set(list.map((m) => m.domRows))].join('/') : '—');
    const nodes = (list: MountResult[]) => (list.length ? String(Math.round(quantile(list.map((m) => m.domNodes), 0.5))) : '—');
    lines.push(`| ${label(impl)} | ${ms(quantile(small.map((m) => m.ms), 0.5))} | ${ms(Math.max(...small.map((m) => m.ms)))} | ${rowsIn(small)} | ${big.length ? ms(quantile(big.map((m) => m.ms), 0.5)) : '—'} | ${big.length ? ms(Math.max(...big.map((m) => m.ms))) : '—'} | ${rowsIn(big)} | ${nodes(small)} / ${nodes(big)} |`);
  }
  lines.push('');

  lines.push('Scroll at 10k rows — main-thread ms per step from CDP `Performance.getMetrics` deltas around it (set the scroll position, wait two frames and a task): busy = script + style + layout, task = every main-thread task (adds paint recording, compositing and, on a loaded box, time the thread waited for a core). Fling = one viewport per step, wheel = 3 rows per step; a blank step leaves a gap where a row should be on screen:', '');
  lines.push('| implementation | mode | steps | busy p50 | busy p95 | busy max | script p95 | task p95 | long tasks | blank steps |', '|---|---|---|---|---|---|---|---|---|---|');
  for (const mode of ['fling', 'wheel'] as const) {
    for (const impl of impls.filter(has)) {
      const list = runs[impl].map((r) => r[mode]);
      const busy = list.flatMap((s) => s.busy);
      const script = list.flatMap((s) => s.script);
      const task = list.flatMap((s) => s.task);
      const longTasks = list.flatMap((s) => s.longTasks);
      lines.push(`| ${label(impl)} | ${mode} | ${busy.length} | ${ms(quantile(busy, 0.5))} | ${ms(quantile(busy, 0.95))} | ${ms(Math.max(...busy))} | ${ms(quantile(script, 0.95))} | ${ms(quantile(task, 0.95))} | ${longTasks.length} | ${list.reduce((s, r) => s + r.blank, 0)} |`);
    }
  }
  lines.push('');

  const verdicts: string[] = [];
  if (has('ours')) {
    const ours10k = mounts('ours', 'mount10k').map((m) => m.ms);
    const ours100k = mounts('ours', 'mount100k').map((m) => m.ms);
    verdicts.push(`Render 10k: ours p50 ${ms(quantile(ours10k, 0.5))} ms — ${verdict(quantile(ours10k, 0.5) <= TARGETS.render10k, `≤ ${TARGETS.render10k} ms`)}.`);
    if (has('antdVirtual')) verdicts.push(ratioLine('Render 10k ours / antd virtual (medians)', ours10k, mounts('antdVirtual', 'mount10k').map((m) => m.ms), 0.5, TARGETS.render10kVsAntdVirtual));
    if (has('vanilla')) verdicts.push(ratioLine('Render 10k ours / floor (medians)', ours10k, mounts('vanilla', 'mount10k').map((m) => m.ms), 0.5));
    if (ours100k.length) verdicts.push(`Render 100k: ours p50 ${ms(quantile(ours100k, 0.5))} ms — ${verdict(quantile(ours100k, 0.5) <= TARGETS.render100k, `≤ ${TARGETS.render100k} ms`)}; rows in DOM ${mounts('ours', 'mount10k')[0]?.domRows} at 10k and ${mounts('ours', 'mount100k')[0]?.domRows} at 100k (${mounts('ours', 'mount10k')[0]?.domRows === mounts('ours', 'mount100k')[0]?.domRows ? 'independent of the row count' : '**not** independent of the row count'}).`);
    for (const mode of ['fling', 'wheel'] as const) {
      const ours = runs.ours.flatMap((r) => r[mode].busy);
      verdicts.push(`Scroll ${mode}: ours busy p95 ${ms(quantile(ours, 0.95))} ms — ${verdict(quantile(ours, 0.95) <= TARGETS.scrollP95, `≤ ${TARGETS.scrollP95} ms`)}.`);
      if (has('antdVirtual')) verdicts.push(ratioLine(`Scroll ${mode} ours / antd virtual (p95)`, ours, runs.antdVirtual.flatMap((r) => r[mode].busy), 0.95, TARGETS.scrollVsAntdVirtual));
      if (has('vanilla')) verdicts.push(ratioLine(`Scroll ${mode} ours / floor (p95)`, ours, runs.vanilla.flatMap((r) => r[mode].busy), 0.95));
    }
  }
  lines.push(...verdicts, '');

  if (has('ours')) {
    const cells = Object.keys(runs.ours[0].keystrokes ?? {});
    const floorTyped = has('vanilla') && runs.vanilla.some((r) => r.keystrokes);
    const typed = (impl: Impl, cell?: string) =>
      runs[impl].flatMap((r) => (cell ? r.keystrokes?.[cell] ?? [] : Object.values(r.keystrokes ?? {}).flat()));
    lines.push(
      'Editing at 10k editable rows — per keystroke, ms from the `input` event to committed and laid out (a forced layout in a task queued behind the event), 20 characters per cell. The floor types into a bare `<input>` put into the hand-written list\'s cell (no validation, no footer, no framework):',
      '',
    );
    lines.push('| cell typed into | keystrokes | p50 | p95 | p98 | max | floor p50 | floor p98 |', '|---|---|---|---|---|---|---|---|');
    for (const cell of cells) {
      const values = typed('ours', cell);
      const floor = floorTyped ? typed('vanilla', cell) : [];
      const floorCells = floor.length ? `${ms(quantile(floor, 0.5))} | ${ms(quantile(floor, 0.98))}` : '— | —';
      lines.push(`| ${cell} | ${values.length} | ${ms(quantile(values, 0.5))} | ${ms(quantile(values, 0.95))} | ${ms(quantile(values, 0.98))} | ${ms(Math.max(...values))} | ${floorCells} |`);
    }
    const all = typed('ours');
    const validate = runs.ours.flatMap((r) => r.validate ?? []);
    const patches = runs.ours.flatMap((r) => (r.patches ? [r.patches] : []));
    const patchLong = patches.flatMap((p) => p.longTasks);
    lines.push(
      '',
      `Keystrokes, all cells: p98 ${ms(quantile(all, 0.98))} ms — ${verdict(quantile(all, 0.98) <= TARGETS.keystrokeP98, `≤ ${TARGETS.keystrokeP98} ms`)}.`,
      ...(floorTyped
        ? [
            `Keystrokes, floor (bare input), all cells: p50 ${ms(quantile(typed('vanilla'), 0.5))} ms, p98 ${ms(quantile(typed('vanilla'), 0.98))} ms — ${verdict(quantile(typed('vanilla'), 0.98) <= TARGETS.keystrokeP98, `≤ ${TARGETS.keystrokeP98} ms`)}.`,
            ratioLine('Keystrokes ours / floor (p98)', all, typed('vanilla'), 0.98),
            ratioLine('Keystrokes ours / floor (medians)', all, typed('vanilla'), 0.5),
          ]
        : []),
      `Validate 1,000 rows × 10 rules through the handle (\`validate()\` call to its promise; then to the next frame): p50 ${ms(quantile(validate.map((v) => v.ms), 0.5))} ms, max ${ms(Math.max(...validate.map((v) => v.ms)))} ms; to paint p50 ${ms(quantile(validate.map((v) => v.paintMs), 0.5))} ms; ${validate[0]?.errors ?? 0} errors marked — ${verdict(quantile(validate.map((v) => v.ms), 0.5) <= TARGETS.validate, `≤ ${TARGETS.validate} ms`)}.`,
      `Live patches (\`patchRow\`, 1,000/s for 2 s into 10k rows, 20% of them to rows on screen, 2 fields each): ${patches.reduce((s, p) => s + p.sent, 0)} patches over ${patches.length} runs, main thread busy ${patches.map((p) => p.busyPercent.toFixed(0)).join('/')} %, long tasks (> 50 ms) ${patchLong.length}${patchLong.length ? ` (longest ${ms(Math.max(...patchLong))} ms)` : ''}, rendered cells differing from the last value sent ${patches.reduce((s, p) => s + p.mismatches, 0)} of ${patches.reduce((s, p) => s + p.checked, 0)} — ${verdict(patchLong.length === 0, 'no long tasks')}.`,
    );
  }
  return lines.join('\n');
}

export function writeSection(perfFile: string, table: string): void {
  const begin = '<!-- bench:grid begin -->';
  const end = '<!-- bench:grid end -->';
  const current = fs.readFileSync(perfFile, 'utf8');
  const section = `${begin}\n${table}\n${end}`;
  const next = current.includes(begin)
    ? current.replace(new RegExp(`${begin}[\\s\\S]*?${end}`), () => section)
    : `${current.trimEnd()}\n\n## Editable grid (npm run bench:grid)\n\n${section}\n`;
  fs.writeFileSync(perfFile, next);
}
