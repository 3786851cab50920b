/**
 * `npm run bench:socket [-- --pages 1000 --rate 100,50,20 --duration 10 --backends postgres,pglite --batch-ms 50 --no-write --profile dir]`
 *
 * Issue 6's live-update benchmark. Per backend (PostgreSQL in a scratch database with REDIS_URL, so changes go
 * through Redis pub/sub; PGlite in a temp folder, in-process fan-out) it starts the server as a child process
 * (scripts/lib/bench-socket-server.ts), signs in platform staff and a few customer (shipper) accounts, opens
 * `--pages` vxeSocket pages bound to the waybill or driver grid, and edits rows through the real edit endpoint
 * (`PUT …/edit {id, remark}`) at `--rate` per second for `--duration` seconds, open loop. Each edit stamps the
 * row's remark; every page records which stamps arrive and when. Then the same pages connect to a plain `ws`
 * broadcaster in the same server process and the same updates are replayed as the same bytes to the same receivers
 * with no database read (the ceiling). With `--batch-ms` > 0 (default 50) the server batches changes over that window
 * (VXE_SOCKET_BATCH_MS), the pages ask for batch frames, and the ceiling batches the same pre-serialised rows over the
 * same window for the same receivers; `--batch-ms 0` measures the unbatched fallback. Exits non-zero when a message
 * is lost, duplicated, or reaches a page whose user may not see the row. Results go to .tmp/bench-socket/ and
 * docs/perf.md (bench:socket markers).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { SocketFixture } from './lib/bench-socket-server.ts';
import { heartbeats, openPages, percentile, Recorder, roundTrip, stampOf, type Grid, type PagePlan, type Update } from './lib/bench-socket-pages.ts';
import { environment, renderSocketSection, SOCKET_MARKERS, type BackendResult, type PhaseResult } from './lib/bench-socket-report.ts';
import { writeSection } from './lib/bench-api-report.ts';
import { cpuSince, cpuTimes, freePort, processCpu } from './lib/bench-socket-system.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = process.env.SEED_PASSWORD ?? 'Freight@2026';
const LOAD_AT_START = os.loadavg();
const API: Record<Grid, string> = { hyShippingNote: '/jeecg-boot/hyshipping/hyShippingNote', hyDriver: '/jeecg-boot/hydriver/hyDriver' };

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000' },
    /** Edits per second; a list (`100,50,20`) measures each in turn on the same server. */
    rate: { type: 'string', default: '100,50,20' },
    duration: { type: 'string', default: '10' },
    backends: { type: 'string', default: 'postgres,pglite' },
    shippers: { type: 'string', default: '4' },
    'staff-share': { type: 'string', default: '0.6' },
    'driver-share': { type: 'string', default: '0.3' },
    'no-write': { type: 'boolean', default: false },
    /** The server's batching window (ms); 0 = unbatched, one frame per change per page. */
    'batch-ms': { type: 'string', default: '50' },
    /** A folder: the server process writes a V8 CPU profile there (node --cpu-prof). */
    profile: { type: 'string' },
  },
});
const PAGES = Number(args.pages);
const RATES = String(args.rate).split(',').map(Number);
const DURATION = Number(args.duration);
const STAFF_SHARE = Number(args['staff-share']);
const DRIVER_SHARE = Number(args['driver-share']);
const HEARTBEAT_MS = 10_000;
const BATCH_MS = Number(args['batch-ms']);

async function adminQuery(text: string): Promise<string> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const result = await client.query(text);
    return JSON.stringify(result.rows?.[0] ?? {});
  } finally {
    await client.end();
  }
}

async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; fixture: SocketFixture }> {
  return new Promise((resolve, reject) => {
    const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(ROOT, 'scripts/lib/bench-socket-server.ts')], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', LOGIN_CAPTCHA: 'off', REDIS_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('ready '));
      if (line && output.includes('\n', output.indexOf(line))) resolve({ child, fixture: JSON.parse(line.slice(6)) as SocketFixture });
    });
    child.on('exit', (code) => reject(new Error(`bench socket server exited with ${code}`)));
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function login(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = (await response.json()) as { success: boolean; message: string; result: { token: string } };
  if (!body.success) throw new Error(`login ${username} failed: ${body.message}`);
  return body.result.token;
}

/** Pages: DRIVER_SHARE on the driver grid, the rest on waybills; STAFF_SHARE of each signed in as admin/ops, the rest as the shippers in turn. */
function planPages(fixture: SocketFixture, tokens: Map<string, string>): PagePlan[] {
  const plan: PagePlan[] = [];
  for (let i = 0; i < PAGES; i++) {
    const grid: Grid = i % 10 < DRIVER_SHARE * 10 ? 'hyDriver' : 'hyShippingNote';
    const k = Math.floor(i / 10);
    const user = k % 10 < STAFF_SHARE * 10 ? fixture.staff[k % fixture.staff.length] : fixture.shippers[k % fixture.shippers.length];
    plan.push({ user, token: tokens.get(user.username)!, grid });
  }
  return plan;
}

/** DRIVER_SHARE of the updates edit drivers, the rest waybills; rows round-robin so a row is edited again as late as possible. */
function planUpdates(fixture: SocketFixture, rate: number): Update[] {
  const updates: Update[] = [];
  let [w, d] = [0, 0];
  for (let seq = 0; seq < rate * DURATION; seq++) {
    if (seq % 10 < DRIVER_SHARE * 10) updates.push({ entity: 'hyDriver', id: fixture.drivers[d++ % fixture.drivers.length], customerId: null, agentId: null });
    else updates.push({ entity: 'hyShippingNote', ...fixture.waybills[w++ % fixture.waybills.length] });
  }
  return updates;
}

/** Backends of this run's database (`postgres: … <db> …`); set per backend run. */
let databaseProcesses: RegExp = /(?!)/;

async function serverCpu(ceilingBase: string): Promise<number> {
  const usage = (await (await fetch(`${ceilingBase}/cpu`)).json()) as { user: number; system: number };
  return (usage.user + usage.system) / 1000;
}

/** Changes the server gave up delivering after repeated failures (live-batch.ts). */
async function serverDropped(ceilingBase: string): Promise<number> {
  return ((await (await fetch(`${ceilingBase}/cpu`)).json()) as { liveDropped: number }).liveDropped;
}

/** `entity:id` → the stamp (update seq) the row holds now. */
async function storedStamps(ceilingBase: string): Promise<Map<string, number>> {
  return new Map((await (await fetch(`${ceilingBase}/stamps`)).json()) as Array<[string, number]>);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends the updates open loop at `rate`/s, waits until everything expected arrived (or nothing more arrives for 5 s), and summarises. */
async function drive(
  recorder: Recorder,
  ceilingBase: string,
  rate: number,
  send: (seq: number) => Promise<number | null>,
  settle: () => Promise<void> = async () => {},
  stored: () => Promise<Map<string, number>> = async () => new Map(),
): Promise<PhaseResult> {
  const interval = 1000 / rate;
  const [cpu0, box0, server0] = [process.cpuUsage(), cpuTimes(), await serverCpu(ceilingBase)];
  const [db0, redis0] = [processCpu(databaseProcesses), processCpu(/redis-server/)];
  const started = performance.now();
  const sends: Array<Promise<void>> = [];
  const sendTimes: number[] = [];
  let failures = 0;
  let maxLag = 0;
  for (let seq = 0; seq < recorder.updates.length; seq++) {
    const due = started + seq * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    maxLag = Math.max(maxLag, performance.now() - due);
    recorder.sent(seq);
    // A refused or timed-out request is a failed send (counted, and failing the run), not a crash of the bench.
    const sending = send(seq).catch((error: unknown) => (console.error(`update ${seq}: ${String(error)}`), null));
    sends.push(sending.then((ms) => (ms === null ? void (failures += 1) : void sendTimes.push(ms))));
  }
  const sendWindow = (performance.now() - started) / 1000;
  await Promise.all(sends);
  // The server has started every delivery it was told of (see `settle`); superseded deliveries never complete the
  // count, so then stop when frames stop coming (3 s quiet; 180 s at most in all).
  const deadline = performance.now() + 180_000;
  await Promise.race([settle(), sleep(180_000)]);
  let [count, quietSince] = [recorder.delivered + recorder.duplicates, performance.now()];
  while (recorder.delivered < recorder.expected && performance.now() < deadline && performance.now() - quietSince < 3000) {
    await sleep(50);
    if (recorder.delivered + recorder.duplicates !== count) [count, quietSince] = [recorder.delivered + recorder.duplicates, performance.now()];
  }
  await sleep(500); // late duplicates or leaks
  const wall = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const box = cpuTimes();
  const server = (await serverCpu(ceilingBase)) - server0;
  const [database, redis] = [cpuSince(db0, databaseProcesses), cpuSince(redis0, /redis-server/)];
  const sorted = [...recorder.latencies].sort((a, b) => a - b);
  const sortedSends = sendTimes.sort((a, b) => a - b);
  const missing = recorder.missing(await stored());
  return {
    updates: recorder.updates.length,
    sendRate: recorder.updates.length / sendWindow,
    maxSendLagMs: maxLag,
    sendFailures: failures,
    sendP50: percentile(sortedSends, 50),
    sendP99: percentile(sortedSends, 99),
    expected: recorder.expected,
    delivered: recorder.delivered,
    ...missing,
    frames: recorder.frames,
    rowsPerSecond: recorder.delivered / Math.max(0.001, (recorder.lastAt - started) / 1000),
    lostWhere: Object.fromEntries(recorder.lostWhere),
    lostSeqs: recorder.lostSeqs,
    closed: 0,
    serverDropped: 0,
    duplicates: recorder.duplicates,
    leaks: recorder.leaks,
    leakExamples: recorder.leakExamples,
    maskChecked: recorder.maskChecked,
    maskFailures: recorder.maskFailures,
    foreign: recorder.foreign,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    serverCpu: server / 1000 / wall,
    databaseCpu: database / wall,
    redisCpu: redis / wall,
    serverCpuPerRowUs: (server * 1000) / Math.max(1, recorder.delivered + recorder.duplicates),
    clientCpu: (cpu.user + cpu.system) / 1e6 / wall,
    boxBusy: (box.busy - box0.busy) / (box.total - box0.total),
    seconds: wall,
  };
}

function report(name: string, r: PhaseResult): void {
  if (r.lost > 0) console.log(`  ${name}: lost by page kind ${JSON.stringify(r.lostWhere)}, updates ${r.lostSeqs.join('–')}, pages closed by the server ${r.closed}, changes given up by the server ${r.serverDropped}`);
  console.log(
    `  ${name}: ${r.delivered}/${r.expected} delivered in ${r.frames} frames (${r.superseded} superseded by a later edit of the row, ${r.overtaken} overtaken by an earlier edit committing later, ${r.lost} lost), ` +
      `${r.rowsPerSecond.toFixed(0)} rows/s, p50/p95/p99/max ${r.p50.toFixed(1)}/${r.p95.toFixed(1)}/${r.p99.toFixed(1)}/${r.max.toFixed(1)} ms, ` +
      `leaks ${r.leaks}, duplicates ${r.duplicates}, send ${r.sendRate.toFixed(0)}/s (p99 ${r.sendP99.toFixed(1)} ms, failures ${r.sendFailures}), ` +
      `CPU server ${(r.serverCpu * 100).toFixed(0)}% (${r.serverCpuPerRowUs.toFixed(0)} µs/row) db ${(r.databaseCpu * 100).toFixed(0)}% redis ${(r.redisCpu * 100).toFixed(0)}% client ${(r.clientCpu * 100).toFixed(0)}% box ${(r.boxBusy * 100).toFixed(0)}%`,
  );
}

async function runBackend(backend: 'postgres' | 'pglite', redis: boolean): Promise<BackendResult[]> {
  const env: NodeJS.ProcessEnv = { BENCH_SHIPPERS: String(args.shippers), VXE_SOCKET_BATCH_MS: String(BATCH_MS), CEILING_BATCH_MS: String(BATCH_MS) };
  let cleanup = async () => {};
  if (backend === 'postgres') {
    const name = `bench_socket_${crypto.randomBytes(5).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    databaseProcesses = new RegExp(`^postgres: .*${name}`);
    cleanup = async () => void (await adminQuery(`drop database if exists ${name} with (force)`));
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-socket-pglite-'));
    env.DATA_DIR = dir;
    databaseProcesses = /(?!)/; // PGlite runs inside the server process
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  if (redis) env.REDIS_URL = REDIS_URL;
  const [port, ceilingPort] = [await freePort(), await freePort()];
  let child: ChildProcess | undefined;
  try {
    console.log(`[${backend}] starting the server (seeding a fresh database)…`);
    const started = await startServer({ ...env, PORT: String(port), CEILING_PORT: String(ceilingPort) });
    child = started.child;
    const { fixture } = started;
    const base = `http://127.0.0.1:${port}`;
    const ceilingBase = `http://127.0.0.1:${ceilingPort}`;
    const tokens = new Map<string, string>();
    for (const user of [...fixture.staff, ...fixture.shippers]) tokens.set(user.username, await login(base, user.username));
    const plan = planPages(fixture, tokens);
    const adminToken = tokens.get('admin')!;
    const results: BackendResult[] = [];
    for (const rate of RATES) {
      const updates = planUpdates(fixture, rate);
      // The app: pages bind their grid as the client does; edits go through the edit endpoint.
      const app = new Recorder(plan, updates);
      const appPages = await openPages(
        plan,
        (page, i) => `ws://127.0.0.1:${port}/jeecg-boot/vxeSocket/${page.user.id}/bench-${i}`,
        (page) => [page.token],
        (i, data) => app.onFrame(i, data),
        async (socket, page) => {
          socket.send(JSON.stringify({ type: 'bind', data: { socketKey: page.grid, batch: BATCH_MS > 0 } }));
          await roundTrip(socket, { type: 'heart_beat', data: '' }, 'heart_beat');
        },
      );
      console.log(`[${backend}] ${plan.length} pages open and bound; ${updates.length} edits at ${rate}/s through PUT …/edit`);
      let stopBeats = heartbeats(appPages.sockets, HEARTBEAT_MS);
      const appResult = await drive(app, ceilingBase, rate, async (seq) => {
        const update = updates[seq];
        const t0 = performance.now();
        const response = await fetch(`${base}${API[update.entity]}/edit`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-access-token': adminToken },
          body: JSON.stringify({ id: update.id, remark: stampOf(seq) }),
        });
        const body = (await response.json()) as { success: boolean; message: string };
        if (!body.success) console.error(`edit ${update.entity} ${update.id} failed: ${body.message}`);
        return body.success ? performance.now() - t0 : null;
      }, async () => {
        // The server answers a heartbeat after every delivery under way (vxe-socket.ts); twice, for a Redis message
        // that arrives just after the first answer.
        for (let i = 0; i < 2; i++) await roundTrip(appPages.sockets[0], { type: 'heart_beat', data: '' }, 'heart_beat');
      }, () => storedStamps(ceilingBase));
      appResult.serverDropped = await serverDropped(ceilingBase);
      stopBeats();
      appResult.closed = appPages.closedEarly();
      appPages.close();
      report(`app ${rate}/s`, appResult);

      // The ceiling: the same receivers get the same bytes (a captured row, restamped; batched over the same window,
      // or framed as the single-row message when unbatched) from a bare ws broadcaster.
      const groupOf = (page: PagePlan) => `${page.grid}:${page.user.customerId ?? 'staff'}`;
      const driverGroups = [...new Set(plan.filter((p) => p.grid === 'hyDriver').map(groupOf))];
      const samples = new Map(app.samples);
      const ceiling = new Recorder(plan, updates, false);
      const ceilingPages = await openPages(
        plan,
        (page) => `ws://127.0.0.1:${ceilingPort}/ceiling/${encodeURIComponent(groupOf(page))}`,
        () => [],
        (i, data) => ceiling.onFrame(i, data),
        async () => {},
      );
      await sleep(500);
      stopBeats = heartbeats(ceilingPages.sockets, HEARTBEAT_MS);
      const ceilingResult = await drive(ceiling, ceilingBase, rate, async (seq) => {
        const update = updates[seq];
        const sample = samples.get(update.entity);
        if (!sample) return null;
        const groups =
          update.entity === 'hyDriver'
            ? driverGroups
            : [...new Set(['hyShippingNote:staff', ...[update.customerId, update.agentId].filter(Boolean).map((c) => `hyShippingNote:${c}`)])];
        const entry = sample.replace(/bench#\d+#/, stampOf(seq));
        const payload = BATCH_MS > 0 ? entry : `{"type":"update_vxe_table","data":{"socketKey":${JSON.stringify(update.entity)},"args":${entry}}}`;
        const t0 = performance.now();
        const response = await fetch(`${ceilingBase}/broadcast`, { method: 'POST', body: JSON.stringify({ groups, payload }) });
        await response.arrayBuffer();
        return response.status === 204 ? performance.now() - t0 : null;
      });
      stopBeats();
      ceilingResult.closed = ceilingPages.closedEarly();
      ceilingPages.close();
      report(`ceiling ${rate}/s`, ceilingResult);
      const payloadBytes = Object.fromEntries([...samples].map(([k, v]) => [k, Buffer.byteLength(v)]));
      results.push({ backend, redis, batchMs: BATCH_MS, rate, pages: plan.length, shippers: fixture.shippers.length, waybillRows: fixture.waybills.length, driverRows: fixture.drivers.length, payloadBytes, app: appResult, ceiling: ceilingResult });
    }
    return results;
  } finally {
    if (child) await stopServer(child);
    await cleanup();
  }
}

async function main(): Promise<void> {
  const wanted = String(args.backends).split(',').map((b) => b.trim());
  const redis = await redisReachable();
  if (!redis) console.log(`Redis not reachable at ${REDIS_URL}: the PostgreSQL row runs without it`);
  const pgVersion = JSON.parse(await adminQuery('show server_version')) as { server_version: string };
  const results: BackendResult[] = [];
  for (const backend of wanted) {
    if (backend !== 'postgres' && backend !== 'pglite') throw new Error(`unknown backend ${backend}`);
    results.push(...(await runBackend(backend, backend === 'postgres' && redis)));
  }
  const env = { ...environment(ROOT, LOAD_AT_START), postgres: pgVersion.server_version };
  const settings = { command: ['npm run bench:socket', ...process.argv.slice(2)].join(' '), pages: PAGES, rates: RATES, duration: DURATION, staffShare: STAFF_SHARE, driverShare: DRIVER_SHARE, heartbeatMs: HEARTBEAT_MS, batchMs: BATCH_MS };
  const outDir = path.join(ROOT, '.tmp', 'bench-socket');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ env, settings, results }, null, 2));
  const section = renderSocketSection(results, env, settings);
  console.log(section);
  console.log(`raw results: ${path.relative(ROOT, file)}`);
  if (!args['no-write']) writeSection(path.join(ROOT, 'docs', 'perf.md'), section, SOCKET_MARKERS);
  // Loud failure: a lost, duplicated or out-of-scope message fails the run whatever the timing.
  const broken = results.flatMap((r) =>
    [r.app, r.ceiling].flatMap((p, i) => {
      const name = `${r.backend} ${i === 0 ? 'app' : 'ceiling'}`;
      const problems: string[] = [];
      if (p.lost > 0) problems.push(`${name}: ${p.lost} of ${p.expected} messages lost`);
      if (p.serverDropped > 0) problems.push(`${name}: the server gave up ${p.serverDropped} changes after failed deliveries`);
      if (p.leaks > 0) problems.push(`${name}: ${p.leaks} messages reached pages whose user may not see the row (${p.leakExamples.join('; ')})`);
      // A superseded or overtaken delivery carries another edit of the row, which then arrives twice; any other
      // duplicate is a fault.
      if (p.duplicates > p.superseded + p.overtaken) problems.push(`${name}: ${p.duplicates - p.superseded - p.overtaken} duplicate messages`);
      if (p.maskFailures > 0) problems.push(`${name}: ${p.maskFailures} unmasked ID cards sent to shipper pages`);
      if (p.sendFailures > 0) problems.push(`${name}: ${p.sendFailures} updates failed to send`);
      return problems;
    }),
  );
  for (const r of results) {
    if (r.app.superseded > 0) console.warn(`${r.backend}: ${r.app.superseded} deliveries carried a later edit of the row than the one sent (delivery slower than the row's re-edit interval)`);
  }
  if (broken.length > 0) {
    console.error(`FAILED:\n${broken.join('\n')}`);
    process.exit(1);
  }
}

// Exits when done: a page socket or client still open would otherwise keep the process alive after the report.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
