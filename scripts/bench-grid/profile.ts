/**
 * Where a scroll step's (or a keystroke's) time goes in the bench:grid page: builds the page, mounts 10k rows in each
 * `--impls` and prints per-step script / style / layout percentiles from CDP metrics; with --trace (or
 * --invalidations) also the trace events with the most time and why style and layout were invalidated. A tool for finding the next cost, not a benchmark.
 *
 * With --mount, profiles five mounts of --rows rows (default 10,000) instead (script time of a first render).
 *
 *   npx tsx scripts/bench-grid/profile.ts [--impls vanilla,ours] [--stride 640] [--steps 60] [--type] [--mount [--rows N]] [--cpu] [--trace] [--invalidations] [--skip-build]
 */
import path from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';
import { BENCH_CHROMIUM_FLAGS, buildBenchPage, serveStatic } from '../lib/bench-page.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const OUT = '/tmp/bench-grid-profile';

function arg(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value * 1000]));
}

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** Self and total ms per function of a CPU profile, per step. */
function summarise(profile: Profile, steps: number, top = 25): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (node: ProfileNode) => `${node.callFrame.functionName || '(anon)'} ${path.basename(node.callFrame.url.split('?')[0])}:${node.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const name = label(byId.get(id)!);
    self.set(name, (self.get(name) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const outer = label(byId.get(at)!);
      if (seen.has(outer)) continue;
      seen.add(outer);
      total.set(outer, (total.get(outer) ?? 0) + ms);
    }
  });
  for (const [title, map] of [['self', self], ['total', total]] as const) {
    console.log(`  ${title} ms per step:`);
    for (const [name, ms] of [...map].filter(([n]) => !n.startsWith('(idle)') && !n.startsWith('(program)') && !n.startsWith('(root)')).sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${(ms / steps).toFixed(3).padStart(8)}  ${name}`);
  }
}

interface TraceEvent { name: string; ph: string; dur?: number; tid: number; args?: { elementCount?: number; data?: { type?: string; reason?: string; nodeName?: string; invalidationList?: Array<{ classes?: string[]; attribute?: string }> } } }

async function main() {
  const impls = arg('impls', 'vanilla,ours').split(',');
  const steps = Number(arg('steps', '60'));
  if (!process.argv.includes('--skip-build')) {
    await buildBenchPage(path.join(ROOT, 'scripts', 'bench-grid'), OUT, false);
  }
  const server = await serveStatic(OUT);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: BENCH_CHROMIUM_FLAGS });
  try {
    for (const impl of impls) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await page.goto(`${server.url}/?impl=${impl}`);
      await page.waitForFunction(() => window.__gridBench?.ready === true);
      await page.evaluate(() => window.__gridBench.mount(1000));
      if (process.argv.includes('--mount')) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
        const times: number[] = [];
        const count = Number(arg('rows', '10000'));
        for (let i = 0; i < 5; i++) times.push((await page.evaluate((n) => window.__gridBench.mount(n), count)).ms);
        console.log(`\n${impl}: ${count}-row mounts ${times.map((t) => t.toFixed(1)).join(' / ')} ms; per mount:`);
        summarise((await cdp.send('Profiler.stop')).profile as Profile, times.length);
        await context.close();
        continue;
      }
      await page.evaluate(() => window.__gridBench.mount(10000));
      const stride = Number(arg('stride', String(await page.evaluate(() => window.__gridBench.viewport()))));
      const events: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', (data) => void events.push(...(data.value as unknown as TraceEvent[])));
      const tracing = process.argv.includes('--trace') || process.argv.includes('--invalidations');
      if (tracing) await cdp.send('Tracing.start', { categories: `devtools.timeline,blink,disabled-by-default-devtools.timeline${process.argv.includes('--invalidations') ? ',disabled-by-default-devtools.timeline.invalidationTracking' : ''}`, transferMode: 'ReportEvents' });
      const cpu = process.argv.includes('--cpu');
      if (cpu) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      const parts: Record<string, number[]> = { script: [], style: [], layout: [], busy: [] };
      for (let step = 1; step <= steps; step++) {
        const before = await metrics(cdp);
        await page.evaluate((top) => window.__gridBench.scrollTo(top), step * stride);
        const after = await metrics(cdp);
        const d = (name: string) => after[name] - before[name];
        parts.script.push(d('ScriptDuration'));
        parts.style.push(d('RecalcStyleDuration'));
        parts.layout.push(d('LayoutDuration'));
        parts.busy.push(d('ScriptDuration') + d('RecalcStyleDuration') + d('LayoutDuration'));
      }
      if (cpu) summarise((await cdp.send('Profiler.stop')).profile as Profile, steps);
      if (tracing) {
        const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
        await cdp.send('Tracing.end');
        await done;
      }
      console.log(`\n${impl}: ${steps} steps of ${stride} px`);
      for (const [name, values] of Object.entries(parts)) console.log(`  ${name.padEnd(7)} p50 ${pct(values, 0.5).toFixed(2)}  p95 ${pct(values, 0.95).toFixed(2)}  max ${pct(values, 1).toFixed(2)}`);
      const byName = new Map<string, number>();
      for (const event of events) {
        if (event.ph !== 'X' || !event.dur) continue;
        byName.set(event.name, (byName.get(event.name) ?? 0) + event.dur / 1000);
      }
      const elements = events.filter((e) => e.name === 'UpdateLayoutTree').reduce((sum, e) => sum + (e.args?.elementCount ?? 0), 0);
      console.log(`  style: ${(elements / steps).toFixed(0)} elements recalculated per step`);
      const reasons = new Map<string, number>();
      for (const event of events) {
        if (!event.name.includes('Invalidation') || !event.args?.data) continue;
        const data = event.args.data;
        const what = `${event.name} ${data.reason ?? ''} ${data.nodeName ?? ''} ${JSON.stringify(data.invalidationList ?? '')}`.slice(0, 160);
        reasons.set(what, (reasons.get(what) ?? 0) + 1);
      }
      for (const [what, count] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(count / steps).toFixed(1).padStart(7)} /step  ${what}`);
      for (const [name, ms] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`  ${(ms / steps).toFixed(2).padStart(7)} ms/step  ${name}`);
      if (process.argv.includes('--type') && impl === 'ours') {
        await page.evaluate(() => window.__gridBench.scrollTo(0));
        if (cpu) await cdp.send('Profiler.start');
        for (const [cell, role, name] of [[1, 'textbox', '发货人'], [4, 'spinbutton', '重量'], [0, 'textbox', '运单号']] as const) {
          await page.locator('.grid-body > [role="row"][aria-rowindex="3"] > [role="gridcell"]').nth(cell).click();
          const input = page.getByRole(role, { name, exact: true });
          await input.focus();
          await page.evaluate(() => (window.__gridBench.samples = []));
          await page.keyboard.type('12345678901234567890', { delay: 25 });
          await page.waitForTimeout(50);
          const samples = await page.evaluate(() => window.__gridBench.samples.slice());
          await page.keyboard.press('Escape');
          console.log(`  type ${name}: p50 ${pct(samples, 0.5).toFixed(1)} p95 ${pct(samples, 0.95).toFixed(1)} max ${pct(samples, 1).toFixed(1)}`);
        }
        if (cpu) {
          console.log('  typing, per keystroke:');
          summarise((await cdp.send('Profiler.stop')).profile as Profile, 60);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
