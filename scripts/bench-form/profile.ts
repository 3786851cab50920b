/**
 * Where a keystroke's time goes in the bench:form page: builds the page unminified, types into one field of
 * `?impl=ours` (or stock) under the CDP sampling profiler and prints the functions with the most self and total
 * time, next to the page's own keystroke timings. A tool for finding the next cost, not a benchmark.
 *
 *   npx tsx scripts/bench-form/profile.ts [--impl ours|stock] [--field 1|200] [--mount | --trace] [--skip-build] [--top 40]
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { fieldLabel } from './bench-entity.ts';
import { BENCH_CHROMIUM_FLAGS, buildBenchPage, serveStatic } from '../lib/bench-page.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const OUT = '/tmp/bench-form-profile';
const TRACE = '/tmp/bench-form-trace.json';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; src_func?: string; data?: { type?: string; functionName?: string } };
}

/**
 * The renderer main thread's tasks from one keystroke's \`input\` event to the page's measuring message, each with
 * its wall and thread time: what a bench:form sample is made of.
 */
function summariseTrace(): void {
  const events = (JSON.parse(fs.readFileSync(TRACE, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const own = events.filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const tasks = own.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const inside = (task: TraceEvent, test: (e: TraceEvent) => boolean) =>
    own.some((e) => e.ts >= task.ts && e.ts <= task.ts + (task.dur ?? 0) && test(e));
  let line: string[] | undefined;
  for (const task of tasks) {
    const label = `${task.args?.src_func ?? '?'} ${((task.dur ?? 0) / 1000).toFixed(1)}/${((task.tdur ?? 0) / 1000).toFixed(1)}`;
    if (inside(task, (e) => e.name === 'EventDispatch' && e.args?.data?.type === 'input')) line = [label];
    else if (line && inside(task, (e) => e.name === 'FunctionCall' && e.args?.data?.functionName === 'channel.port1.onmessage')) {
      console.log(`${line.join(' → ')} → sample`);
      line = undefined;
    } else if (line && (task.dur ?? 0) > 300) line.push(label);
  }
  console.log('(task source wall/thread ms)');
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function arg(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
}

function summarise(profile: Profile, top: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const label = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anon)'} ${path.basename(node.callFrame.url.split('?')[0])}:${node.callFrame.lineNumber + 1}`;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const node = byId.get(id)!;
    self.set(label(node), (self.get(label(node)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at)!);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + ms);
    }
  });
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}`);
  };
  print('self time', self);
  print('total time', total);
}

async function main() {
  const impl = arg('impl', 'ours');
  const field = Number(arg('field', '1'));
  if (!process.argv.includes('--skip-build')) {
    await buildBenchPage(path.join(ROOT, 'scripts', 'bench-form'), OUT, false);
  }
  const server = await serveStatic(OUT);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: BENCH_CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const mount = process.argv.includes('--mount');
    if (mount) await cdp.send('Profiler.start');
    await page.goto(`${server.url}/?impl=${impl}&fields=200`);
    await page.waitForFunction(() => window.__bench?.ready === true, undefined, { timeout: 120_000 });
    console.log(`mount ${(await page.evaluate(() => window.__bench.mountMs)).toFixed(1)} ms`);
    if (mount) {
      summarise((await cdp.send("Profiler.stop")).profile as Profile, Number(arg("top", "40")));
      return;
    }
    const input = page.getByLabel(fieldLabel(field - 1), { exact: true });
    await input.scrollIntoViewIfNeeded();
    await input.click();
    await page.keyboard.type('warmupwarmup', { delay: 25 });
    await page.evaluate(() => (window.__bench.samples = []));
    await cdp.send('Performance.enable');
    const metrics = async () => Object.fromEntries(((await cdp.send('Performance.getMetrics')).metrics).map((m) => [m.name, m.value]));
    const before = await metrics();
    await page.keyboard.type('abcdefghijklmnopqrst', { delay: 25 });
    await page.waitForTimeout(100);
    const after = await metrics();
    for (const name of ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'RecalcStyleCount', 'LayoutCount', 'Nodes']) {
      console.log(`${name}: ${name.endsWith('Duration') ? `${((after[name] - before[name]) * 1000 / 20).toFixed(2)} ms per keystroke` : `${after[name] - before[name]} (now ${after[name]})`}`);
    }
    console.log(`keystrokes (no profiler): ${(await page.evaluate(() => window.__bench.samples.slice())).sort((a, b) => a - b).map((s) => s.toFixed(1)).join(' ')}`);
    if (process.argv.includes('--trace')) {
      await page.evaluate(() => (window.__bench.samples = []));
      await browser.startTracing(page, { path: TRACE, categories: ['devtools.timeline', 'toplevel'] });
      await page.keyboard.type('abcdefghij', { delay: 25 });
      await page.waitForTimeout(100);
      await browser.stopTracing();
      console.log(`keystrokes (traced): ${(await page.evaluate(() => window.__bench.samples.slice())).map((s) => s.toFixed(1)).join(' ')}`);
      summariseTrace();
      return;
    }
    await page.evaluate(() => (window.__bench.samples = []));
    await cdp.send('Profiler.start');
    await page.keyboard.type('abcdefghijklmnopqrst', { delay: 25 });
    await page.waitForTimeout(100);
    const { profile } = await cdp.send('Profiler.stop');
    const samples = (await page.evaluate(() => window.__bench.samples.slice())).sort((a, b) => a - b);
    console.log(`keystrokes (under the profiler): ${samples.map((s) => s.toFixed(1)).join(' ')}`);
    summarise(profile as Profile, 45);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
