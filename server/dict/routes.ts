/**
 * Dictionary endpoints (contract §4). Only codes defined on the server are answered: JeecgBoot's table-dictionary
 * codes (`table,text,code[,where]`) built SQL from the URL (§9 #2); here such a code is simply unknown, and table
 * dictionaries are named definitions whose rows are read in the caller's tenant, for callers who may list the
 * source entity.
 */
import type { FastifyInstance } from 'fastify';
import { permissionCode } from '../../src/contracts/entity.ts';
import type { AppContext, Caller } from '../context.ts';
import { ok } from '../core/envelope.ts';
import { BusinessError, PermissionError } from '../core/errors.ts';
import { requireCaller } from '../auth/guard.ts';
import { searchTableDictionary, tableDictionaryTexts, type TableDictionary } from './table-dicts.ts';
import { readScopeConditions } from '../entity/data-scope.ts';

const UNKNOWN_CODE = '字典Code格式不正确！';
/**
 * A dictionary code as JeecgBoot's own are written. JeecgBoot answers such a code nobody defined with an empty list
 * (the stock client's selects then offer nothing); only its table-dictionary form (`table,text,code`, with commas),
 * which this server never builds from the URL, and other odd text are 字典Code格式不正确！.
 */
const WELL_FORMED_CODE = /^[A-Za-z0-9_-]{1,100}$/;
/** getDictItems on a table dictionary is for small tables; search-selects use loadDict. */
const TABLE_ITEMS_LIMIT = 200;
const SEARCH_DEFAULT = 10;
const SEARCH_MAX = 50;

function tableDict(ctx: AppContext, caller: Caller, code: string): TableDictionary | undefined {
  const dict = ctx.tableDicts.get(code);
  if (dict && !caller.permissions.has(permissionCode(dict.entity.schema, 'list'))) throw new PermissionError();
  return dict;
}

export function registerDictRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  app.get<{ Params: { code: string } }>(`${prefix}/sys/dict/getDictItems/:code`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const table = tableDict(ctx, caller, request.params.code);
    if (table) return ok(await searchTableDictionary(ctx.db, table, caller.tenantId, '', TABLE_ITEMS_LIMIT, await readScopeConditions(ctx.db, table.entity, caller, request.log)));
    const items = ctx.dicts.items(request.params.code);
    if (items) return ok(items);
    if (WELL_FORMED_CODE.test(request.params.code)) return ok([]);
    throw new BusinessError(UNKNOWN_CODE);
  });

  // Search-select: items whose text contains the keyword.
  app.get<{ Params: { code: string }; Querystring: { keyword?: string; pageSize?: string } }>(
    `${prefix}/sys/dict/loadDict/:code`,
    { config: { authenticated: true } },
    async (request) => {
      const caller = requireCaller(request);
      const keyword = String(request.query.keyword ?? '').trim().slice(0, 100);
      const limit = Math.min(SEARCH_MAX, Math.max(1, Number(request.query.pageSize) || SEARCH_DEFAULT));
      const table = tableDict(ctx, caller, request.params.code);
      if (table) return ok(await searchTableDictionary(ctx.db, table, caller.tenantId, keyword, limit, await readScopeConditions(ctx.db, table.entity, caller, request.log)));
      const items = ctx.dicts.items(request.params.code);
      if (!items) throw new BusinessError(UNKNOWN_CODE);
      return ok(items.filter((item) => !keyword || item.text.includes(keyword)).slice(0, limit));
    },
  );

  // Texts for stored values (`key=v1,v2`), in the order asked; unknown values come back as themselves.
  app.get<{ Params: { code: string }; Querystring: { key?: string } }>(
    `${prefix}/sys/dict/loadDictItem/:code`,
    { config: { authenticated: true } },
    async (request) => {
      const caller = requireCaller(request);
      const keys = String(request.query.key ?? '').split(',').map((k) => k.trim()).filter(Boolean).slice(0, 200);
      const table = tableDict(ctx, caller, request.params.code);
      if (table) {
        const texts = await tableDictionaryTexts(ctx.db, table, caller.tenantId, keys);
        return ok(keys.map((key) => texts.get(key) ?? key));
      }
      if (!ctx.dicts.items(request.params.code)) throw new BusinessError(UNKNOWN_CODE);
      return ok(keys.map((key) => ctx.dicts.text(request.params.code, key)));
    },
  );

  app.get(`${prefix}/sys/dict/queryAllDictItems`, { config: { authenticated: true } }, async () => ok(ctx.dicts.all()));

  app.get(`${prefix}/sys/dict/refleshCache`, { config: { authenticated: true } }, async (request) => {
    if (request.caller?.userType !== 1) throw new BusinessError('只有平台员工可以刷新缓存', 510);
    await ctx.dicts.reload();
    return ok(null, '刷新缓存完成！');
  });
}
