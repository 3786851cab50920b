/**
 * The rules of user writes the engine does not know (contract §6.4): account, phone and e-mail unique across
 * tenants (deleted users keep their account name); the account name fixed once created; roles and departments
 * written with the user (sys_user_role, sys_user_depart, and the user's working department org_code); and what a
 * password set by an administrator, a freeze or a delete means for the user's sessions.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { FieldError, WireRecord } from '../../../src/contracts/envelope.ts';
import { PASSWORD_POLICY_MESSAGE } from '../../../src/contracts/password-policy.ts';
import type { AppContext, Caller } from '../../context.ts';
import { BusinessError, PermissionError, ValidationError } from '../../core/errors.ts';
import { hashPassword, isStrongPassword } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import type { RecordCheckEvent } from '../../entity/hooks.ts';
import { splitIds } from './values.ts';
import { usersOrRefuse, type UserRow } from './user-reads.ts';

type Db = AppContext['db'];

export const USERNAME_TAKEN = '用户账号已存在';
export const PHONE_TAKEN = '手机号已存在';
export const EMAIL_TAKEN = '邮箱已存在';
export const WORK_NO_TAKEN = '工号已存在';
/** Property, column, and the text when taken. */
const UNIQUE = [
  ['username', 'username', USERNAME_TAKEN],
  ['phone', 'phone', PHONE_TAKEN],
  ['email', 'email', EMAIL_TAKEN],
  ['workNo', 'work_no', WORK_NO_TAKEN],
] as const;
export const UNIQUE_FIELDS = UNIQUE.map(([field]) => field);

/** Is `column` = value taken by another live user (username: by any user, deleted ones still hold theirs)? */
export async function valueTaken(
  ctx: Pick<AppContext, 'db'>,
  column: (typeof UNIQUE)[number][1],
  value: string,
  exceptId: string,
): Promise<boolean> {
  let query = ctx.db.selectFrom('sys_user').select('id').where(column, '=', value).where('id', '<>', exceptId);
  if (column !== 'username') query = query.where('del_flag', '=', 0);
  return (await query.executeTakeFirst()) !== undefined;
}

/** hooks.checkRecord: the unique values, over every tenant's users. */
export async function uniqueValueErrors({ ctx, record, id, kept }: RecordCheckEvent): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [field, column, message] of UNIQUE) {
    const value = record[field];
    if (typeof value === 'string' && !kept.has(field) && (await valueTaken(ctx, column, value, id ?? ''))) errors.push({ field, message });
  }
  return errors;
}

/** A password typed into a body (blank keeps the stored one). */
export const typedPassword = (body: WireRecord): boolean => typeof body.password === 'string' && body.password.trim() !== '';

/** A password nobody knows that still meets the policy (upper, lower, digit, symbol): an imported user's first one. */
export function randomPassword(): string {
  return `Aa1!${crypto.randomBytes(12).toString('base64url')}`;
}

/** The user's roles of the tenant become `roleIds` (a user shared with another tenant keeps the roles given there). */
async function replaceRoles(tx: Db, tenantId: number, userId: string, roleIds: string[]): Promise<void> {
  await tx.deleteFrom('sys_user_role').where('user_id', '=', userId)
    .where('role_id', 'in', tx.selectFrom('sys_role').select('id').where('tenant_id', '=', tenantId)).execute();
  if (roleIds.length > 0) await tx.insertInto('sys_user_role').values(roleIds.map((role_id) => ({ user_id: userId, role_id }))).execute();
}

/**
 * The user's departments of the tenant become `departIds`; the working department (org_code) stays while it is
 * still one of them, else it is the first one's.
 */
async function replaceDeparts(tx: Db, tenantId: number, userId: string, departIds: string[], orgCode: string | null): Promise<void> {
  await tx.deleteFrom('sys_user_depart').where('user_id', '=', userId)
    .where('dep_id', 'in', tx.selectFrom('sys_depart').select('id').where('tenant_id', '=', tenantId)).execute();
  if (departIds.length > 0) await tx.insertInto('sys_user_depart').values(departIds.map((dep_id) => ({ user_id: userId, dep_id }))).execute();
  const codes = departIds.length === 0 ? [] : await tx.selectFrom('sys_depart').select(['id', 'org_code']).where('id', 'in', departIds).execute();
  const kept = orgCode !== null && codes.some((row) => row.org_code === orgCode);
  const first = codes.find((row) => row.id === departIds[0])?.org_code ?? null;
  await tx.updateTable('sys_user').set({ depart_ids: departIds.join(',') || null, org_code: kept ? orgCode : first }).where('id', '=', userId).execute();
}

/**
 * After an administrator set someone's password (修改密码, or a password typed into the edit form): their sessions
 * end and their next login must change it (code 406) — unless it is the caller's own, who keeps this session.
 */
export async function passwordWasReset(tx: Db, caller: Caller, userId: string): Promise<void> {
  const own = userId === caller.userId;
  await tx.updateTable('sys_user').set({ must_change_password: !own, password_changed_at: sql<string>`now()` }).where('id', '=', userId).execute();
  await revokeUserSessions(tx, userId, own ? caller.tokenHash : undefined);
}

interface Written {
  tx: Db;
  caller: Caller;
  id: string;
  record: Record<string, unknown>;
  body: WireRecord;
  existing?: WireRecord;
}

/** hooks.beforeWrite: the account name is fixed; a typed password is a reset, for those who may reset passwords. */
export function assertUserWrite({ caller, record, body, existing }: Written): void {
  if (!existing) return;
  if (record.username !== existing.username) throw new ValidationError([{ field: 'username', message: '用户账号不能修改' }]);
  if (typedPassword(body) && !caller.permissions.has('system:user:changepwd')) throw new PermissionError();
}

/**
 * hooks.afterWrite: roles and departments as the body names them (an edit leaving one out keeps it); a typed
 * password on an edit resets it; a user added without one (an import row) must choose their own at first login.
 */
export async function writeUserLinks({ tx, caller, id, record, body, existing }: Written): Promise<void> {
  if (!existing || 'selectedroles' in body) await replaceRoles(tx, caller.tenantId, id, splitIds(record.selectedroles));
  if (!existing || 'selecteddeparts' in body) {
    await replaceDeparts(tx, caller.tenantId, id, splitIds(record.selecteddeparts), existing ? ((existing.orgCode as string | null) ?? null) : null);
  }
  if (existing && typedPassword(body)) await passwordWasReset(tx, caller, id);
  if (!existing && !typedPassword(body)) await tx.updateTable('sys_user').set({ must_change_password: true }).where('id', '=', id).execute();
}

/** status 2 freezes, 1 thaws (JeecgBoot's frozenBatch); the frozen are signed out at once. */
export async function setStatus(ctx: AppContext, caller: Caller, ids: string[], status: number): Promise<void> {
  if (status !== 1 && status !== 2) throw new ValidationError([{ field: 'status', message: '状态只能是1（正常）或2（冻结）' }]);
  if (status === 2 && ids.includes(caller.userId)) throw new BusinessError('不能冻结自己');
  await usersOrRefuse(ctx.db, caller.tenantId, ids);
  await ctx.db.transaction().execute(async (tx) => {
    await tx.updateTable('sys_user').set({ status, update_by: caller.username, update_time: sql<string>`now()` }).where('id', 'in', ids).execute();
    if (status === 2) for (const id of ids) await revokeUserSessions(tx, id);
  });
}

/** JeecgBoot's changePassword: an administrator sets a password under the policy, confirmed twice. */
export async function resetPassword(ctx: AppContext, caller: Caller, user: UserRow, body: WireRecord): Promise<void> {
  const password = typeof body.password === 'string' ? body.password : '';
  if (!isStrongPassword(password)) throw new ValidationError([{ field: 'password', message: PASSWORD_POLICY_MESSAGE }]);
  if ((typeof body.confirmpassword === 'string' ? body.confirmpassword : '') !== password) throw new ValidationError([{ field: 'confirmpassword', message: '两次输入密码不一致!' }]);
  const hash = await hashPassword(password);
  await ctx.db.transaction().execute(async (tx) => {
    await tx.updateTable('sys_user').set({ password_hash: hash, update_by: caller.username, update_time: sql<string>`now()` }).where('id', '=', user.id).execute();
    await passwordWasReset(tx, caller, user.id);
  });
}
