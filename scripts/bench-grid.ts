/**
 * `npm run bench:grid`: the editable grid (issue 6) against an antd Table without virtualisation, an antd Table with
 * `virtual`, and a hand-written virtual list (the floor), side by side in the same Chromium, interleaved, after
 * warm-up rounds. One page load per implementation per round (scripts/bench-grid/main.tsx): first render of 10k and
 * 100k rows × 12 columns, scroll steps (main-thread busy per step from CDP metrics), keystroke→paint in a 10k-row
 * grid (ours, and the floor with a bare input), and for ours validate 1,000 rows × 10 rules and 1,000 live
 * patches/s. Writes its section of docs/perf.md.
 *
 * Flags: --rounds 3, --warmup 1, --mounts 3 (timed mounts per page and size, each after a forced GC), --throttle 1 (CPU slowdown factor), --steps 60 (scroll steps per mode),
 * --chars 20, --rows 10000, --big 100000, --impls vanilla,antd,antdVirtual,ours, --plain-rows 1000 (rows for the
 * non-virtual antd Table: at 10,000 it builds ~180,000 DOM nodes and one mount takes tens of seconds to minutes on
 * 2 cores, so the default keeps the whole bench within minutes; pass 10000 for the issue's full case).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { IMPLS, type Impl, type MountResult, type PatchResult, type StepResult, type ValidateResult } from './bench-grid/data.ts';
import { renderMarkdown, writeSection, type ImplRun, type ScrollRun } from './bench-grid/report.ts';
import { BENCH_CHROMIUM_FLAGS, buildBenchPage, serveStatic } from './lib/bench-page.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, '.tmp', 'bench-grid');
const ROW_HEIGHT = 36;

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

function implsFlag(): Impl[] {
  const index = process.argv.indexOf('--impls');
  if (index < 0) return [...IMPLS];
  const wanted = process.argv[index + 1].split(',');
  return IMPLS.filter((impl) => wanted.includes(impl));
}


/** Cumulative main-thread ms so far: all tasks, and the script + style + layout part of them. */
async function metrics(cdp: CDPSession): Promise<{ task: number; script: number; work: number }> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => (list.find((m) => m.name === name)?.value ?? 0) * 1000;
  const script = value('ScriptDuration');
  return { task: value('TaskDuration'), script, work: script + value('RecalcStyleDuration') + value('LayoutDuration') };
}

/** `steps` scroll positions `stride` px apart from the top; main-thread busy and script ms per step. */
async function scrollRun(page: Page, cdp: CDPSession, steps: number, stride: number): Promise<ScrollRun> {
  await page.evaluate(() => window.__gridBench.scrollTo(0));
  await page.evaluate(() => (window.__gridBench.longTasks = []));
  const run: ScrollRun = { busy: [], task: [], script: [], blank: 0, longTasks: [] };
  for (let step = 1; step <= steps; step++) {
    const before = await metrics(cdp);
    const result: StepResult = await page.evaluate((top) => window.__gridBench.scrollTo(top), step * stride);
    const after = await metrics(cdp);
    run.busy.push(after.work - before.work);
    run.task.push(after.task - before.task);
    run.script.push(after.script - before.script);
    if (result.blank) run.blank += 1;
    // A scroll box that did not move measures nothing: fail rather than report an idle page as fast.
    if (step === 1 && result.top <= 0) throw new Error(`scrolling did not move the grid (scrollTop ${result.top})`);
  }
  run.longTasks = await page.evaluate(() => window.__gridBench.longTasks.slice());
  return run;
}

const CELLS = [
  { label: '发货人 (text)', cell: 1, role: 'textbox', name: '发货人', text: 'abcdefghijklmnopqrstuvwxyz' },
  { label: '重量 (number, footer sum)', cell: 4, role: 'spinbutton', name: '重量', text: '12345678901234567890' },
  { label: '运单号 (text, required + unique)', cell: 0, role: 'textbox', name: '运单号', text: 'abcdefghijklmnopqrstuvwxyz' },
] as const;

async function typeInto(page: Page, position: number, spec: (typeof CELLS)[number], chars: number): Promise<number[]> {
  await page.locator(`.grid-body > [role="row"][aria-rowindex="${position + 2}"] > [role="gridcell"]`).nth(spec.cell).click();
  const input = page.getByRole(spec.role, { name: spec.name, exact: true });
  await input.waitFor();
  await input.focus();
  await page.evaluate(() => (window.__gridBench.samples = []));
  await page.keyboard.type(spec.text.repeat(4).slice(0, chars), { delay: 25 });
  await page.waitForTimeout(50);
  const samples = await page.evaluate(() => window.__gridBench.samples.slice());
  await page.keyboard.press('Escape');
  if (samples.length < chars) throw new Error(`${spec.label}: expected ${chars} keystroke samples, got ${samples.length}`);
  return samples;
}

interface Options { rows: number; big: number; mounts: number; steps: number; chars: number; throttle: number; plainRows: number }

async function runOnce(browser: Browser, url: string, impl: Impl, options: Options): Promise<ImplRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (options.throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.throttle });
  try {
    await page.goto(`${url}/?impl=${impl}`);
    await page.waitForFunction(() => window.__gridBench?.ready === true, undefined, { timeout: 60_000 });
    const mount = (count: number): Promise<MountResult> => page.evaluate((n) => window.__gridBench.mount(n), count);
    // Timed mounts start from a collected heap: the garbage of generating the rows (and of what the page did
    // before) is not the grid's; what the mount itself allocates still counts.
    const timedMounts = async (count: number): Promise<MountResult[]> => {
      const results: MountResult[] = [];
      for (let i = 0; i < options.mounts; i++) {
        await page.evaluate((n) => window.__gridBench.prepare(n), count);
        await cdp.send('HeapProfiler.collectGarbage');
        results.push(await page.evaluate(() => window.__gridBench.mountPrepared()));
      }
      return results;
    };
    await mount(1000); // warm the code paths; not measured
    const mount10k = await timedMounts(impl === 'antd' ? options.plainRows : options.rows);
    const viewport = await page.evaluate(() => window.__gridBench.viewport());
    const fling = await scrollRun(page, cdp, options.steps, viewport);
    const wheel = await scrollRun(page, cdp, options.steps, 3 * ROW_HEIGHT);
    const run: ImplRun = { mount10k, fling, wheel };
    if (impl === 'ours' || impl === 'vanilla') {
      await page.evaluate(() => window.__gridBench.scrollTo(0));
      run.keystrokes = {};
      for (const [i, spec] of CELLS.entries()) run.keystrokes[spec.label] = await typeInto(page, 1 + i, spec, options.chars);
    }
    if (impl === 'ours') {
      const before = await metrics(cdp);
      const started = Date.now();
      const patches: PatchResult = await page.evaluate(() => window.__gridBench.patches(1000, 2, 0.2));
      const after = await metrics(cdp);
      run.patches = { ...patches, busyPercent: ((after.task - before.task) / (Date.now() - started)) * 100 };
      await mount(1000);
      run.validate = [];
      for (let i = 0; i < 5; i++) run.validate.push(await page.evaluate((): Promise<ValidateResult> => window.__gridBench.validate()));
    }
    // The non-virtual table at 100k rows would take minutes and prove nothing new.
    if (impl !== 'antd' && options.big > 0) run.mount100k = await timedMounts(options.big);
    return run;
  } finally {
    await context.close();
  }
}

const ms = (value: number) => value.toFixed(1);

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
}

async function main() {
  const rounds = flag('rounds', 3);
  const warmup = flag('warmup', 1);
  const options: Options = { rows: flag('rows', 10_000), big: flag('big', 100_000), mounts: flag('mounts', 3), steps: flag('steps', 60), chars: flag('chars', 20), throttle: flag('throttle', 1), plainRows: flag('plain-rows', 1000) };
  const impls = implsFlag();
  const load = os.loadavg().map((v) => v.toFixed(1)).join(' / ');

  await buildBenchPage(path.join(ROOT, 'scripts', 'bench-grid'), OUT);
  const server = await serveStatic(OUT);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: BENCH_CHROMIUM_FLAGS });
  const runs = Object.fromEntries(IMPLS.map((impl) => [impl, [] as ImplRun[]])) as Record<Impl, ImplRun[]>;
  const started = Date.now();
  try {
    for (let round = 0; round < warmup + rounds; round++) {
      // Rotate the order so no implementation always runs first (or last) on a warmer machine.
      const order = impls.map((_, i) => impls[(i + round) % impls.length]);
      for (const impl of order) {
        const run = await runOnce(browser, server.url, impl, options);
        if (round >= warmup) runs[impl].push(run);
        const typed = run.keystrokes ? `, keystroke p50 ${ms(Object.values(run.keystrokes).flat().sort((a, b) => a - b)[Math.floor(Object.values(run.keystrokes).flat().length / 2)])} ms` : '';
        console.log(`round ${round + 1}${round < warmup ? ' (warm-up)' : ''} ${impl}: 10k ${run.mount10k.map((m) => ms(m.ms)).join('/')} ms (${run.mount10k[0].domRows} rows)${run.mount100k ? `, 100k ${run.mount100k.map((m) => ms(m.ms)).join('/')} ms (${run.mount100k[0].domRows} rows)` : ''}, fling p95 ${ms(p95(run.fling.busy))} ms, wheel p95 ${ms(p95(run.wheel.busy))} ms${typed}`);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }

  let sha = 'unknown';
  try {
    sha = execSync('git rev-parse --short HEAD', { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    // not a checkout: leave it unknown
  }
  const chromiumVersion = execSync('/usr/bin/chromium --version 2>/dev/null || true').toString().trim();
  const version = (name: string) => (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  const table = renderMarkdown({
    impls,
    plainRows: options.plainRows,
    runs,
    environment: `Measured node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${chromiumVersion}, react ${version('react')}, antd ${version('antd')}, @tanstack/react-virtual ${version('@tanstack/react-virtual')}, git ${sha}, ${new Date().toISOString().slice(0, 10)}. Load average before the run: ${load}; the whole run took ${Math.round((Date.now() - started) / 1000)} s.`,
    settings: `${rounds} measured rounds after ${warmup} warm-up round(s), one fresh page per implementation per round in rotating order, ${options.mounts} timed mounts of each size per page (after one unmeasured 1,000-row mount), each started from a collected heap (CDP \`HeapProfiler.collectGarbage\` after the rows are generated); CPU throttle ${options.throttle}×; viewport 1280×800, grid body 640 px, 36 px rows (antd \`size="small"\`), 12 columns (2 pinned left, 1 pinned right), ${options.rows.toLocaleString('en')} and ${options.big.toLocaleString('en')} rows from a seeded generator (the non-virtual antd Table gets ${options.plainRows.toLocaleString('en')} rows, in both the render and the scroll rows of the tables).`,
  });
  console.log(`\n${table}`);
  writeSection(path.join(ROOT, 'docs', 'perf.md'), table);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
