/**
 * The server process `npm run bench:socket` measures: the real app (as server/main.ts builds it, REDIS_URL and all)
 * on PORT, and in the same process a plain `ws` broadcaster on CEILING_PORT — the ceiling: pages connect to
 * `/ceiling/<group>`, and `POST /broadcast {groups, payload}` sends the given bytes to every socket of those groups
 * with no database read and no per-page JSON. With CEILING_BATCH_MS > 0 (the app's window, VXE_SOCKET_BATCH_MS)
 * the payload is one pre-serialised `[row, caseId]` entry: entries collect per group for that window and each
 * group's sockets then get one `update_vxe_table_batch` frame (the same bytes for all of them), as the app batches.
 * `GET /cpu` answers this process's CPU time (and changes the app gave up delivering); `GET /stamps` the bench
 * stamp each row holds now (plain SQL), to tell an edit overtaken by an earlier one from a lost message.
 *
 * Before listening it adds BENCH_SHIPPERS customer accounts (copies of the demo `shipper`, each confined to one of
 * the customers with the most waybills) and prints `ready <fixture JSON>`: the users, and every waybill's customer
 * and agent as stored (read with plain SQL, not the scope code under test), so the bench can say who may see what.
 */
import http from 'node:http';
import { sql, type Kysely } from 'kysely';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { MemoryKv } from '../../server/core/kv.ts';
import type { SystemTables } from '../../server/db/schema.ts';
import { LiveRows } from '../../server/socket/live-rows.ts';
import { windowDelay } from '../../server/socket/live-batch.ts';

export interface BenchUser {
  username: string;
  id: string;
  /** null for platform staff. */
  customerId: string | null;
}

export interface SocketFixture {
  staff: BenchUser[];
  shippers: BenchUser[];
  waybills: Array<{ id: string; customerId: string | null; agentId: string | null }>;
  drivers: string[];
}

async function prepare(db: Kysely<SystemTables>, shipperCount: number): Promise<SocketFixture> {
  const user = async (username: string) =>
    (await sql<{ id: string; customer_id: string | null }>`select id, customer_id from sys_user where username = ${username}`.execute(db)).rows[0];
  const template = await user('shipper');
  const customers = (
    await sql<{ customer_id: string }>`select customer_id from hy_shipping_note where customer_id is not null
      group by customer_id order by (customer_id = ${template.customer_id}) desc, count(*) desc, customer_id limit ${shipperCount}`.execute(db)
  ).rows.map((r) => r.customer_id);
  const shippers: BenchUser[] = [];
  for (const [i, customerId] of customers.entries()) {
    if (customerId === template.customer_id) {
      shippers.push({ username: 'shipper', id: template.id, customerId });
      continue;
    }
    const id = `benchshipper${i}`;
    await db.transaction().execute(async (tx) => {
      await sql`insert into sys_user (id, username, realname, password_hash, org_code, status, del_flag, user_type, customer_id, rel_tenant_ids, depart_ids)
        select ${id}, ${id}, realname, password_hash, org_code, status, del_flag, user_type, ${customerId}, rel_tenant_ids, depart_ids
        from sys_user where id = ${template.id}`.execute(tx);
      await sql`insert into sys_user_role (user_id, role_id) select ${id}, role_id from sys_user_role where user_id = ${template.id}`.execute(tx);
      await sql`insert into sys_user_depart (user_id, dep_id) select ${id}, dep_id from sys_user_depart where user_id = ${template.id}`.execute(tx);
    });
    shippers.push({ username: id, id, customerId });
  }
  const staff: BenchUser[] = [];
  for (const username of ['admin', 'ops']) staff.push({ username, id: (await user(username)).id, customerId: null });
  const waybills = (
    await sql<{ id: string; customer_id: string | null; agent_id: string | null }>`select id, customer_id, agent_id from hy_shipping_note
      where tenant_id = 1 order by id`.execute(db)
  ).rows.map((r) => ({ id: r.id, customerId: r.customer_id, agentId: r.agent_id }));
  const drivers = (await sql<{ id: string }>`select id from hy_driver where tenant_id = 1 order by id`.execute(db)).rows.map((r) => r.id);
  return { staff, shippers, waybills, drivers };
}

function ceilingServer(batchMs: number, live: LiveRows | undefined, db: Kysely<SystemTables>): http.Server {
  const groups = new Map<string, Set<WebSocket>>();
  // Batched: entries waiting per group for the end of the window.
  const waiting = new Map<string, string[]>();
  let timer: NodeJS.Timeout | null = null;
  let lastStartedAt = Number.NEGATIVE_INFINITY;
  const flush = () => {
    timer = null;
    lastStartedAt = performance.now();
    for (const [name, entries] of waiting) {
      // Encoded once per group, as the app does per distinct frame.
      const frame = Buffer.from(`{"type":"update_vxe_table_batch","data":{"socketKey":${JSON.stringify(name.split(':')[0])},"rows":[${entries.join(',')}]}}`);
      for (const socket of groups.get(name) ?? []) socket.send(frame, { binary: false });
    }
    waiting.clear();
  };
  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/cpu') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ ...process.cpuUsage(), rss: process.memoryUsage().rss, liveDropped: live?.dropped ?? 0 }));
      return;
    }
    if (request.method === 'GET' && request.url === '/stamps') {
      void Promise.all(
        (['hy_shipping_note:hyShippingNote', 'hy_driver:hyDriver'] as const).map(async (pair) => {
          const [tableName, entity] = pair.split(':');
          const rows = (await sql<{ id: string; remark: string }>`select id, remark from ${sql.table(tableName)} where remark like 'bench#%'`.execute(db)).rows;
          return rows.map((r) => [`${entity}:${r.id}`, Number(/^bench#(\d+)#/.exec(r.remark)?.[1])] as const);
        }),
      ).then((all) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(all.flat()));
      });
      return;
    }
    if (request.method !== 'POST' || request.url !== '/broadcast') {
      response.statusCode = 404;
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { groups: names, payload } = JSON.parse(Buffer.concat(chunks).toString()) as { groups: string[]; payload: string };
      if (batchMs > 0) {
        for (const name of names) {
          const entries = waiting.get(name) ?? [];
          entries.push(payload);
          waiting.set(name, entries);
        }
        // The app's window policy (server/socket/live-batch.ts): at most one delivery per window, none held back after a quiet spell.
        timer ??= setTimeout(flush, windowDelay(lastStartedAt, batchMs, performance.now()));
      } else {
        const frame = Buffer.from(payload);
        for (const name of names) for (const socket of groups.get(name) ?? []) socket.send(frame, { binary: false });
      }
      response.statusCode = 204;
      response.end();
    });
  });
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  wss.on('connection', (socket, request) => {
    const name = decodeURIComponent((request.url ?? '').replace(/^\/ceiling\//, ''));
    const set = groups.get(name) ?? new Set<WebSocket>();
    groups.set(name, set);
    set.add(socket);
    socket.on('close', () => set.delete(socket));
  });
  return server;
}

async function main(): Promise<void> {
  const config = { ...configFromEnv(), webDir: undefined };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  const { app, ctx } = await buildApp(config, database, new MemoryKv());
  const fixture = await prepare(ctx.db, Number(process.env.BENCH_SHIPPERS ?? 4));
  // Subscribed to Redis before the first page can bind.
  if (ctx.live instanceof LiveRows) await ctx.live.whenReady();
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const ceiling = ceilingServer(Number(process.env.CEILING_BATCH_MS ?? 0), ctx.live instanceof LiveRows ? ctx.live : undefined, ctx.db);
  await new Promise<void>((resolve) => ceiling.listen(Number(process.env.CEILING_PORT ?? 0), '127.0.0.1', resolve));

  const stop = async () => {
    ceiling.closeAllConnections();
    ceiling.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  console.log(`ready ${JSON.stringify(fixture)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
