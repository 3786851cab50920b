/**
 * `npm run bench:api [-- --rows 200000 --duration 5 --connections 10 --backends pglite,postgres --no-write]`
 * `npm run bench:api -- --entity hyShippingNote --rows 1000000`: the waybill list instead (scripts/lib/bench-api-waybills.ts),
 * signed in as ops and as a shipper, written to its own span of docs/perf.md.
 * `--keep`: the seeded databases stay (PostgreSQL `bench_api_<entity>_<rows>`, PGlite under .tmp/bench-api/) and a
 * later `--keep` run with the same entity and rows measures them again without seeding (its seed numbers are reused).
 *
 * For each backend (PGlite in a temp folder; PostgreSQL at 127.0.0.1:5432 in a throwaway database, skipped when
 * unreachable) it bulk-seeds drivers, starts the server as a child process (scripts/bench-server.ts), signs in as
 * admin and measures, per scenario, the app and a same-bytes no-database ceiling served by the same process:
 * - throughput: closed loop, `connections` in flight, no pipelining (req/s at saturation);
 * - latency: open loop at 50 % of that scenario's own maximum (autocannon `overallRate`, with its
 *   coordinated-omission correction), p50/p99.
 * Results go to .tmp/bench-api/<time>.json and into docs/perf.md between the bench:api markers.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedBulk, type BulkSeedResult } from './seed-bulk.ts';
import { LIST_LIMITS } from '../server/entity/paging.ts';
import { DATABASE_SUFFIX, OFFSET_SUFFIX, renderSection, writeSection, type Backend, type BackendRun, type Measure, type ScenarioResult } from './lib/bench-api-report.ts';
import { WAYBILL_API, waybillScenarios, type BenchScenario } from './lib/bench-api-waybills.ts';
import { onSchedule, openLoop, quantileOf } from './lib/open-loop.ts';
import { renderWaybillSection, WAYBILL_MARKERS } from './lib/bench-api-waybill-report.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DRIVER_API = '/jeecg-boot/hydriver/hyDriver';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = process.env.SEED_PASSWORD ?? 'Freight@2026';
const PAGE_SIZE = 20;
const LOAD_AT_START = os.loadavg();

/** `connections`: fewer for slow scenarios, so requests still queued when a run ends do not spill into the next. */
type Scenario = BenchScenario;

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '200000' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' },
    backends: { type: 'string', default: 'pglite,postgres' },
    'no-write': { type: 'boolean', default: false },
    entity: { type: 'string', default: 'hyDriver' },
    scenarios: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const WAYBILLS = args.entity === 'hyShippingNote';
if (!WAYBILLS && args.entity !== 'hyDriver') throw new Error('--entity is hyDriver (default) or hyShippingNote');
const API = WAYBILLS ? WAYBILL_API : DRIVER_API;
/** Signed-in users by name; scenarios without a user ask as the first. */
const USERS = WAYBILLS ? ['ops', 'shipper'] : ['admin'];
const ROWS = Number(args.rows);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    import('node:net').then(({ createServer }) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
      });
    }, reject);
  });
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/bench-server.ts')], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', LOGIN_CAPTCHA: 'off', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function measureOf(result: autocannon.Result): Measure {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Warm-up, closed-loop maximum, then open-loop latency at half of it. */
async function measure(url: string, headers: Record<string, string>, connections = CONNECTIONS): Promise<{ max: Measure; half: Measure }> {
  const base = { url, headers, connections, pipelining: 1, timeout: 30 };
  await run({ ...base, duration: WARMUP });
  const max = measureOf(await run({ ...base, duration: DURATION }));
  await settle();
  const rate = Math.max(1, Math.round(max.rps / 2));
  // Our own open loop (scripts/lib/open-loop.ts): autocannon's overallRate sends each connection's budget for the
  // second back to back, i.e. a burst at full speed, and would time saturation instead of half load.
  const loop = await openLoop(url, headers, rate, DURATION, connections);
  const half: Measure = { rps: rate, p50: round1(loop.p50), p99: round1(loop.p99), errors: loop.errors };
  await settle();
  return { max, half };
}

/** A pause so the server finishes what the last run left in flight before the next one starts. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

async function login(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = (await response.json()) as { success: boolean; message: string; result: { token: string } };
  if (!body.success) throw new Error(`login failed: ${body.message}`);
  return body.result.token;
}

async function listJson(base: string, token: string, query: string): Promise<{ records: Array<Record<string, unknown>>; total: number }> {
  const response = await fetch(`${base}${API}/list?${query}`, { headers: { 'x-access-token': token } });
  const body = (await response.json()) as { success: boolean; message: string; result: { records: Array<Record<string, unknown>>; total: number } };
  if (!body.success) throw new Error(`list ${query} failed: ${body.message}`);
  return body.result;
}

/** The scenarios; the export window is the newest ~1,000 rows (create_time at or after the 1,000th newest). */
async function scenarios(base: string, tokens: Map<string, string>): Promise<Scenario[]> {
  if (WAYBILLS) return waybillScenarios((query, user) => listJson(base, tokens.get(user)!, query), PAGE_SIZE);
  const token = tokens.get(USERS[0])!;
  const page = await listJson(base, token, `pageNo=${1000 / PAGE_SIZE}&pageSize=${PAGE_SIZE}`);
  const since = String(page.records[PAGE_SIZE - 1].createTime);
  const deepPage = Math.floor(LIST_LIMITS.maxOffset / PAGE_SIZE);
  return [
    { name: 'page1', label: 'list page 1 (20 rows, default sort createTime desc)', path: `${API}/list?pageNo=1&pageSize=${PAGE_SIZE}` },
    {
      name: 'filtered',
      label: 'list filtered reviewStatus=2 & vehicleClass=A2, sorted creditScore desc',
      path: `${API}/list?pageNo=1&pageSize=${PAGE_SIZE}&reviewStatus=2&vehicleClass=A2&column=creditScore&order=desc`,
    },
    {
      name: 'deep',
      label: `list deep page ${deepPage} (rows ${(deepPage - 1) * PAGE_SIZE + 1}–${deepPage * PAGE_SIZE}, the paging cap)`,
      path: `${API}/list?pageNo=${deepPage}&pageSize=${PAGE_SIZE}`,
    },
    {
      name: 'export1000',
      label: 'exportXls of the newest ~1,000 rows (.xlsx)',
      path: `${API}/exportXls?createTime_begin=${encodeURIComponent(since)}`,
      connections: 2,
    },
  ];
}

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

async function runBackend(backend: Backend): Promise<BackendRun> {
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const keptName = `bench_api_${String(args.entity).toLowerCase()}_${ROWS}`;
  const seedRecord = path.join(ROOT, '.tmp', 'bench-api', `${keptName}.${backend}.seed.json`);
  let reuse = false;
  if (backend === 'pglite') {
    if (args.keep) {
      dataDir = path.join(ROOT, '.tmp', 'bench-api', `${keptName}.pglite`);
      reuse = fs.existsSync(seedRecord) && fs.existsSync(dataDir);
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-pglite-'));
    }
  } else {
    const name = args.keep ? keptName : `bench_api_${crypto.randomBytes(5).toString('hex')}`;
    reuse = Boolean(args.keep) && fs.existsSync(seedRecord) && (await databaseExists(name));
    if (!reuse) {
      await adminQuery(`drop database if exists ${name} with (force)`);
      await adminQuery(`create database ${name}`);
    }
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    if (!args.keep) dropDatabase = () => adminQuery(`drop database if exists ${name} with (force)`);
  }
  let child: ChildProcess | undefined;
  try {
    let seeded: BulkSeedResult;
    if (reuse) {
      seeded = JSON.parse(fs.readFileSync(seedRecord, 'utf8')) as BulkSeedResult;
      console.log(`[${backend}] reusing the kept database (seeded ${seeded.inserted.toLocaleString('en-US')} rows earlier)`);
    } else {
      if (dataDir && args.keep) fs.rmSync(dataDir, { recursive: true, force: true });
      console.log(`[${backend}] seeding ${ROWS.toLocaleString('en-US')} ${args.entity} rows…`);
      seeded = await seedBulk({ dataDir, databaseUrl }, ROWS, { entity: args.entity, log: (line) => console.log(`[${backend}] ${line}`) });
      if (args.keep) {
        fs.mkdirSync(path.dirname(seedRecord), { recursive: true });
        fs.writeFileSync(seedRecord, JSON.stringify(seeded));
      }
    }
    const seedSeconds = seeded.totalMs / 1000;
    console.log(`[${backend}] seeded in ${seedSeconds.toFixed(1)} s (${Math.round(seeded.inserted / seedSeconds)} rows/s)`);

    // Two server runs on the same data: with the list cache (the default; a repeated page is answered from memory
    // until one of its tables changes) and with LIST_CACHE=off, the database path every first view of a page takes.
    const results: ScenarioResult[] = [];
    let coldPage1Ms = Number.NaN;
    // A third run measures the deep pages once more with no known positions (PAGE_ANCHORS=off): a page jumped to
    // directly, which walks the OFFSET, where the second run's repeated deep page starts from the position its
    // previous read left (server/entity/keyset.ts), as paging forward one page at a time does.
    for (const mode of ['cached', 'database', 'offset'] as const) {
      const port = await freePort();
      const ceilingPort = await freePort();
      child = await startServer({
        PORT: String(port),
        CEILING_PORT: String(ceilingPort),
        ...(mode === 'cached' ? {} : { LIST_CACHE: 'off' }),
        ...(mode === 'offset' ? { PAGE_ANCHORS: 'off' } : {}),
        ...(dataDir ? { DATA_DIR: dataDir } : {}),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      const base = `http://127.0.0.1:${port}`;
      const ceilingBase = `http://127.0.0.1:${ceilingPort}`;
      const tokens = new Map<string, string>();
      for (const user of USERS) tokens.set(user, await login(base, user));

      if (mode === 'cached') {
        // The first page-1 request after start pays the full count (nothing cached yet).
        const coldStarted = performance.now();
        const cold = await listJson(base, tokens.get(USERS[0])!, `pageNo=1&pageSize=${PAGE_SIZE}`);
        coldPage1Ms = performance.now() - coldStarted;
        console.log(`[${backend}] total ${cold.total}, cold page 1 ${coldPage1Ms.toFixed(1)} ms`);
      }

      const only = args.scenarios ? new Set(args.scenarios.split(',')) : undefined;
      for (const scenario of await scenarios(base, tokens)) {
        if (only && !only.has(scenario.name)) continue;
        // The export is never cached: measured once.
        const listed = scenario.path.includes('/list?');
        if (mode !== 'cached' && !listed) continue;
        if (mode === 'offset' && !scenario.name.includes('deep')) continue;
        const name = `${scenario.name}${mode === 'database' ? DATABASE_SUFFIX : mode === 'offset' ? OFFSET_SUFFIX : ''}`;
        const label = {
          cached: listed ? `${scenario.label} — repeated (list cache)` : scenario.label,
          database: `${scenario.label} — list cache off${scenario.name.includes('deep') ? ', from the position its last read left (keyset)' : ''}`,
          offset: `${scenario.label} — list cache off, jumped to with no known position (OFFSET walk)`,
        }[mode];
        const headers = { 'x-access-token': tokens.get(scenario.user ?? USERS[0])! };
        const response = await fetch(`${base}${scenario.path}`, { headers });
        const body = Buffer.from(await response.arrayBuffer());
        const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
        if (contentType.includes('json')) {
          const answer = JSON.parse(body.toString()) as { success: boolean; result?: { records?: unknown[] } };
          if (!answer.success) throw new Error(`${scenario.name} answered success:false: ${body.toString().slice(0, 200)}`);
          // A list scenario measures full pages only; a short one means the data is too small for it.
          const records = answer.result?.records;
          if (Array.isArray(records) && records.length < PAGE_SIZE) throw new Error(`${scenario.name} returned ${records.length} rows, not a full page: seed more rows`);
        }
        await fetch(`${ceilingBase}/capture/${name}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'x-captured-type': contentType }, body });
        const app = await measure(`${base}${scenario.path}`, headers, scenario.connections);
        const ceiling = await measure(`${ceilingBase}/ceiling/${name}`, {}, scenario.connections);
        const dbFloor = mode !== 'cached' && databaseUrl ? await databaseFloor(databaseUrl, `${base}${scenario.path}`, headers, ceilingBase, scenario.connections ?? CONNECTIONS, Math.max(1, Math.round(app.max.rps / 2))) : undefined;
        results.push({ scenario: name, label, backend, bytes: body.length, app: app.max, appAtHalf: app.half, ceiling: ceiling.max, ceilingAtHalf: ceiling.half, dbFloor });
        console.log(
          `[${backend}] ${name}: ${app.max.rps.toFixed(0)} req/s (ceiling ${ceiling.max.rps.toFixed(0)}), ` +
            `p50/p99 at 50% ${app.half.p50}/${app.half.p99} ms, errors ${app.max.errors + app.half.errors}`,
        );
      }
      await stopServer(child);
      child = undefined;
    }
    const breakdown = { insertSeconds: seeded.insertMs / 1000, indexSeconds: seeded.indexMs / 1000, vacuumSeconds: seeded.vacuumMs / 1000 };
    return {
      backend,
      seeded: { rows: seeded.inserted, seconds: seedSeconds, rowsPerSecond: seeded.inserted / seedSeconds, ...breakdown, orders: seeded.orders, statuses: seeded.statuses },
      coldPage1Ms,
      results,
    };
  } finally {
    if (child) await stopServer(child);
    if (dataDir && !args.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  }
}

/**
 * The database floor of a list request: the statements the app sent for one such request (recorded by the bench
 * server), replayed in the same order through node-postgres with as many in flight as the load generator keeps,
 * with no HTTP, envelope or presentation — what PostgreSQL and the driver alone allow on this box.
 */
async function databaseFloor(databaseUrl: string, url: string, headers: Record<string, string>, ceilingBase: string, connections: number, halfRate: number) {
  // One request first: a total counted once and reused (paging.ts) may have lapsed during the measurement, and the
  // floor is the steady state, where the page and its texts are all a request runs.
  await fetch(url, { headers });
  await fetch(`${ceilingBase}/statements/start`, { method: 'POST' });
  await fetch(url, { headers });
  const statements = (await (await fetch(`${ceilingBase}/statements/stop`, { method: 'POST' })).json()) as Array<{ text: string; values: unknown[] }>;
  for (const statement of statements) console.log(`    floor statement: ${statement.text.replace(/\s+/g, ' ').slice(0, 140)}`);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
  try {
    const replay = async (seconds: number) => {
      let done = 0;
      const end = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (performance.now() < end) {
            for (const statement of statements) await pool.query(statement.text, statement.values);
            done += 1;
          }
        }),
      );
      return done / seconds;
    };
    await replay(WARMUP);
    const rps = await replay(DURATION);
    await settle();
    // Open loop at the rate the app's latency run used (the same schedule as the app's), through the same pool.
    const replayOne = async () => {
      for (const statement of statements) await pool.query(statement.text, statement.values);
      return true;
    };
    const { latencies } = await onSchedule(halfRate, DURATION, replayOne);
    return { statements: statements.length, rps, halfRate, p50: quantileOf(latencies, 0.5), p99: quantileOf(latencies, 0.99) };
  } finally {
    await pool.end();
  }
}

function environment(): Record<string, string> {
  const cpu = os.cpus()[0]?.model ?? 'unknown';
  let sha = 'unknown';
  try {
    sha = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
    if (execSync('git status --porcelain', { cwd: ROOT }).toString().trim()) sha += ' (uncommitted changes)';
  } catch {
    // not a git checkout
  }
  const pkg = (name: string) => (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  return {
    nproc: String(os.availableParallelism()),
    cpu,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    // The box is shared: a load average far above nproc at the start means the numbers are pessimistic.
    load: LOAD_AT_START.map((n) => n.toFixed(1)).join(' / '),
    node: process.version,
    pglite: pkg('@electric-sql/pglite'),
    fastify: pkg('fastify'),
    autocannon: pkg('autocannon'),
    git: sha,
  };
}

async function main(): Promise<void> {
  const wanted = String(args.backends).split(',').map((b) => b.trim()) as Backend[];
  const runs: BackendRun[] = [];
  let pgVersion = 'not measured';
  for (const backend of wanted) {
    if (backend === 'postgres') {
      if (!(await postgresReachable())) {
        console.log('[postgres] not reachable at 127.0.0.1:5432, skipped');
        continue;
      }
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      pgVersion = ((await client.query('show server_version')).rows[0] as { server_version: string }).server_version;
      await client.end();
    }
    runs.push(await runBackend(backend));
  }
  const env = { ...environment(), postgres: pgVersion };
  const settings = { entity: String(args.entity), rows: ROWS, duration: DURATION, warmup: WARMUP, connections: CONNECTIONS, maxOffset: LIST_LIMITS.maxOffset, exactCountUpTo: LIST_LIMITS.exactCountUpTo, countCacheMs: LIST_LIMITS.countCacheMs };
  const outDir = path.join(ROOT, '.tmp', 'bench-api');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ env, settings, runs }, null, 2));
  const section = WAYBILLS ? renderWaybillSection(runs, env, settings) : renderSection(runs, env, settings);
  console.log(section);
  console.log(`raw results: ${path.relative(ROOT, file)}`);
  if (!args['no-write']) writeSection(path.join(ROOT, 'docs', 'perf.md'), section, WAYBILLS ? WAYBILL_MARKERS : undefined);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
