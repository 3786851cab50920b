/**
 * `npm run seed:bulk -- --rows 1000000 [--entity hyDriver|hyShippingNote] [--batch 5000]`: adds realistic rows to the database the
 * server would use (DATABASE_URL, else PGlite under DATA_DIR), inside the demo organisation's tenant. The schema
 * is brought up to date first exactly as the server does at start (migrations, entity tables, demo seed).
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/database.ts';
import { MemoryKv } from '../server/core/kv.ts';
import { DEMO_TENANT_ID } from '../server/seed/seed.ts';
import { bulkLoadDrivers, type BulkResult } from './lib/bulk-drivers.ts';
import { bulkLoadWaybills } from './lib/bulk-waybills.ts';

/** hyShippingNote also writes the waybills' orders (hyOrder), about one per 2–3 waybills. */
const BULK_ENTITIES = new Set(['hyDriver', 'hyShippingNote']);

export type BulkSeedResult = BulkResult & { orders?: number; statuses?: Record<string, number> };

export interface SeedTarget {
  databaseUrl?: string;
  dataDir?: string;
}

/** Opens the target, prepares it like a server start, and loads `rows` rows of the entity. Used by bench:api too. */
export async function seedBulk(target: SeedTarget, rows: number, options: { entity?: string; batch?: number; log?: (line: string) => void } = {}): Promise<BulkSeedResult> {
  const entityName = options.entity ?? 'hyDriver';
  if (!BULK_ENTITIES.has(entityName)) throw new Error(`seed:bulk knows how to generate: ${[...BULK_ENTITIES].join(', ')}`);
  process.env.LOG_LEVEL ??= 'silent';
  const config = { ...configFromEnv(), webDir: undefined, databaseUrl: target.databaseUrl, dataDir: target.dataDir ?? configFromEnv().dataDir };
  const database: DatabaseHandle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  try {
    const { app, ctx } = await buildApp(config, database, new MemoryKv());
    await app.close();
    const tenant = await ctx.db.selectFrom('sys_tenant').select('id').where('id', '=', DEMO_TENANT_ID).executeTakeFirst();
    if (!tenant) throw new Error(`tenant ${DEMO_TENANT_ID} (the seeded organisation) is missing`);
    if (entityName === 'hyShippingNote') {
      return await bulkLoadWaybills(ctx.db, ctx.entities, { rows, tenantId: DEMO_TENANT_ID, batch: options.batch, log: options.log });
    }
    const entity = ctx.entities.find((e) => e.schema.name === entityName);
    if (!entity) throw new Error(`entity ${entityName} is not defined under schemas/entities`);
    return await bulkLoadDrivers(ctx.db, entity, { rows, tenantId: DEMO_TENANT_ID, batch: options.batch, log: options.log });
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { rows: { type: 'string', default: '1000000' }, entity: { type: 'string', default: 'hyDriver' }, batch: { type: 'string', default: '5000' } },
  });
  const rows = Number(values.rows);
  if (!Number.isInteger(rows) || rows < 1) throw new Error('--rows must be a positive integer');
  const config = configFromEnv();
  console.log(`seeding ${rows.toLocaleString('en-US')} ${values.entity} rows into ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`}`);
  const result = await seedBulk({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, rows, {
    entity: values.entity,
    batch: Number(values.batch),
    log: (line) => console.log(line),
  });
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `inserted ${result.inserted.toLocaleString('en-US')} rows: insert ${seconds(result.insertMs)} s ` +
      `(${Math.round(result.inserted / (result.insertMs / 1000)).toLocaleString('en-US')} rows/s), indexes ${seconds(result.indexMs)} s, ` +
      `vacuum+analyze ${seconds(result.vacuumMs)} s; total ${seconds(result.totalMs)} s ` +
      `(${Math.round(result.inserted / (result.totalMs / 1000)).toLocaleString('en-US')} rows/s overall)`,
  );
  if (result.orders !== undefined) console.log(`with ${result.orders.toLocaleString('en-US')} orders`);
  if (result.statuses) {
    const mix = Object.entries(result.statuses).sort(([a], [b]) => a.localeCompare(b));
    console.log(`status mix: ${mix.map(([s, n]) => `${s}: ${n.toLocaleString('en-US')} (${((100 * n) / result.inserted).toFixed(1)} %)`).join(', ')}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
