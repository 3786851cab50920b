/**
 * The caller's departments and switching the one they work in (`sys_user.org_code`). A user may only pick one of
 * their own departments and only for themselves: JeecgBoot trusted the `username` in the body.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { ok } from '../core/envelope.ts';
import { BusinessError } from '../core/errors.ts';
import type { CurrentUserDeparts, SelectDepartResult, UserDepart } from '../../src/contracts/departs.ts';
import { NOT_IN_DEPART_MESSAGE, PICK_DEPART_MESSAGE } from '../../src/contracts/departs.ts';
import { requireCaller } from './guard.ts';
import { toUserInfo } from './routes.ts';

interface SelectDepartBody {
  orgCode?: unknown;
  username?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Live departments the user belongs to, in the same order as at login. */
async function departsOfUser(ctx: AppContext, userId: string): Promise<UserDepart[]> {
  return ctx.db
    .selectFrom('sys_depart as d')
    .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
    .select(['d.id', 'd.depart_name as departName', 'd.org_code as orgCode'])
    .where('ud.user_id', '=', userId)
    .where('d.del_flag', '=', 0)
    .orderBy('d.depart_order')
    .orderBy('d.org_code')
    .execute();
}

export function registerDepartRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  app.get(`${prefix}/sys/user/getCurrentUserDeparts`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const user = await ctx.db.selectFrom('sys_user').select('org_code').where('id', '=', caller.userId).executeTakeFirstOrThrow();
    const result: CurrentUserDeparts = { list: await departsOfUser(ctx, caller.userId), orgCode: user.org_code };
    return ok(result);
  });

  app.put(`${prefix}/sys/selectDepart`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const body = (request.body ?? {}) as SelectDepartBody;
    const orgCode = text(body.orgCode);
    if (!orgCode) throw new BusinessError(PICK_DEPART_MESSAGE);
    if (text(body.username) && text(body.username) !== caller.username) throw new BusinessError('只能切换自己的部门');
    const departs = await departsOfUser(ctx, caller.userId);
    if (!departs.some((depart) => depart.orgCode === orgCode)) throw new BusinessError(NOT_IN_DEPART_MESSAGE);
    const user = await ctx.db
      .updateTable('sys_user')
      .set({ org_code: orgCode, update_by: caller.username, update_time: sql<string>`now()` })
      .where('id', '=', caller.userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const result: SelectDepartResult = { userInfo: toUserInfo(user) };
    return ok(result, '切换部门成功');
  });
}
