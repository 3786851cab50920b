/**
 * `npm run bench:bundle`: what a browser downloads for each stage of the app, gzip and brotli, measured from Vite's
 * build manifest. Side by side with a baseline build of the same app whose code is not split (everything in one
 * bundle), so the ratio shows what route-level splitting buys. Writes the table into docs/perf.md between markers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execSync } from 'node:child_process';
import { build, type Manifest } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, '.tmp', 'bench-bundle');
const TARGET_LOGIN_SHELL_KB = 150;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Stages a person goes through, each naming the source modules whose chunks it needs (the entry is implied). */
const STAGES: Array<{ name: string; modules: string[] }> = [
  { name: 'login page', modules: [] },
  // The shell is the layout around every screen; the home dashboard is the first route's screen (antd), so it is
  // a stage of its own, like the list and form routes after it.
  { name: 'login + shell (after sign-in)', modules: ['src/app/main/MainLayout.tsx'] },
  { name: '+ home dashboard route', modules: ['src/app/pages/Analysis.tsx'] },
  { name: '+ list route', modules: ['renderers/list-page/ListPage.tsx'] },
  { name: '+ form (add/edit)', modules: ['renderers/form/EntityForm.tsx'] },
];

async function buildVariant(outDir: string, split: boolean): Promise<Manifest> {
  await build({
    root: ROOT,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      chunkSizeWarningLimit: 100_000,
      rollupOptions: split ? {} : { output: { codeSplitting: false } },
    },
  });
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

function fileSizes(file: string): Sizes {
  const content = fs.readFileSync(file);
  return {
    raw: content.length,
    gzip: zlib.gzipSync(content, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** Files (JS and CSS) a manifest key needs: itself and its static imports, transitively. */
function closure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
}

function sum(outDir: string, files: Iterable<string>): Sizes {
  const total: Sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const sizes = fileSizes(path.join(outDir, file));
    total.raw += sizes.raw;
    total.gzip += sizes.gzip;
    total.brotli += sizes.brotli;
  }
  return total;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function measureStages(outDir: string, manifest: Manifest) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
  const loaded = new Set<string>();
  closure(manifest, entryKey, loaded);
  return STAGES.map((stage) => {
    const before = new Set(loaded);
    for (const module of stage.modules) {
      if (!manifest[module]) throw new Error(`${module} is not a chunk in the build; update STAGES in scripts/bench-bundle.ts`);
      closure(manifest, module, loaded);
    }
    const added = [...loaded].filter((file) => !before.has(file));
    const files = stage.modules.length === 0 ? [...loaded] : added;
    return { stage: stage.name, added: sum(outDir, files), cumulative: sum(outDir, loaded), files: files.length };
  });
}

function environment(): string {
  const sha = (() => {
    try {
      return execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
    } catch {
      return 'unknown';
    }
  })();
  return `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), git ${sha}, ${new Date().toISOString().slice(0, 10)}`;
}

async function main(): Promise<void> {
  const splitDir = path.join(OUT, 'split');
  const singleDir = path.join(OUT, 'single');
  const split = measureStages(splitDir, await buildVariant(splitDir, true));
  const singleManifest = await buildVariant(singleDir, false);
  const singleFiles = new Set<string>();
  closure(singleManifest, Object.keys(singleManifest).find((key) => singleManifest[key].isEntry)!, singleFiles);
  const single = sum(singleDir, singleFiles);

  const loginShell = split[1].cumulative;
  const rows = split.map(
    (row) =>
      `| ${row.stage} | ${row.files} | ${kb(row.added.gzip)} | ${kb(row.cumulative.gzip)} | ${kb(row.cumulative.brotli)} | ${(row.cumulative.gzip / single.gzip).toFixed(2)} |`,
  );
  const verdict =
    loginShell.gzip / 1024 <= TARGET_LOGIN_SHELL_KB
      ? `meets the ≤ ${TARGET_LOGIN_SHELL_KB} KB target`
      : `**misses** the ≤ ${TARGET_LOGIN_SHELL_KB} KB target by ${kb(loginShell.gzip - TARGET_LOGIN_SHELL_KB * 1024)} KB`;
  const table = [
    `Measured ${environment()}. Sizes in KB; JS and CSS each stage downloads (static-import closure of its chunks).`,
    '',
    '| stage | files | added gzip | cumulative gzip | cumulative brotli | ratio to unsplit (gzip) |',
    '|---|---|---|---|---|---|',
    ...rows,
    `| baseline: same app unsplit (one bundle) | ${singleFiles.size} | — | ${kb(single.gzip)} | ${kb(single.brotli)} | 1.00 |`,
    '',
    `Login + shell: ${kb(loginShell.gzip)} KB gzip — ${verdict}.`,
  ].join('\n');
  console.log(table);

  const perfFile = path.join(ROOT, 'docs', 'perf.md');
  const begin = '<!-- bench:bundle begin -->';
  const end = '<!-- bench:bundle end -->';
  const current = fs.existsSync(perfFile) ? fs.readFileSync(perfFile, 'utf8') : '# Performance\n';
  const section = `${begin}\n${table}\n${end}`;
  const next = current.includes(begin)
    ? current.replace(new RegExp(`${begin}[\\s\\S]*?${end}`), section)
    : `${current.trimEnd()}\n\n## Bundle (npm run bench:bundle)\n\n${section}\n`;
  fs.writeFileSync(perfFile, next);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
