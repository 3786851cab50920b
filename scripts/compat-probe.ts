/**
 * `npm run docs:compat`: sends every call the stock JeecgBoot clients make (scripts/lib/stock-client-calls.ts) to a
 * fresh embedded server with the demo data, signed in as admin, and writes what each answered into
 * docs/compatibility.md between the probe markers — so the table says what this server does today, not what someone
 * remembered. Writes go to an in-memory database that is thrown away.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { MemoryKv } from '../server/core/kv.ts';
import { STOCK_CLIENT_CALLS, type StockClientCall } from './lib/stock-client-calls.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOC = path.join(ROOT, 'docs', 'compatibility.md');
const START = '<!-- compat-probe:start -->';
const END = '<!-- compat-probe:end -->';
const BASE = '/jeecg-boot';

interface Answer {
  status: number;
  success?: boolean;
  code?: number;
  message?: string;
  contentType: string;
}

type Injector = Awaited<ReturnType<typeof buildApp>>['app'];

async function send(app: Injector, call: Pick<StockClientCall, 'method' | 'path' | 'body'>, token: string | undefined): Promise<Answer> {
  const response = await app.inject({
    method: call.method,
    url: `${BASE}${call.path}`,
    headers: token ? { 'x-access-token': token } : {},
    ...(call.method === 'GET' || call.method === 'DELETE' ? {} : { payload: call.body ?? {} }),
  });
  const contentType = String(response.headers['content-type'] ?? '');
  if (!contentType.includes('json')) return { status: response.statusCode, contentType };
  const body = response.json() as { success?: boolean; code?: number; message?: string };
  return { status: response.statusCode, success: body.success, code: body.code, message: body.message, contentType };
}

/** One cell: what a client sees, in a word or two and the server's own sentence. */
function describe(answer: Answer): string {
  if (answer.status === 404) return '**404 未实现**';
  if (!answer.contentType.includes('json')) return `${answer.status} ${answer.contentType.split(';')[0]}`;
  const message = (answer.message ?? '').replace(/\|/g, '/').slice(0, 60);
  if (answer.success) return `成功${message ? `：${message}` : ''}`;
  return `拒绝 (${answer.code ?? answer.status})：${message}`;
}

async function demoIds(app: Injector, token: string): Promise<Record<string, string>> {
  const first = async (url: string, pick: (result: unknown) => unknown): Promise<string> => {
    const response = await app.inject({ method: 'GET', url: `${BASE}${url}`, headers: { 'x-access-token': token } });
    const value = pick((response.json() as { result?: unknown }).result);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : 'none';
  };
  const record = (key: string) => (result: unknown) => ((result as { records?: Array<Record<string, unknown>> })?.records ?? [])[0]?.[key];
  const node = (result: unknown) => (Array.isArray(result) ? (result[0] as Record<string, unknown> | undefined)?.id : undefined);
  return {
    adminId: await first('/sys/user/list?username=admin', record('id')),
    roleId: await first('/sys/role/list?roleCode=admin', record('id')),
    dictId: await first('/sys/dict/list?pageSize=1', record('id')),
    departId: await first('/sys/sysDepart/queryTreeList', node),
    menuId: await first('/sys/permission/list', node),
    reportCode: await first('/online/cgreport/head/list?pageSize=1', record('code')),
  };
}

function fill(template: string, ids: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => encodeURIComponent(ids[name] ?? whole));
}

/** The path as the table shows it: paging parameters left out, other sample parameters kept (they tell calls apart). */
function shownPath(samplePath: string): string {
  const [pathname, query = ''] = samplePath.split('?');
  const kept = query.split('&').filter((pair) => pair && !/^(pageNo|pageSize)=/.test(pair));
  return kept.length ? `${pathname}?${kept.join('&')}` : pathname;
}

function table(rows: Array<{ call: StockClientCall; answer: string }>): string {
  const lines = [
    '| 模块 | 调用 | Vue2 | Vue3 | 本服务的回答（admin，演示数据） |',
    '| --- | --- | :-: | :-: | --- |',
  ];
  for (const { call, answer } of rows) {
    const has = (client: 'vue2' | 'vue3') => (call.clients.includes(client) ? '✓' : '');
    const note = call.note ? ` — ${call.note}` : '';
    lines.push(`| ${call.area} | \`${call.method} ${shownPath(call.path)}\` | ${has('vue2')} | ${has('vue3')} | ${answer}${note} |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compat-probe-'));
  const config = { ...configFromEnv({}), captchaEnabled: false, seedDrivers: 10, webDir: undefined, uploadDir, databaseUrl: undefined };
  const database = await openDatabase({});
  const { app } = await buildApp(config, database, new MemoryKv());
  try {
    const login = async () => {
      const response = await app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username: 'admin', password: 'Freight@2026' } });
      return (response.json() as { result: { token: string } }).result.token;
    };
    const token = await login();
    const ids = await demoIds(app, token);
    const rows: Array<{ call: StockClientCall; answer: string }> = [];
    for (const call of STOCK_CLIENT_CALLS) {
      // Logging out ends the session it is sent with: each logout gets a session of its own.
      const caller = call.path === '/sys/logout' ? await login() : token;
      const answer = await send(app, { ...call, path: fill(call.path, ids) }, caller);
      rows.push({ call, answer: describe(answer) });
    }
    const doc = fs.readFileSync(DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    if (start < 0 || end < start) throw new Error(`docs/compatibility.md lacks the ${START} … ${END} markers`);
    const missing = rows.filter((row) => row.answer.includes('404')).length;
    const section = `${START}\n${table(rows)}\n\n${rows.length} calls, ${missing} answered 404. Probed ${new Date().toISOString().slice(0, 10)}.\n${END}`;
    fs.writeFileSync(DOC, doc.slice(0, start) + section + doc.slice(end + END.length));
    process.stdout.write(`${rows.length} calls probed, ${missing} answered 404; written to docs/compatibility.md\n`);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  }
}

await main();
