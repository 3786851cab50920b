/**
 * Renders bench:api results as the markdown docs/perf.md carries between `<!-- bench:api begin/end -->`, and
 * writes only that span (other benches own other spans of the same file).
 */
import fs from 'node:fs';

export type Backend = 'pglite' | 'postgres';

export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface ScenarioResult {
  scenario: string;
  label: string;
  backend: Backend;
  bytes: number;
  app: Measure;
  appAtHalf: Measure;
  ceiling: Measure;
  ceilingAtHalf: Measure;
  /** PostgreSQL, list cache off: the same statements replayed through the driver alone (scripts/bench-api.ts). */
  /** The replayed statements: closed-loop req/s, and p50/p99 (ms) open loop at the app's half-load rate. */
  dbFloor?: { statements: number; rps: number; halfRate?: number; p50?: number; p99?: number };
}

export interface BackendRun {
  backend: Backend;
  seeded: {
    rows: number;
    seconds: number;
    rowsPerSecond: number;
    insertSeconds?: number;
    indexSeconds?: number;
    vacuumSeconds?: number;
    /** Waybill loads: the orders written with them and the status mix (status → rows). */
    orders?: number;
    statuses?: Record<string, number>;
  };
  coldPage1Ms: number;
  results: ScenarioResult[];
}

export interface BenchSettings {
  entity?: string;
  rows: number;
  duration: number;
  warmup: number;
  connections: number;
  maxOffset: number;
  exactCountUpTo: number;
  countCacheMs: number;
}

/** Scenario-name suffix of the second server run, with LIST_CACHE=off: the database path of every list request. */
export const DATABASE_SUFFIX = '-db';

/** Scenario-name suffix of the third server run (deep pages only), with LIST_CACHE=off and PAGE_ANCHORS=off. */
export const OFFSET_SUFFIX = '-offset';

/**
 * The ways a list scenario is measured: repeated with the list cache; with it off (a deep page starts from the
 * position its previous read left, server/entity/keyset.ts); and, for deep pages, jumped to with nothing known.
 */
export const LIST_MODES = [
  { suffix: '', name: 'repeated, list cache' },
  { suffix: DATABASE_SUFFIX, name: 'list cache off' },
  { suffix: OFFSET_SUFFIX, name: 'list cache off, deep page jumped to with no known position' },
] as const;

/** Page 1 of a mode; the OFFSET run measures only deep pages and is compared with the list-cache-off page 1. */
export function page1Suffix(suffix: string): string {
  return suffix === OFFSET_SUFFIX ? DATABASE_SUFFIX : suffix;
}

const BEGIN = '<!-- bench:api begin -->';
const END = '<!-- bench:api end -->';
const HEADING = '## API list on a large table (npm run bench:api)';

export const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const verdict = (pass: boolean) => (pass ? '**pass**' : '**miss**');

export function find(runs: BackendRun[], backend: Backend, scenario: string): ScenarioResult | undefined {
  return runs.find((r) => r.backend === backend)?.results.find((s) => s.scenario === scenario);
}

/** One row per scenario and backend: throughput beside the ceiling, latency at half load, PGlite against PostgreSQL. */
export function scenarioTable(runs: BackendRun[]): string[] {
  const lines = [
    '| scenario | backend | bytes | req/s | ceiling req/s | ratio to ceiling | p50 / p99 at 50 % (ms) | ceiling p99 (ms) | PGlite / PG req/s |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const run of runs) {
    for (const r of run.results) {
      const pg = find(runs, 'postgres', r.scenario);
      const pgRatio = r.backend === 'pglite' && pg ? fixed(r.app.rps / pg.app.rps, 2) : '';
      const errors = r.app.errors + r.appAtHalf.errors;
      lines.push(
        `| ${r.label} | ${r.backend} | ${r.bytes.toLocaleString('en-US')} | ${fixed(r.app.rps)}${errors ? ` (${errors} errors)` : ''} | ` +
          `${fixed(r.ceiling.rps)} | ${fixed(r.app.rps / r.ceiling.rps, 2)} | ${r.appAtHalf.p50} / ${r.appAtHalf.p99} | ` +
          `${r.ceilingAtHalf.p99} | ${pgRatio} |`,
      );
    }
  }
  return lines;
}

/**
 * The database path beside its floor: what the app's own statements for one request allow when replayed through
 * node-postgres with the same number in flight and nothing else (no HTTP, session, presentation or JSON).
 */
export function floorTable(runs: BackendRun[]): string[] {
  const floored = runs.flatMap((run) => run.results.filter((r) => r.dbFloor));
  if (floored.length === 0) return [];
  const lines = [
    'Database floor of the list-cache-off rows: the statements the app sent for one request (recorded in the server process), replayed in order through node-postgres with the same connections in flight and no HTTP; latency open loop at the rate of the app\'s 50 % run, from each request\'s due time:',
    '',
    '| scenario | backend | statements per request | floor req/s | floor / ceiling | app req/s | app / floor | floor p50 / p99 at that rate (ms) | app p50 / p99 (ms) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of floored) {
    const floor = r.dbFloor!;
    lines.push(
      `| ${r.label} | ${r.backend} | ${floor.statements} | ${fixed(floor.rps)} | ${fixed(floor.rps / r.ceiling.rps, 2)} | ${fixed(r.app.rps)} | ${fixed(r.app.rps / floor.rps, 2)} | ${floor.p99 === undefined ? '—' : `${fixed(floor.p50 ?? 0, 1)} / ${fixed(floor.p99, 1)}`} | ${r.appAtHalf.p50} / ${r.appAtHalf.p99} |`,
    );
  }
  lines.push('');
  return lines;
}

export function renderSection(runs: BackendRun[], env: Record<string, string>, settings: BenchSettings): string {
  const lines: string[] = [];
  lines.push(
    `Measured ${new Date().toISOString().slice(0, 10)}: ${env.nproc} cores (${env.cpu}), ${env.memory}, node ${env.node}, ` +
      `PostgreSQL ${env.postgres}, PGlite ${env.pglite}, fastify ${env.fastify}, autocannon ${env.autocannon}, git ${env.git}. ` +
      `Load average (1/5/15 min) before the run: ${env.load}. ` +
      `Server, load generator and PostgreSQL share the cores (no pinning); loopback, no compression.`,
  );
  lines.push('');
  lines.push(
    `Data: ${settings.rows.toLocaleString('en-US')} bulk-seeded drivers in one tenant (+300 demo rows). Each cell: ` +
      `${settings.warmup} s warm-up, ${settings.duration} s closed loop with ${settings.connections} connections (req/s), then ` +
      `${settings.duration} s open loop at 50 % of that rate (requests on a fixed schedule through the same number of keep-alive connections, latency from each one's due time; p50/p99). Ceiling = the same ` +
      `response bytes replayed from memory by a bare Fastify in the same server process, measured in the same run.`,
  );
  lines.push('');
  lines.push(...scenarioTable(runs));
  lines.push('');
  lines.push(...floorTable(runs));
  lines.push('| backend | seed rows/s (insert + index rebuild + vacuum) | first page 1 after start (full count) | deep / page 1 (req/s ratio) | deep / page 1 (p99 at 50 %) |');
  lines.push('|---|---|---|---|---|');
  for (const run of runs) {
    const page1 = find(runs, run.backend, 'page1');
    const deep = find(runs, run.backend, 'deep');
    const costRatio = page1 && deep ? page1.app.rps / deep.app.rps : Number.NaN;
    const p99Ratio = page1 && deep ? deep.appAtHalf.p99 / page1.appAtHalf.p99 : Number.NaN;
    lines.push(
      `| ${run.backend} | ${fixed(run.seeded.rowsPerSecond)} (${fixed(run.seeded.seconds, 1)} s) | ${fixed(run.coldPage1Ms, 1)} ms | ` +
        `${fixed(costRatio, 2)}× | ${fixed(p99Ratio, 2)}× |`,
    );
  }
  lines.push('');
  lines.push('Targets (issue "Schema engine, full"; perf-anchors §4.5/§4.6):');
  for (const { suffix, name: mode } of LIST_MODES) {
    const pgPage1 = find(runs, 'postgres', `page1${suffix}`);
    const pgFiltered = find(runs, 'postgres', `filtered${suffix}`);
    if (pgPage1) {
      lines.push(`- PostgreSQL page 1 (${mode}) ≥ 0.5× ceiling: ${fixed(pgPage1.app.rps / pgPage1.ceiling.rps, 2)}× — ${verdict(pgPage1.app.rps / pgPage1.ceiling.rps >= 0.5)}`);
      lines.push(`- PostgreSQL page 1 (${mode}) p99 ≤ 10 ms at 50 % load: ${pgPage1.appAtHalf.p99} ms — ${verdict(pgPage1.appAtHalf.p99 <= 10)}`);
    }
    if (pgFiltered) {
      lines.push(`- PostgreSQL filtered+sorted (${mode}) ≥ 0.5× ceiling: ${fixed(pgFiltered.app.rps / pgFiltered.ceiling.rps, 2)}× — ${verdict(pgFiltered.app.rps / pgFiltered.ceiling.rps >= 0.5)}; p99 ${pgFiltered.appAtHalf.p99} ms — ${verdict(pgFiltered.appAtHalf.p99 <= 10)}`);
    }
    for (const scenario of ['page1', 'filtered', 'deep']) {
      const lite = find(runs, 'pglite', `${scenario}${suffix}`);
      const pg = find(runs, 'postgres', `${scenario}${suffix}`);
      if (lite && pg) lines.push(`- PGlite ≥ 0.3× PostgreSQL (${scenario}, ${mode}): ${fixed(lite.app.rps / pg.app.rps, 2)}× — ${verdict(lite.app.rps / pg.app.rps >= 0.3)}`);
    }
    for (const run of runs) {
      const page1 = find(runs, run.backend, `page1${page1Suffix(suffix)}`);
      const deep = find(runs, run.backend, `deep${suffix}`);
      if (page1 && deep) {
        const ratio = page1.app.rps / deep.app.rps;
        lines.push(`- Deep page within 1.2× of page 1 (${run.backend}, ${mode}; cost = page-1 req/s ÷ deep req/s): ${fixed(ratio, 2)}× — ${verdict(ratio <= 1.2)}`);
      }
    }
  }
  for (const run of runs) {
    const exported = find(runs, run.backend, 'export1000');
    if (exported) lines.push(`- Export of 1,000 rows ≤ 100 ms (${run.backend}, p50 at 50 % load): ${exported.appAtHalf.p50} ms — ${verdict(exported.appAtHalf.p50 <= 100)}`);
  }
  lines.push(
    `- Counts on ${settings.rows.toLocaleString('en-US')} rows: exact up to ${settings.exactCountUpTo.toLocaleString('en-US')} per request, ` +
      `larger totals counted once and reused for ${settings.countCacheMs / 1000} s (the "first page 1" column is that one full count).`,
  );
  return `${BEGIN}\n${lines.join('\n')}\n${END}`;
}

export interface SectionMarkers {
  begin: string;
  end: string;
  heading: string;
}

/** Replaces the bench:api span (or another bench's span), or appends a heading and the span when the file has none yet. */
export function writeSection(file: string, section: string, markers: SectionMarkers = { begin: BEGIN, end: END, heading: HEADING }): void {
  const current = fs.readFileSync(file, 'utf8');
  const next = current.includes(markers.begin)
    ? current.replace(new RegExp(`${markers.begin}[\\s\\S]*?${markers.end}`), () => section)
    : `${current.trimEnd()}\n\n${markers.heading}\n\n${section}\n`;
  fs.writeFileSync(file, next);
}
