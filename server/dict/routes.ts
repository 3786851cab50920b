/**
 * Dictionary endpoints. Only codes defined on the server are answered: JeecgBoot's table-dictionary codes
 * (`table,text,code[,where]`) built SQL from the URL (contract §4, §9 #2); here such a code is simply unknown.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ok } from '../core/envelope.ts';
import { BusinessError } from '../core/errors.ts';

export function registerDictRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  app.get<{ Params: { code: string } }>(
    `${prefix}/sys/dict/getDictItems/:code`,
    { config: { authenticated: true } },
    async (request) => {
      const items = ctx.dicts.items(request.params.code);
      if (!items) throw new BusinessError('字典Code格式不正确！');
      return ok(items);
    },
  );

  app.get(`${prefix}/sys/dict/queryAllDictItems`, { config: { authenticated: true } }, async () => ok(ctx.dicts.all()));

  app.get(`${prefix}/sys/dict/refleshCache`, { config: { authenticated: true } }, async (request) => {
    if (request.caller?.userType !== 1) throw new BusinessError('只有平台员工可以刷新缓存', 510);
    await ctx.dicts.reload();
    return ok(null, '刷新缓存完成！');
  });
}
