/**
 * `GET /sys/remember/{value}`: a remembered browser signs in once with its value and gets a fresh one (remember.ts).
 * Apart from remember.ts because it logs in through routes.ts, which itself issues remember values on login.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail } from '../core/envelope.ts';
import { completeLogin } from './routes.ts';
import { attachRememberToken, consumeRememberToken } from './remember.ts';

const EXPIRED = '自动登录已失效，请重新登录';

export function registerRememberRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  app.get<{ Params: { value: string } }>(`${prefix}/sys/remember/:value`, { config: { public: true, audit: 'login' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const userId = await consumeRememberToken(ctx.db, request.params.value);
    if (!userId) return fail(EXPIRED);
    const user = await ctx.db.selectFrom('sys_user').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) return fail(EXPIRED);
    return attachRememberToken(ctx, await completeLogin(ctx, user, request.ip));
  });
}
