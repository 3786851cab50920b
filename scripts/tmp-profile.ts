import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { MemoryKv } from '../server/core/kv.ts';
import { openDatabase } from '../server/db/database.ts';
import { makeSnapshots, loadPGliteSnapshot } from '../tests/helpers/db-snapshots.ts';
import { migrateToLatest } from '../server/db/migrations.ts';
import { installGrantFunctions } from '../server/auth/grant-functions.ts';
import { installGrantTriggers } from '../server/auth/grants-cache.ts';
import { installRowTriggers, listDependencies } from '../server/entity/list-cache.ts';
import { DictionaryService, syncDictionaries } from '../server/dict/dictionaries.ts';
import { loadEntities } from '../server/entity/registry.ts';
import { linkCustomerLists, linkScopes } from '../server/entity/data-scope.ts';
import { syncEntityTables } from '../server/entity/tables.ts';
import { installCapabilities } from '../capabilities/server.ts';
import { readTableDictionaryDefs, resolveTableDictionaries } from '../server/dict/table-dicts.ts';
import { seedCheckRules } from '../server/check-rules/rules.ts';
import { syncMenus } from '../server/menu/sync.ts';
import { systemMigrations } from '../server/domains/system/index.ts';
import { DOMAINS } from '../server/domains/index.ts';
import { collectConfigDefaults, collectHooks, collectViews, hooksOf } from '../server/entity/hooks.ts';
import { syncViews } from '../server/entity/views.ts';
import { settlementMigrations } from '../server/domains/freight/settlement/migrations.ts';
import { settingsMigrations } from '../server/domains/system/settings/migrations.ts';
import { loadSqlParser } from '../server/domains/report/sql-guard.ts';
import { ReportCatalog, syncReports } from '../server/domains/report/store.ts';
import { reportMigrations } from '../server/domains/report/migrations.ts';
import { seedOrganisationIfEmpty } from '../server/seed/seed.ts';
import { customersMigrations } from '../server/domains/freight/customer-migrations.ts';
import type { AppContext } from '../server/context.ts';

process.env.LOG_LEVEL = 'silent';
const AREA = { ...systemMigrations, ...reportMigrations, ...settlementMigrations, ...settingsMigrations, ...customersMigrations };
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
const config = { ...configFromEnv({}), captchaEnabled: false, seedDrivers: 40, webDir: undefined, uploadDir };
const kind = process.argv[2] ?? 'pglite';
const { snapshots, remove } = await makeSnapshots(kind === 'pglite' ? { pglite: [40], postgres: [] } : { pglite: [], postgres: [40] });
const totals: Record<string, number> = {};
for (let round = 0; round < 4; round++) {
  let db;
  const tOpen = performance.now();
  if (kind === 'pglite') db = await openDatabase({ loadDataDir: loadPGliteSnapshot(snapshots.pglite[40]) });
  else {
    const { adminQuery, databaseUrl } = await import('../tests/helpers/db-snapshots.ts');
    const name = `prof_${round}_${process.pid}`;
    await adminQuery(`drop database if exists ${name}`);
    await adminQuery(`create database ${name} template ${snapshots.postgres[40]}`);
    db = await openDatabase({ databaseUrl: databaseUrl(name) });
  }
  const times: Record<string, number> = { open: performance.now() - tOpen };
  let t = performance.now();
  const step = async (name: string, run: () => Promise<unknown> | unknown) => { t = performance.now(); await run(); times[name] = performance.now() - t; };
  let ctx!: AppContext;
  await step('load', () => {
    const entities = loadEntities(config.schemasDir);
    linkScopes(entities);
    ctx = { config, db: db.db.withoutPlugins(), dbKind: db.kind, kv: new MemoryKv(), dicts: new DictionaryService(db.db), entities,
      tableDicts: resolveTableDictionaries(readTableDictionaryDefs(config.schemasDir), entities), hooks: collectHooks(DOMAINS, entities),
      configDefaults: collectConfigDefaults(DOMAINS) } as AppContext;
    linkCustomerLists(ctx);
  });
  await step('migrate', () => migrateToLatest(ctx.db as never, AREA));
  await step('grantFns', () => installGrantFunctions(ctx.db));
  await step('seedOrg', () => seedOrganisationIfEmpty(ctx.db, ctx.config.seedPassword));
  await step('dicts', () => syncDictionaries(ctx.db, ctx.config.schemasDir));
  await step('checkRules', () => seedCheckRules(ctx.db));
  await step('tables', () => syncEntityTables(ctx.db, ctx.entities));
  await step('views', () => syncViews(ctx.db, ctx.entities, collectViews(DOMAINS, ctx)));
  await step('capabilities', () => installCapabilities(ctx.db, ctx.entities));
  await step('menus', () => syncMenus(ctx.db, ctx.config.schemasDir, ctx.entities));
  await step('sqlParser', () => loadSqlParser());
  await step('reports', () => syncReports(new ReportCatalog(ctx), ctx.config.schemasDir, ctx.db));
  await step('dictReload', () => ctx.dicts.reload());
  await step('grantTriggers', () => installGrantTriggers(ctx.db));
  await step('rowTriggers', () => installRowTriggers(ctx.db, ['sys_dict', 'sys_dict_item',
    ...ctx.entities.filter((e) => !e.schema.storage?.view).flatMap((e) => [...listDependencies(e, ctx.tableDicts, ctx.entities), ...(hooksOf(ctx, e).reads ?? [])])]));
  await db.close();
  const tb = performance.now();
  const db2 = kind === 'pglite' ? await openDatabase({ loadDataDir: loadPGliteSnapshot(snapshots.pglite[40]) }) : null;
  if (db2) { const { app } = await buildApp(config, db2, new MemoryKv()); times.wholeBuildApp = performance.now() - tb; await app.close(); await db2.close(); }
  if (round > 0) for (const [k, v] of Object.entries(times)) totals[k] = (totals[k] ?? 0) + v / 3;
}
console.log(Object.entries(totals).map(([k, v]) => `${k}=${Math.round(v)}`).join(' '));
await remove();
