/**
 * Builds the server: opens nothing itself (the caller passes the database and store), applies migrations and
 * schema sync, seeds an empty database, and registers every route under `/jeecg-boot`.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext, ServerConfig } from './context.ts';
import type { DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrations.ts';
import { installGrantFunctions } from './auth/grant-functions.ts';
import { grantsCacheOf, installGrantTriggers, startGrantsFeed, touchesGrants } from './auth/grants-cache.ts';
import { installRowTriggers, listCacheOf, listDependencies, startRowsFeed } from './entity/list-cache.ts';
import type { KvStore } from './core/kv.ts';
import { fail } from './core/envelope.ts';
import { AuthError, BusinessError } from './core/errors.ts';
import { answerFrameworkError, registerInputGuard } from './core/input-guard.ts';
import { dataExceptionMessage } from './db/data-errors.ts';
import { serverLoggerOptions } from './auth/log-redaction.ts';
import { DictionaryService, syncDictionaries } from './dict/dictionaries.ts';
import { registerDictRoutes } from './dict/routes.ts';
import { loadEntities } from './entity/registry.ts';
import { linkCustomerLists, linkScopes } from './entity/data-scope.ts';
import { syncEntityTables } from './entity/tables.ts';
import { installCapabilities, registerCapabilityRoutes } from '../capabilities/server.ts';
import { registerEntityRoutes } from './entity/routes.ts';
import { API_PREFIX, registerGuard } from './auth/guard.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerAccountRoutes } from './auth/account-routes.ts';
import { registerDepartRoutes } from './auth/depart-routes.ts';
import { registerDirectoryRoutes } from './auth/directory-routes.ts';
import { registerSmsRoutes } from './auth/sms-routes.ts';
import { registerResetRoutes } from './auth/reset-routes.ts';
import { registerRegistrationRoutes } from './auth/register-routes.ts';
import { registerCasRoutes } from './auth/cas-routes.ts';
import { registerThirdLoginRoutes } from './auth/third-login.ts';
import { registerThirdAppRoutes } from './auth/third-apps.ts';
import { registerRememberRoutes } from './auth/remember-routes.ts';
import fastifyMultipart from '@fastify/multipart';
import { registerFileRoutes, MAX_UPLOAD_BYTES } from './files/routes.ts';
import { DirectoryStore } from './files/store.ts';
import { loadSigningKey } from './files/signing.ts';
import { registerDuplicateRoutes } from './entity/duplicate-routes.ts';
import { readTableDictionaryDefs, resolveTableDictionaries } from './dict/table-dicts.ts';
import { registerCheckRuleRoutes } from './check-rules/routes.ts';
import { seedCheckRules } from './check-rules/rules.ts';
import { OutboxSmsProvider } from './sms/provider.ts';
import { syncMenus } from './menu/sync.ts';
import { registerCors } from './core/cors.ts';
import { collectRoutes, registerOpenApiRoute } from './openapi/routes.ts';
import { specAliases, systemMigrations } from './domains/system/index.ts';
import { watchForAliases } from './core/route-aliases.ts';
import { DOMAINS } from './domains/index.ts';
import { collectConfigDefaults, collectHooks, collectViews, hooksOf } from './entity/hooks.ts';
import { syncViews } from './entity/views.ts';
import { settlementMigrations } from './domains/freight/settlement/migrations.ts';
import { walletMigrations } from './domains/money/wallets/migrations.ts';
import { fundFlowMigrations } from './domains/money/fund-flows/migrations.ts';
import { taxMigrations } from './domains/money/tax/migrations.ts';
import { settingsMigrations } from './domains/system/settings/migrations.ts';
import { receiptsMigrations } from './domains/money/receipts/migrations.ts';
import fastifyWebsocket from '@fastify/websocket';
import { LiveRows } from './socket/live-rows.ts';
import { registerVxeSocket } from './socket/vxe-socket.ts';
import { loadSqlParser } from './domains/report/sql-guard.ts';
import { ReportCatalog, syncReports } from './domains/report/store.ts';
import { registerReportRoutes } from './domains/report/routes.ts';
import { reportMigrations } from './domains/report/migrations.ts';
import { DEMO_TENANT_ID, seedDemoDrivers, seedOrganisationIfEmpty } from './seed/seed.ts';
import { seedDemoCustomers } from './seed/demo-customers.ts';
import { seedDemoVehicles } from './seed/demo-vehicles.ts';
import { seedDemoFreight } from './seed/demo-freight.ts';
import { seedDemoSystemScreens } from './seed/demo-system.ts';
import { seedDemoSettlement } from './seed/demo-settlement.ts';
import { seedDemoWallets } from './seed/demo-wallets.ts';
import { seedDemoReceipts } from './seed/demo-receipts.ts';
import { seedDemoInvoices } from './seed/demo-invoices.ts';
import { seedDemoEtc } from './seed/demo-etc.ts';
import { seedDemoTax } from './seed/demo-tax.ts';
import { seedDemoAnnouncements } from './seed/demo-announcements.ts';
import { seedDemoLaneRecords } from './seed/demo-lane-records.ts';
import { seedDemoCustomerAccounts } from './domains/freight/customer-seed.ts';
import { customersMigrations } from './domains/freight/customer-migrations.ts';
import { invoiceMigrations } from './domains/money/invoices/migrations.ts';

export { API_PREFIX };

/** Tables whose writes make every process read its dictionaries again. */
const DICTIONARY_TABLES = new Set(['sys_dict', 'sys_dict_item']);

/** The areas' migrations, run with db/migrations.ts's own: the database layer does not import the areas above it. */
const AREA_MIGRATIONS = { ...systemMigrations, ...reportMigrations, ...settlementMigrations, ...settingsMigrations, ...customersMigrations, ...walletMigrations, ...fundFlowMigrations, ...receiptsMigrations, ...invoiceMigrations, ...taxMigrations };

/**
 * `run` at most once at a time: a call while it runs schedules one more run after it (writes announced during a
 * reload may not be in it), further calls meanwhile add nothing.
 */
function coalesced(run: () => Promise<void>, onError: (error: unknown) => void): () => void {
  let running = false;
  let again = false;
  const start = (): void => {
    running = true;
    again = false;
    run()
      .catch(onError)
      .finally(() => {
        running = false;
        if (again) start();
      });
  };
  return () => {
    if (running) again = true;
    else start();
  };
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Migrations, schema-driven tables, dictionaries and menus, then demo data on a fresh database. */
export async function prepareDatabase(ctx: AppContext): Promise<void> {
  await migrateToLatest(ctx.db as never, AREA_MIGRATIONS);
  await installGrantFunctions(ctx.db);
  const fresh = await seedOrganisationIfEmpty(ctx.db, ctx.config.seedPassword);
  await syncDictionaries(ctx.db, ctx.config.schemasDir);
  await seedCheckRules(ctx.db);
  await syncEntityTables(ctx.db, ctx.entities);
  // Views over the engine's tables exist only once those do (a migration could not make them).
  await syncViews(ctx.db, ctx.entities, collectViews(DOMAINS, ctx));
  // Before any demo row: what capabilities keep in the database (countOf's triggers) works from the first insert on.
  await installCapabilities(ctx.db, ctx.entities);
  await syncMenus(ctx.db, ctx.config.schemasDir, ctx.entities);
  await loadSqlParser();
  await syncReports(new ReportCatalog(ctx), ctx.config.schemasDir, ctx.db);
  await ctx.dicts.reload();
  const drivers = ctx.entities.find((e) => e.schema.name === 'hyDriver');
  if (fresh && drivers && ctx.config.seedDrivers > 0) await seedDemoDrivers(ctx.db, drivers, ctx.config.seedDrivers);
  // Carriers, vehicles and their bindings to the drivers just seeded.
  if (fresh && ctx.config.seedDrivers > 0) await seedDemoVehicles(ctx.db, ctx.entities);
  const customers = ctx.entities.find((e) => e.schema.name === 'hyCustomer');
  if (fresh && customers) await seedDemoCustomers(ctx.db, customers, DEMO_TENANT_ID);
  // The demo customer admin's shippers and the demo shipper's account (server/domains/freight).
  if (fresh && customers) await seedDemoCustomerAccounts(ctx.db, DEMO_TENANT_ID);
  if (fresh && ctx.config.seedDrivers > 0) {
    // Orders and waybills with their history, over the customers, drivers and vehicles above.
    await seedDemoFreight(ctx.db, ctx.entities);
    // Bills the daily run would have made over that history, with their confirmations and payments.
    await seedDemoSettlement(ctx.db);
    // Wallets with top-ups and the fund flows of the waybills paid in that history (server/domains/money).
    await seedDemoWallets(ctx.db);
    // Bank receipts of those payments, matched as uploads are, with a 差异 and some 未匹配.
    await seedDemoReceipts(ctx.db, ctx.config.uploadDir);
    // Invoices in every state over some of those bills (issue 25).
    await seedDemoInvoices(ctx.db, ctx.config.uploadDir);
    // ETC运单 for some signed waybills and toll invoices, matched and not (票税管理 → ETC运单 / ETC发票).
    await seedDemoEtc(ctx.db);
    // 税务申报 the monthly run would have drafted from the paid driver fees, in each state.
    await seedDemoTax(ctx.db);
    // The rate table and consignment notes along the same lanes.
    await seedDemoLaneRecords(ctx.db, ctx.entities);
    // The platform's notices, so the bell's 通知 tab and 我的消息 are not empty.
    await seedDemoAnnouncements(ctx.db);
    // A deleted user, department roles, texts and positions, so 用户回收站, 部门角色, 短信发件箱 and 职务管理 are not empty.
    await seedDemoSystemScreens(ctx.db, ctx.entities);
  }
  // Last: every table the session statement reads exists by now (some come from entity schemas).
  await installGrantTriggers(ctx.db);
  // A view announces nothing (no trigger fires on one): lists over views are read afresh instead.
  const listed = ctx.entities.filter((entity) => !entity.schema.storage?.view);
  await installRowTriggers(ctx.db, [
    ...DICTIONARY_TABLES,
    ...listed.flatMap((entity) => [...listDependencies(entity, ctx.tableDicts, ctx.entities), ...(hooksOf(ctx, entity).reads ?? [])]),
  ]);
}

function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AuthError) return reply.status(401).send(fail(error.message, 401));
    if (error instanceof BusinessError) {
      return reply.status(200).send(fail(error.message, error.code, error.fieldErrors.length ? { errors: error.fieldErrors } : null));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Malformed JSON, body too large and the like: the client's fault, said plainly, nothing internal.
      return reply.status(200).send(fail('请求数据格式不正确', 500));
    }
    const refusal = dataExceptionMessage(error);
    if (refusal) {
      // A value the input guard and the handler let through and PostgreSQL refused: still logged, as a check is missing.
      request.log.warn({ err: error }, 'database refused a value');
      return reply.status(200).send(fail(refusal, 500));
    }
    request.log.error(error);
    return reply.status(500).send(fail('操作失败，服务器内部错误', 500));
  });
}

function registerWebApp(app: FastifyInstance, webDir: string | undefined): void {
  const hasWeb = webDir && fs.existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    // The build writes .br/.gz siblings (scripts/precompress-plugin.ts); hashed assets never change, so cache them.
    app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${API_PREFIX}/`) || request.url === API_PREFIX || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send(fail('很抱歉，资源未找到!', 404));
    }
    // Any other GET is a client-side route: the single-page app decides (and shows its own 404).
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}

export async function buildApp(config: ServerConfig, database: DatabaseHandle, kv: KvStore): Promise<BuiltApp> {
  const entities = loadEntities(config.schemasDir);
  linkScopes(entities);
  const ctx: AppContext = {
    config,
    // A Kysely of this app's own over the handle's connections: the caches keyed by it (grants, list pages) are
    // this app's, as tests build several apps on one database.
    db: database.db.withoutPlugins(),
    dbKind: database.kind,
    kv,
    dicts: new DictionaryService(database.db),
    entities,
    tableDicts: resolveTableDictionaries(readTableDictionaryDefs(config.schemasDir), entities),
    // Before any route: the engine's handlers look their entity's hooks up when they are registered.
    hooks: collectHooks(DOMAINS, entities),
    configDefaults: collectConfigDefaults(DOMAINS),
  };
  // The customers a caller reaches where a domain names them (hooks.customers), for every scope check.
  linkCustomerLists(ctx);
  // This process's commits, told at once (server/db/write-watch.ts); other processes' arrive as notifications.
  const stopWatching = database.writes.onWrite((tables) => {
    if (touchesGrants(tables)) grantsCacheOf(ctx.db).invalidateAll();
    const lists = listCacheOf(ctx.db);
    for (const table of tables) lists.bump(table);
  });
  await prepareDatabase(ctx);

  const app = Fastify({
    // Request URLs and credential headers are redacted before a line is written (auth/log-redaction.ts).
    logger: serverLoggerOptions(config.log ?? { level: process.env.LOG_LEVEL ?? 'info' }),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
    // A route parameter that is not valid UTF-8 or past the router's length: an envelope, not Fastify's bare 400/414.
    frameworkErrors: answerFrameworkError,
  });
  // Callback style: it runs on every answer, and an async hook costs a promise and a microtask each.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('referrer-policy', 'same-origin');
    done(null, payload);
  });
  registerErrorHandling(app);
  // First of the request hooks: a preflight is answered before the guards, which it would fail (it has no token).
  registerCors(app, config.corsOrigins ?? []);
  // Before any route: NUL bytes, broken UTF-8, over-long values and absurd page numbers never reach a handler.
  registerInputGuard(app);
  // Session grants are cached per token only while the database announces every change to them.
  const stopGrantsFeed = await startGrantsFeed(ctx.db, database, (message) => app.log.warn(message));
  app.addHook('onClose', stopGrantsFeed);
  // List pages are answered from memory only while the database announces every write to their tables.
  // Dictionaries edited by another process (or a console) are read again here too (sys_dict tables announce writes).
  const reloadDicts = coalesced(() => ctx.dicts.reload(), (error) => app.log.warn({ err: error }, 'dictionaries: reload failed'));
  const stopRowsFeed = await startRowsFeed(ctx.db, database, (message) => app.log.warn(message), (table) => {
    if (DICTIONARY_TABLES.has(table)) reloadDicts();
  });
  app.addHook('onClose', stopRowsFeed);
  app.addHook('onClose', async () => stopWatching());
  registerGuard(app, ctx);
  // Before any route: the OpenAPI document lists what was really registered.
  const registeredRoutes = collectRoutes(app);

  app.get('/healthz', { config: { public: true } }, async () => ({ status: 'ok', db: ctx.dbKind }));
  registerAuthRoutes(app, ctx, API_PREFIX);
  registerAccountRoutes(app, ctx, API_PREFIX);
  registerDepartRoutes(app, ctx, API_PREFIX);
  registerDirectoryRoutes(app, ctx, API_PREFIX);
  const outbox = entities.find((e) => e.schema.name === 'sysSmsOutbox');
  if (!outbox) throw new Error('schemas/entities/system/sys-sms-outbox.entity.json is missing: SMS needs its outbox');
  registerSmsRoutes(app, ctx, API_PREFIX, new OutboxSmsProvider(ctx.db, outbox));
  registerResetRoutes(app, ctx, API_PREFIX);
  registerRegistrationRoutes(app, ctx, API_PREFIX);
  registerCasRoutes(app, ctx, API_PREFIX);
  registerThirdLoginRoutes(app, ctx, API_PREFIX);
  registerThirdAppRoutes(app, API_PREFIX);
  registerRememberRoutes(app, ctx, API_PREFIX);
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  const store = new DirectoryStore(config.uploadDir);
  registerFileRoutes(app, ctx, API_PREFIX, store, await loadSigningKey(ctx.db));
  registerDictRoutes(app, ctx, API_PREFIX);
  registerDuplicateRoutes(app, ctx, API_PREFIX);
  registerCheckRuleRoutes(app, ctx, API_PREFIX);
  // One WebSocket upgrade handler for the app, before any socket route: /websocket and /vxeSocket share it.
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });
  const live = new LiveRows(ctx, config.redisUrl);
  ctx.live = live;
  registerVxeSocket(app, ctx, API_PREFIX, live);
  // The spec's /api/* names answer what the lists they stand for answer, wherever those are registered.
  const aliases = watchForAliases(app, specAliases(API_PREFIX));
  const reports = new ReportCatalog(ctx);
  registerReportRoutes(app, ctx, API_PREFIX, reports);
  for (const entity of entities) registerEntityRoutes(app, ctx, API_PREFIX, entity, store);
  // What the entities' capabilities add beyond CRUD (an operation's `<api>/<key>`).
  for (const entity of entities) await registerCapabilityRoutes(app, ctx, API_PREFIX, entity);
  // Each domain's endpoints beyond CRUD (server/domains/): after the engine's, so a clash fails loudly at start.
  for (const domain of DOMAINS) domain.routes?.(app, ctx, API_PREFIX);
  aliases.register();
  registerOpenApiRoute(app, ctx, API_PREFIX, registeredRoutes);
  registerWebApp(app, config.webDir);
  await app.ready();
  return { app, ctx };
}
