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
  lost: number;
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
  /** Server CPU time per frame sent (µs): independent of how much of the box the run got. */
  serverCpuPerFrameUs: number;
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
  const name =
    phase === 'app'
      ? `${r.rate}/s, ${r.backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}${r.redis ? ' + Redis pub/sub' : ', in-process'}: edit endpoint → re-read → pages`
      : `${r.rate}/s, ceiling: plain ws broadcast, same bytes, same receivers`;
  const ratio = phase === 'app' ? `${(p.p99 / r.ceiling.p99).toFixed(1)}×` : '1×';
  return (
    `| ${name} | ${p.delivered.toLocaleString('en-US')} / ${p.expected.toLocaleString('en-US')} | ${p.superseded} / ${p.lost} | ${p.leaks} | ${ms(p.p50)} | ${ms(p.p95)} | ${ms(p.p99)} | ${ms(p.max)} | ${ratio} | ` +
    `${ms(p.sendP50)} / ${ms(p.sendP99)} | ${pct(p.serverCpu)} | ${Math.round(p.serverCpuPerFrameUs)} | ${phase === 'app' && r.backend === 'postgres' ? `${pct(p.databaseCpu)} / ${pct(p.redisCpu)}` : '—'} | ${pct(p.clientCpu)} | ${pct(p.boxBusy)} |`
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
        `each \`PUT …/edit {id, remark}\` as admin. Frame sizes: ${bytes}. Latency = edit request sent → frame delivered at the page (one clock, in the pages' process); ` +
        `"request" = the edit's own response time (for the ceiling: its broadcast call). Command: \`${s.command}\`. CPU = CPU time / wall time of the phase (100 % = one core); "box" = both cores, all processes.`,
    );
  }
  lines.push('');
  lines.push('| path | delivered / expected | superseded / lost | leaks | p50 (ms) | p95 | p99 | max | p99 ÷ ceiling | request p50 / p99 (ms) | server CPU | server µs per frame | PG / Redis CPU | pages CPU | box busy |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    lines.push(row(r, 'app'));
    lines.push(row(r, 'ceiling'));
  }
  lines.push('');
  for (const r of results) {
    const a = r.app;
    const p99ok = a.p99 <= 100;
    const allOk = a.delivered === a.expected && a.duplicates === 0 && a.leaks === 0;
    lines.push(
      `- ${r.rate} edits/s, ${r.backend}${r.redis ? ' + Redis' : ''}: p99 ${ms(a.p99)} ms — ${p99ok ? '**meets**' : '**misses**'} ≤ 100 ms; ` +
        `every message delivered: ${allOk ? '**yes**' : `**no** (${a.superseded} superseded by a later edit of the row, ${a.lost} lost, ${a.duplicates} duplicates, ${a.leaks} out of scope)`}; ` +
        `${a.sendRate.toFixed(0)} edits/s sent (latest ${ms(a.maxSendLagMs)} ms behind schedule); shipper driver frames checked for masked ID cards: ${a.maskChecked}, unmasked ${a.maskFailures}.`,
    );
  }
  return `${SOCKET_MARKERS.begin}\n${lines.join('\n')}\n${SOCKET_MARKERS.end}`;
}
