/** Entry point: `npm start` / `npm run serve`. Embedded PGlite under ./data unless DATABASE_URL is set. */
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { openDatabase } from './db/database.ts';
import { openKv } from './core/kv.ts';

async function main(): Promise<void> {
  const config = configFromEnv();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const kv = openKv(config.redisUrl);
  const { app } = await buildApp(config, database, kv);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, closing`);
    await app.close();
    await kv.close();
    await database.close(); // PGlite flushes to disk on close
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`database: ${database.kind}${database.kind === 'pglite' ? ` (${config.dataDir})` : ''}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
