/**
 * `npm run bench:form`: keystroke cost in a 200-field form — the product's EntityForm against a stock @rjsf/antd
 * Form of the same JSON Schema and the same labels and inputs as bare HTML (the browser's own floor for a page of that
 * many inputs), measured side by side in the same Chromium, interleaved, after warm-up rounds.
 * Per keystroke: from the key press (keydown's timestamp, so waiting behind earlier work counts) until React has
 * committed and the page is laid out (scripts/bench-form/main.tsx); the p98 from the `input` event (the measure of
 * runs before 2026-11-25) is reported beside it. Typing goes into the first and the last field. Writes its section of docs/perf.md between markers.
 *
 * Flags: --fields 200, --rounds 6, --warmup 2, --chars 20, --throttle 1 (CPU slowdown factor, e.g. 4).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';
import { fieldLabel } from './bench-form/bench-entity.ts';
import { BENCH_CHROMIUM_FLAGS, buildBenchPage, serveStatic } from './lib/bench-page.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, '.tmp', 'bench-form');
const IMPLS = ['stock', 'ours', 'html'] as const;
const IMPL_NAMES: Record<Impl, string> = {
  stock: 'stock @rjsf/antd Form',
  ours: 'EntityForm (ours)',
  html: 'bare HTML inputs (floor)',
};
type Impl = (typeof IMPLS)[number];
const TARGET_KEYSTROKE_MS = 16;

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}


interface RunResult {
  mountMs: number;
  first: number[];
  /** The same keystrokes timed from the `input` event's dispatch. */
  fromInput: number[];
  last: number[];
}

async function runOnce(browser: Browser, url: string, impl: Impl, fields: number, chars: number, throttle: number): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  await page.goto(`${url}/?impl=${impl}&fields=${fields}`);
  await page.waitForFunction(() => window.__bench?.ready === true, undefined, { timeout: 120_000 });
  const mountMs = await page.evaluate(() => window.__bench.mountMs);
  const text = 'abcdefghijklmnopqrstuvwxyz'.repeat(4).slice(0, chars);
  const typeInto = async (label: string) => {
    const input = page.getByLabel(label, { exact: true });
    await input.scrollIntoViewIfNeeded();
    await input.click();
    await page.evaluate(() => {
      window.__bench.samples = [];
      window.__bench.fromInput = [];
    });
    await page.keyboard.type(text, { delay: 25 });
    await page.waitForTimeout(50);
    const [pressed, dispatched] = await page.evaluate(() => [window.__bench.samples.slice(), window.__bench.fromInput.slice()]);
    fromInput.push(...dispatched);
    return pressed;
  };
  const fromInput: number[] = [];
  const first = await typeInto(fieldLabel(0));
  const last = await typeInto(fieldLabel(fields - 1));
  await context.close();
  if (first.length < chars || last.length < chars) throw new Error(`${impl}: expected ${chars} samples per field, got ${first.length}/${last.length}`);
  return { mountMs, first, last, fromInput };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

/** 95% bootstrap interval of median(a) / median(b), with a fixed seed so reruns on the same data agree. */
function bootstrapRatio(a: number[], b: number[]): [number, number] {
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const resample = (values: number[]) => values.map(() => values[Math.floor(random() * values.length)]);
  const ratios: number[] = [];
  for (let i = 0; i < 1000; i++) ratios.push(quantile(resample(a), 0.5) / quantile(resample(b), 0.5));
  return [quantile(ratios, 0.025), quantile(ratios, 0.975)];
}

const ms = (value: number) => value.toFixed(1);

async function main() {
  const fields = flag('fields', 200);
  const rounds = flag('rounds', 6);
  const warmup = flag('warmup', 2);
  const chars = flag('chars', 20);
  const throttle = flag('throttle', 1);

  await buildBenchPage(path.join(ROOT, 'scripts', 'bench-form'), OUT);
  const server = await serveStatic(OUT);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: BENCH_CHROMIUM_FLAGS });
  const results: Record<Impl, RunResult[]> = { stock: [], ours: [], html: [] };
  try {
    for (let round = 0; round < warmup + rounds; round++) {
      // Rotate the order so no side always runs on a warmer machine.
      const order = IMPLS.map((_, index) => IMPLS[(index + round) % IMPLS.length]);
      for (const impl of order) {
        const result = await runOnce(browser, server.url, impl, fields, chars, throttle);
        if (round >= warmup) results[impl].push(result);
        console.log(`round ${round + 1}${round < warmup ? ' (warm-up)' : ''} ${impl}: mount ${ms(result.mountMs)} ms, first-field p50 ${ms(quantile(result.first, 0.5))} ms, last-field p50 ${ms(quantile(result.last, 0.5))} ms`);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }

  const all = (impl: Impl, key: 'first' | 'last') => results[impl].flatMap((r) => r[key]);
  const keystrokes = (impl: Impl) => [...all(impl, 'first'), ...all(impl, 'last')];
  const rows = (['first', 'last'] as const).flatMap((key) =>
    IMPLS.map((impl) => {
      const values = all(impl, key);
      return `| ${IMPL_NAMES[impl]} | ${key === 'first' ? 'field 1' : `field ${fields}`} | ${values.length} | ${ms(quantile(values, 0.5))} | ${ms(quantile(values, 0.95))} | ${ms(quantile(values, 0.98))} | ${ms(Math.max(...values))} |`;
    }),
  );
  const mount = (impl: Impl) => quantile(results[impl].map((r) => r.mountMs), 0.5);
  const ours = keystrokes('ours');
  const stock = keystrokes('stock');
  const [low, high] = bootstrapRatio(ours, stock);
  const floor = keystrokes('html');
  const [floorLow, floorHigh] = bootstrapRatio(ours, floor);
  const p98 = quantile(ours, 0.98);
  const floorP98 = quantile(floor, 0.98);
  const verdict = p98 <= TARGET_KEYSTROKE_MS
    ? `meets the ≤ ${TARGET_KEYSTROKE_MS} ms target`
    : `**misses** the ≤ ${TARGET_KEYSTROKE_MS} ms target`;
  const sha = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
  const chromiumVersion = execSync('/usr/bin/chromium --version 2>/dev/null || true').toString().trim();
  const table = [
    `Measured node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${chromiumVersion}, git ${sha}, ${new Date().toISOString().slice(0, 10)}.`,
    `${fields} fields, ${rounds} measured rounds after ${warmup} warm-up rounds, ${chars} keystrokes per field, CPU throttle ${throttle}×. Time per keystroke from the key press (keydown timestamp) to committed and laid out (ms).`,
    '',
    '| form | typed into | keystrokes | p50 | p95 | p98 | max |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Mount until the last field shows (median): ours ${ms(mount('ours'))} ms, stock ${ms(mount('stock'))} ms.`,
    `Keystroke median ours / stock: ${ms(quantile(ours, 0.5) / quantile(stock, 0.5) * 100)} % (95% bootstrap interval ${ms(low * 100)}–${ms(high * 100)} %).`,
    `Keystroke median ours / bare HTML: ${ms(quantile(ours, 0.5) / quantile(floor, 0.5) * 100)} % (95% bootstrap interval ${ms(floorLow * 100)}–${ms(floorHigh * 100)} %); p98 ours ${ms(p98)} ms against bare HTML ${ms(floorP98)} ms.`,
    `Ours p98 ${ms(p98)} ms — ${verdict}${p98 > TARGET_KEYSTROKE_MS && floorP98 > TARGET_KEYSTROKE_MS ? ` (bare HTML inputs, with no script at all, reach only ${ms(floorP98)} ms in this browser on this machine)` : ''}. From the \`input\` event instead (the earlier measure): ours p98 ${ms(quantile(results.ours.flatMap((r) => r.fromInput), 0.98))} ms, stock ${ms(quantile(results.stock.flatMap((r) => r.fromInput), 0.98))} ms.`,
  ].join('\n');
  console.log(`\n${table}`);

  const perfFile = path.join(ROOT, 'docs', 'perf.md');
  const begin = '<!-- bench:form begin -->';
  const end = '<!-- bench:form end -->';
  const current = fs.readFileSync(perfFile, 'utf8');
  const section = `${begin}\n${table}\n${end}`;
  const next = current.includes(begin)
    ? current.replace(new RegExp(`${begin}[\\s\\S]*?${end}`), section)
    : `${current.trimEnd()}\n\n## Forms (npm run bench:form)\n\n${section}\n`;
  fs.writeFileSync(perfFile, next);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
