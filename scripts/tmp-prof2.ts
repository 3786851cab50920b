import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { MemoryKv } from '../server/core/kv.ts';
import { openDatabase } from '../server/db/database.ts';
import { makeSnapshots, loadPGliteSnapshot } from '../tests/helpers/db-snapshots.ts';
process.env.LOG_LEVEL = 'silent';
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
const config = { ...configFromEnv({}), captchaEnabled: false, seedDrivers: 40, webDir: undefined, uploadDir };
const { snapshots, remove } = await makeSnapshots({ pglite: [40], postgres: [] });
const blob = loadPGliteSnapshot(snapshots.pglite[40]);
const { Session } = await import('node:inspector/promises');
const session = new Session(); session.connect();
for (let round = 0; round < 6; round++) {
  if (round === 1) { await session.post('Profiler.enable'); await session.post('Profiler.start'); }
  const t0 = performance.now();
  const db = await openDatabase({ loadDataDir: blob });
  const t1 = performance.now();
  const { app } = await buildApp(config, db, new MemoryKv());
  const t2 = performance.now();
  await app.close(); await db.close();
  console.log('open', Math.round(t1 - t0), 'build', Math.round(t2 - t1));
}
const { profile } = await session.post('Profiler.stop');
fs.writeFileSync('/tmp/build.cpuprofile', JSON.stringify(profile));
await remove();
