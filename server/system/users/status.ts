/**
 * State changes of users: freeze/thaw, an administrator's password reset, logical delete, and the recycle bin.
 * Freezing, deleting and resetting a password end the user's sessions in the same transaction, so their very next
 * request is answered 401 (the session lookup also joins status and del_flag).
 */
import { sql } from 'kysely';
import type { AppContext, Caller } from '../../context.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { hashPassword, isStrongPassword } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { PASSWORD_POLICY_MESSAGE } from '../../../src/contracts/password-policy.ts';
import { inTenant } from '../../entity/field-types.ts';
import { findUsers, RESERVED_USER, type UserRecord } from './queries.ts';

export const NOT_FOUND = '未找到对应用户';

/** Live (or deleted) users of the caller's tenant, all of `ids` or a refusal. */
async function usersOrRefuse(ctx: AppContext, caller: Caller, ids: string[], deleted = false): Promise<UserRecord[]> {
  if (ids.length === 0) throw new BusinessError('请选择用户');
  const users = await findUsers(ctx, caller.tenantId, ids, deleted);
  if (users.length !== ids.length) throw new BusinessError(NOT_FOUND);
  return users;
}

/** status 2 freezes, 1 thaws; `when` is the status the rows must have (the operations' guard), if any. */
export async function setStatus(ctx: AppContext, caller: Caller, ids: string[], status: number, when?: { status: number; message: string }): Promise<void> {
  if (status !== 1 && status !== 2) throw new ValidationError([{ field: 'status', message: '状态只能是1（正常）或2（冻结）' }]);
  if (status === 2 && ids.includes(caller.userId)) throw new BusinessError('不能冻结自己');
  const users = await usersOrRefuse(ctx, caller, ids);
  if (when && users.some((u) => Number(u.status) !== when.status)) throw new BusinessError(when.message);
  await ctx.db.transaction().execute(async (tx) => {
    await tx.updateTable('sys_user').set({ status, update_by: caller.username, update_time: sql<string>`now()` }).where('id', 'in', ids).execute();
    if (status === 2) for (const id of ids) await revokeUserSessions(tx, id);
  });
}

/**
 * An administrator sets someone's password (policy of server/auth/passwords.ts). Their sessions end and their next
 * login must change it (code 406) — unless it is the caller's own, who keeps this session.
 */
export async function resetPassword(ctx: AppContext, caller: Caller, user: UserRecord, password: string, confirm: string | undefined): Promise<void> {
  if (!isStrongPassword(password)) throw new ValidationError([{ field: 'password', message: PASSWORD_POLICY_MESSAGE }]);
  if (confirm !== undefined && confirm !== password) throw new ValidationError([{ field: 'confirmpassword', message: '两次输入密码不一致!' }]);
  const own = user.id === caller.userId;
  const hash = await hashPassword(password);
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('sys_user')
      .set({ password_hash: hash, must_change_password: !own, password_changed_at: sql<string>`now()`, update_by: caller.username, update_time: sql<string>`now()` })
      .where('id', '=', user.id)
      .execute();
    await revokeUserSessions(tx, user.id, own ? caller.tokenHash : undefined);
  });
}

export async function findByUsername(ctx: AppContext, caller: Caller, username: string): Promise<UserRecord> {
  const row = await ctx.db.selectFrom('sys_user').select('id').where('username', '=', username).where('del_flag', '=', 0)
    .where(inTenant(caller.tenantId)).where('username', '<>', RESERVED_USER).executeTakeFirst();
  const [user] = row ? await findUsers(ctx, caller.tenantId, [row.id]) : [];
  if (!user) throw new BusinessError(NOT_FOUND);
  return user;
}

/** Logical delete into the recycle bin; the users are signed out at once. */
export async function softDelete(ctx: AppContext, caller: Caller, ids: string[]): Promise<void> {
  if (ids.includes(caller.userId)) throw new BusinessError('不能删除自己');
  await usersOrRefuse(ctx, caller, ids);
  await ctx.db.transaction().execute(async (tx) => {
    await tx.updateTable('sys_user').set({ del_flag: 1, update_by: caller.username, update_time: sql<string>`now()` }).where('id', 'in', ids).execute();
    for (const id of ids) await revokeUserSessions(tx, id);
  });
}

/** Back from the recycle bin, unless a live user has taken the phone number meanwhile (it must stay unique). */
export async function restore(ctx: AppContext, caller: Caller, ids: string[]): Promise<void> {
  const users = await usersOrRefuse(ctx, caller, ids, true);
  const phones = users.map((u) => u.phone).filter((p): p is string => !!p);
  if (phones.length > 0) {
    const clash = await ctx.db.selectFrom('sys_user').select(['phone']).where('phone', 'in', phones).where('del_flag', '=', 0).executeTakeFirst();
    if (clash) throw new BusinessError(`手机号${clash.phone ?? ''}已被其他用户使用，无法还原`);
  }
  await ctx.db.updateTable('sys_user').set({ del_flag: 0, update_by: caller.username, update_time: sql<string>`now()` }).where('id', 'in', ids).execute();
}

/** Removes users from the recycle bin for good (their roles, departments and sessions go with them). */
export async function purge(ctx: AppContext, caller: Caller, ids: string[]): Promise<void> {
  await usersOrRefuse(ctx, caller, ids, true);
  await ctx.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('sys_user_role').where('user_id', 'in', ids).execute();
    await tx.deleteFrom('sys_user_depart').where('user_id', 'in', ids).execute();
    await tx.deleteFrom('sys_session').where('user_id', 'in', ids).execute();
    await tx.deleteFrom('sys_remember_token').where('user_id', 'in', ids).execute();
    await tx.deleteFrom('sys_user').where('id', 'in', ids).where('del_flag', '=', 1).execute();
  });
}
