/**
 * Renders bench:api's waybill run (`--entity hyShippingNote`) as the markdown docs/perf.md carries between
 * `<!-- bench:api-waybills begin/end -->`, judged against the engine issue's API targets.
 */
import { find, fixed, floorTable, LIST_MODES, page1Suffix, scenarioTable, type BackendRun, type BenchSettings, type SectionMarkers } from './bench-api-report.ts';

export const WAYBILL_MARKERS: SectionMarkers = {
  begin: '<!-- bench:api-waybills begin -->',
  end: '<!-- bench:api-waybills end -->',
  heading: '### Waybill list on 1M rows (npm run bench:api -- --entity hyShippingNote)',
};

const verdict = (pass: boolean) => (pass ? 'pass' : '**miss**');
const count = (n: number) => n.toLocaleString('en-US');


function statusMix(statuses: Record<string, number> | undefined, rows: number): string {
  if (!statuses) return '';
  return Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}: ${((100 * n) / rows).toFixed(1)} %`)
    .join(', ');
}

export function renderWaybillSection(runs: BackendRun[], env: Record<string, string>, settings: BenchSettings): string {
  const lines: string[] = [];
  lines.push(
    `Measured ${new Date().toISOString().slice(0, 10)}: ${env.nproc} cores (${env.cpu}), ${env.memory}, node ${env.node}, ` +
      `PostgreSQL ${env.postgres}, PGlite ${env.pglite}, fastify ${env.fastify}, autocannon ${env.autocannon}, git ${env.git}. ` +
      `Load average (1/5/15 min) before the run: ${env.load}. Server, load generator and PostgreSQL share the cores; loopback, no compression.`,
  );
  lines.push('');
  lines.push(
    `Data: ${count(settings.rows)} bulk-seeded waybills per backend (+ the demo's ~150) with their orders, one tenant. Each cell: ` +
      `${settings.warmup} s warm-up, ${settings.duration} s closed loop with ${settings.connections} connections (req/s), then ` +
      `${settings.duration} s open loop at 50 % of that rate (requests on a fixed schedule through the same number of keep-alive connections, latency from each one's due time; p50/p99). Ceiling = the same response ` +
      'bytes replayed from memory by a bare Fastify in the same server process, measured in the same run.',
  );
  lines.push('');
  lines.push('| backend | waybills | orders | seed: insert / index rebuild / vacuum (s) | waybills/s overall | status mix | first page 1 after start (full count) |');
  lines.push('|---|---|---|---|---|---|---|');
  for (const run of runs) {
    const s = run.seeded;
    lines.push(
      `| ${run.backend} | ${count(s.rows)} | ${s.orders === undefined ? '' : count(s.orders)} | ` +
        `${fixed(s.insertSeconds ?? Number.NaN, 1)} / ${fixed(s.indexSeconds ?? Number.NaN, 1)} / ${fixed(s.vacuumSeconds ?? Number.NaN, 1)} | ` +
        `${fixed(s.rowsPerSecond)} | ${statusMix(s.statuses, s.rows)} | ${fixed(run.coldPage1Ms, 1)} ms |`,
    );
  }
  lines.push('');
  lines.push(...scenarioTable(runs));
  lines.push('');
  lines.push(...floorTable(runs));
  lines.push('Targets (issue "Schema engine, full"; perf-anchors §4.5/§4.6):');
  const pgRun = runs.find((r) => r.backend === 'postgres');
  for (const r of pgRun?.results ?? []) {
    const ratio = r.app.rps / r.ceiling.rps;
    lines.push(`- PostgreSQL ${r.scenario}: ≥ 0.5× ceiling ${fixed(ratio, 2)}× — ${verdict(ratio >= 0.5)}; p99 ≤ 10 ms at 50 % load ${r.appAtHalf.p99} ms — ${verdict(r.appAtHalf.p99 <= 10)}`);
  }
  const liteRun = runs.find((r) => r.backend === 'pglite');
  for (const r of liteRun?.results ?? []) {
    const pg = find(runs, 'postgres', r.scenario);
    if (pg) lines.push(`- PGlite ≥ 0.3× PostgreSQL (${r.scenario}): ${fixed(r.app.rps / pg.app.rps, 2)}× — ${verdict(r.app.rps / pg.app.rps >= 0.3)}`);
  }
  for (const run of runs) {
    for (const { suffix } of LIST_MODES) {
      for (const [page1Name, deepName] of [['page1', 'deep'], ['shipper-page1', 'shipper-deep']] as const) {
        const page1 = find(runs, run.backend, `${page1Name}${page1Suffix(suffix)}`);
        const deep = find(runs, run.backend, `${deepName}${suffix}`);
        if (!page1 || !deep) continue;
        const cost = page1.app.rps / deep.app.rps;
        const p99 = deep.appAtHalf.p99 / page1.appAtHalf.p99;
        lines.push(`- Deep page within 1.2× of page 1 (${run.backend}, ${deepName}${suffix}): cost ${fixed(cost, 2)}× — ${verdict(cost <= 1.2)}; p99 ${fixed(p99, 2)}×`);
      }
    }
  }
  lines.push(
    `- Counts: exact up to ${count(settings.exactCountUpTo)} matches per request, larger totals counted once per filter and reused for ` +
      `${settings.countCacheMs / 1000} s (the first page 1 after start is that one full count).`,
  );
  return `${WAYBILL_MARKERS.begin}\n${lines.join('\n')}\n${WAYBILL_MARKERS.end}`;
}
