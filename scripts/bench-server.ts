/**
 * The server process `npm run bench:api` measures: the real app (as server/main.ts builds it) on PORT, plus, in the
 * same process and only here, a bare Fastify on CEILING_PORT that replays response bytes captured from the app
 * with no database work — the same-bytes ceiling each scenario is compared with. Prints `ready` when both listen.
 * On PostgreSQL the ceiling server also records the statements the app sends between `/statements/start` and
 * `/statements/stop`, so the bench can replay exactly those as the database floor.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { MemoryKv } from '../server/core/kv.ts';

interface Captured {
  body: Buffer;
  contentType: string;
}

async function main(): Promise<void> {
  const config = { ...configFromEnv(), webDir: undefined };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  const { app } = await buildApp(config, database, new MemoryKv());
  await app.listen({ port: config.port, host: '127.0.0.1' });

  const captured = new Map<string, Captured>();
  const ceiling = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
  ceiling.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  ceiling.post<{ Params: { name: string } }>('/capture/:name', async (request) => {
    const contentType = String(request.headers['x-captured-type'] ?? 'application/json; charset=utf-8');
    captured.set(request.params.name, { body: request.body as Buffer, contentType });
    return { stored: (request.body as Buffer).length };
  });
  ceiling.get<{ Params: { name: string } }>('/ceiling/:name', async (request, reply) => {
    const hit = captured.get(request.params.name);
    if (!hit) return reply.status(404).send();
    return reply.type(hit.contentType).send(hit.body);
  });
  // Every statement the app's pool clients send while recording (Kysely's driver calls client.query(text, values)).
  // The wrapper is in place only between start and stop, so the measured runs go through the driver untouched.
  let recording: Array<{ text: string; values: unknown[] }> | undefined;
  const query = pg.Client.prototype.query;
  const recorded = function (this: pg.Client, ...args: unknown[]) {
    if (recording && typeof args[0] === 'string') recording.push({ text: args[0], values: Array.isArray(args[1]) ? args[1] : [] });
    return (query as (...args: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  ceiling.post('/statements/start', async () => {
    recording = [];
    pg.Client.prototype.query = recorded;
    return { recording: true };
  });
  ceiling.post('/statements/stop', async () => {
    const statements = recording ?? [];
    recording = undefined;
    pg.Client.prototype.query = query;
    return statements;
  });
  await ceiling.listen({ port: Number(process.env.CEILING_PORT ?? 0), host: '127.0.0.1' });

  const stop = async () => {
    await ceiling.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  console.log('ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
