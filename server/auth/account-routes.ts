/** Self-service account endpoints: the caller's own password. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { ok } from '../core/envelope.ts';
import { BusinessError, ValidationError } from '../core/errors.ts';
import { requireCaller } from './guard.ts';
import { hashPassword, isStrongPassword, verifyPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';

import { PASSWORD_POLICY_MESSAGE } from '../../src/contracts/password-policy.ts';

interface UpdatePasswordBody {
  username?: unknown;
  oldpassword?: unknown;
  password?: unknown;
  confirmpassword?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  app.put(`${prefix}/sys/user/updatePassword`, { config: { authenticated: true, allowedBeforePasswordChange: true } }, async (request) => {
    const caller = requireCaller(request);
    const body = (request.body ?? {}) as UpdatePasswordBody;
    // Only one's own password: JeecgBoot 3.4's changePassword let anyone reset anyone's (contract §9 #16).
    if (text(body.username) && text(body.username) !== caller.username) throw new BusinessError('只能修改自己的密码');
    const oldPassword = text(body.oldpassword);
    const password = text(body.password);
    if (!oldPassword) throw new ValidationError([{ field: 'oldpassword', message: '请输入旧密码!' }]);
    if (!isStrongPassword(password)) throw new ValidationError([{ field: 'password', message: PASSWORD_POLICY_MESSAGE }]);
    if (password !== text(body.confirmpassword)) {
      throw new ValidationError([{ field: 'confirmpassword', message: '两次输入密码不一致!' }]);
    }
    const user = await ctx.db.selectFrom('sys_user').select('password_hash').where('id', '=', caller.userId).executeTakeFirstOrThrow();
    if (!(await verifyPassword(oldPassword, user.password_hash))) {
      throw new ValidationError([{ field: 'oldpassword', message: '旧密码输入错误!' }]);
    }
    const hash = await hashPassword(password);
    await ctx.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('sys_user')
        .set({ password_hash: hash, must_change_password: false, password_changed_at: sql<string>`now()`, update_by: caller.username, update_time: sql<string>`now()` })
        .where('id', '=', caller.userId)
        .execute();
      // Everyone else signed in as this user is signed out; the caller keeps working.
      await revokeUserSessions(tx, caller.userId, caller.tokenHash);
    });
    return ok(null, '密码重置成功!');
  });
}
