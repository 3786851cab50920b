/** Renders `npm run bench:socket` results as the markdown docs/perf.md carries between the bench:socket markers. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import type { SectionMarkers } from './bench-api-report.ts';

export const SOCKET_MARKERS: SectionMarkers = {
  begin: '<!-- bench:socket begin -->',
  end: '<!-- bench:socket end -->',
  heading: '## Live row updates (npm run bench:socket)',
};

export interface PhaseResult {
  updates: number;
  sendRate: number;
  maxSendLagMs: number;
  sendFailures: number;
  /** Time of the update request itself (edit endpoint, or the ceiling's broadcast call). */
  sendP50: number;
  sendP99: number;
  expected: number;
  delivered: number;
  /** Not delivered as sent, but a later edit of the same row was (see Recorder.missing). */
  superseded: number;
  /** Not delivered, but the row holds an earlier edit that committed after it, and the page got that (Recorder.missing). */
  overtaken: number;
  lost: number;
  /** Frames that carried rows (a batch frame counts once). */
  frames: number;
  /** Rows delivered per second, from the first update sent to the last row delivered. */
  rowsPerSecond: number;
  /** Changes the server gave up after repeated failed deliveries (live-batch.ts). */
  serverDropped: number;
  lostWhere: Record<string, number>;
  lostSeqs: [number, number];
  closed: number;
  duplicates: number;
  leaks: number;
  leakExamples: string[];
  maskChecked: number;
  maskFailures: number;
  foreign: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** CPU time / wall time (1.0 = one core busy). */
  serverCpu: number;
  /** Server CPU time per row delivered to a page (µs): independent of how much of the box the run got. */
  serverCpuPerRowUs: number;
  /** PostgreSQL backends of the scratch database; 0 for PGlite (inside the server). */
  databaseCpu: number;
  redisCpu: number;
  clientCpu: number;
  /** Share of both cores busy (everything on the box, other work included). */
  boxBusy: number;
  seconds: number;
}

export interface BackendResult {
  backend: 'postgres' | 'pglite';
  redis: boolean;
  /** The server's batching window (ms); 0 = unbatched. */
  batchMs: number;
  /** Edits per second. */
  rate: number;
  pages: number;
  shippers: number;
  waybillRows: number;
  driverRows: number;
  payloadBytes: Record<string, number>;
  app: PhaseResult;
  ceiling: PhaseResult;
}

export interface SocketSettings {
  command: string;
  pages: number;
  rates: number[];
  duration: number;
  staffShare: number;
  driverShare: number;
  heartbeatMs: number;
  batchMs: number;
}

export function environment(root: string, loadAtStart: number[]): Record<string, string> {
  let sha = 'unknown';
  try {
    sha = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
    if (execSync('git status --porcelain', { cwd: root }).toString().trim()) sha += ' (uncommitted changes)';
  } catch {
    // not a git checkout
  }
  const pkg = (name: string) => (JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  return {
    nproc: String(os.availableParallelism()),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    load: loadAtStart.map((n) => n.toFixed(1)).join(' / '),
    node: process.version,
    pglite: pkg('@electric-sql/pglite'),
    ws: pkg('ws'),
    ioredis: pkg('ioredis'),
    git: sha,
    date: new Date().toISOString().slice(0, 10),
  };
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const pct = (n: number) => `${Math.round(n * 100)} %`;

function row(r: BackendResult, phase: 'app' | 'ceiling'): string {
  const p = r[phase];
  const batched = r.batchMs > 0 ? `${r.batchMs} ms batches` : 'unbatched';
  const name =
    phase === 'app'
      ? `${r.rate}/s, ${r.backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}${r.redis ? ' + Redis pub/sub' : ', in-process'}, ${batched}: edit endpoint → re-read → pages`
      : `${r.rate}/s, ceiling: plain ws broadcast, same pre-serialised rows, same receivers, ${batched}`;
  const ratio = phase === 'app' ? `${(p.p99 / r.ceiling.p99).toFixed(1)}×` : '1×';
  const throughput = phase === 'app' ? `${(p.rowsPerSecond / r.ceiling.rowsPerSecond).toFixed(2)}×` : '1×';
  return (
    `| ${name} | ${p.delivered.toLocaleString('en-US')} / ${p.expected.toLocaleString('en-US')} | ${p.superseded} / ${p.overtaken} / ${p.lost} | ${p.leaks} | ` +
    `${p.frames.toLocaleString('en-US')} (${(p.delivered / Math.max(1, p.frames)).toFixed(1)}) | ${ms(p.p50)} | ${ms(p.p95)} | ${ms(p.p99)} | ${ms(p.max)} | ${ratio} | ` +
    `${Math.round(p.rowsPerSecond).toLocaleString('en-US')} (${throughput}) | ` +
    `${ms(p.sendP50)} / ${ms(p.sendP99)} | ${pct(p.serverCpu)} | ${Math.round(p.serverCpuPerRowUs)} | ${phase === 'app' && r.backend === 'postgres' ? `${pct(p.databaseCpu)} / ${pct(p.redisCpu)}` : '—'} | ${pct(p.clientCpu)} | ${pct(p.boxBusy)} |`
  );
}

export function renderSocketSection(results: BackendResult[], env: Record<string, string>, s: SocketSettings): string {
  const lines: string[] = [];
  const first = results[0];
  lines.push(
    `Measured ${env.date}: ${env.nproc} cores (${env.cpu}), node ${env.node}, ws ${env.ws}, ioredis ${env.ioredis}, PostgreSQL ${env.postgres}, PGlite ${env.pglite}, git ${env.git}. ` +
      `Load average (1/5/15 min) before the run: ${env.load}. Server, pages, PostgreSQL and Redis share the cores with other work (no pinning); loopback.`,
  );
  lines.push('');
  if (first) {
    const bytes = Object.entries(first.payloadBytes).map(([k, v]) => `${k} ${v} B`).join(', ');
    lines.push(
      `${s.pages.toLocaleString('en-US')} pages (${pct(s.driverShare)} on the driver grid, the rest on waybills; ${pct(s.staffShare)} signed in as admin/ops, the rest as ${first.shippers} shipper accounts of different customers), ` +
        `each sending a heartbeat every ${s.heartbeatMs / 1000} s. ${s.rates.join(', ')} edits/s for ${s.duration} s each (${pct(s.driverShare)} drivers, round-robin over ${first.driverRows} drivers and ${first.waybillRows} waybills), ` +
        `each \`PUT …/edit {id, remark}\` as admin. Server batching window: ${s.batchMs > 0 ? `${s.batchMs} ms (pages bind with \`batch: true\` and get \`update_vxe_table_batch\` frames)` : 'none (unbatched fallback, one frame per row)'}. Row sizes: ${bytes}. Latency = edit request sent → frame delivered at the page (one clock, in the pages' process); ` +
        `"request" = the edit's own response time (for the ceiling: its broadcast call). Command: \`${s.command}\`. CPU = CPU time / wall time of the phase (100 % = one core); "box" = both cores, all processes.`,
    );
  }
  lines.push('');
  lines.push('| path | rows delivered / expected | superseded / overtaken / lost | leaks | frames (rows per frame) | p50 (ms) | p95 | p99 | max | p99 ÷ ceiling | rows/s (÷ ceiling) | request p50 / p99 (ms) | server CPU | server µs per row | PG / Redis CPU | pages CPU | box busy |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    lines.push(row(r, 'app'));
    lines.push(row(r, 'ceiling'));
  }
  lines.push('');
  for (const r of results) {
    const a = r.app;
    const p99ok = a.p99 <= 100;
    const allOk = a.delivered === a.expected && a.duplicates === 0 && a.leaks === 0;
    const cpuOk = a.serverCpu <= 0.5;
    const throughput = a.rowsPerSecond / r.ceiling.rowsPerSecond;
    lines.push(
      `- ${r.rate} edits/s, ${r.backend}${r.redis ? ' + Redis' : ''}, ${r.batchMs > 0 ? `${r.batchMs} ms batches` : 'unbatched'}: p99 ${ms(a.p99)} ms — ${p99ok ? '**meets**' : '**misses**'} ≤ 100 ms; ` +
        `reach 1.0: ${allOk ? '**yes**' : `**no** (${a.superseded} superseded by a later edit of the row, ${a.overtaken} overtaken by an earlier edit committing later, ${a.lost} lost, ${a.duplicates} duplicates, ${a.leaks} out of scope)`}; ` +
        `server CPU ${pct(a.serverCpu)} — ${cpuOk ? '**meets**' : '**misses**'} ≤ 50 %; throughput ${throughput.toFixed(2)}× the ceiling's — ${throughput >= 0.8 ? '**meets**' : '**misses**'} ≥ 0.8×; ` +
        `${a.sendRate.toFixed(0)} edits/s sent (latest ${ms(a.maxSendLagMs)} ms behind schedule); shipper driver frames checked for masked ID cards: ${a.maskChecked}, unmasked ${a.maskFailures}.`,
    );
  }
  return `${SOCKET_MARKERS.begin}\n${lines.join('\n')}\n${SOCKET_MARKERS.end}`;
}
