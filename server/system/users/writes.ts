/**
 * Adding and editing users (contract §6.4): the body is the JeecgBoot user JSON plus `selectedroles` and
 * `selecteddeparts` (comma-joined ids). Checked with the schema's rules (shared ajv), then against the database
 * (unique username, phone and e-mail among live users, roles and departments of the caller's tenant); user, roles
 * and departments are written in one transaction.
 */
import { sql, type Transaction } from 'kysely';
import type { FieldError } from '../../../src/contracts/envelope.ts';
import type { AppContext, Caller } from '../../context.ts';
import type { SystemTables } from '../../db/schema.ts';
import { BusinessError, PermissionError, ValidationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import type { EntityRuntime } from '../../entity/registry.ts';
import { recordErrors, referenceErrors } from '../../entity/validation.ts';
import { findUsers, type UserRecord } from './queries.ts';
import { splitIds, text } from './helpers.ts';

export const USERNAME_TAKEN = '用户账号已存在';
export const PHONE_TAKEN = '手机号已存在';
export const EMAIL_TAKEN = '邮箱已存在';

const FIELDS = ['username', 'realname', 'password', 'phone', 'email', 'sex', 'userType', 'status', 'selectedroles'] as const;

export interface CheckedUser {
  username: string;
  realname: string;
  password: string | undefined;
  phone: string | null;
  email: string | null;
  sex: number | null;
  userType: number;
  status: number;
  /** undefined: the body did not say, keep what is stored (edit). */
  roleIds: string[] | undefined;
  departIds: string[] | undefined;
}

/** Is `column` = value taken by another live user (username: by any user, deleted ones still hold theirs)? */
export async function valueTaken(ctx: AppContext, column: 'username' | 'phone' | 'email', value: string, exceptId: string): Promise<boolean> {
  let query = ctx.db.selectFrom('sys_user').select('id').where(column, '=', value).where('id', '<>', exceptId);
  if (column !== 'username') query = query.where('del_flag', '=', 0);
  return (await query.executeTakeFirst()) !== undefined;
}

async function departErrors(ctx: AppContext, caller: Caller, ids: string[]): Promise<FieldError[]> {
  if (ids.length === 0) return [];
  const found = await ctx.db.selectFrom('sys_depart').select('id').where('id', 'in', ids).where('tenant_id', '=', caller.tenantId).where('del_flag', '=', 0).execute();
  return found.length === ids.length ? [] : [{ field: 'selecteddeparts', message: '所属部门：请从列表中选择' }];
}

/** Edited fields a body leaves out keep their stored value (JeecgBoot updates non-null fields only). */
const KEPT_ON_EDIT = ['username', 'realname', 'phone', 'email', 'sex', 'userType', 'status'] as const;

/**
 * The body checked field by field. `current` (edit) makes the password optional and fills the fields the body
 * leaves out (absent, not null: the web form sends null for a cleared box) from the stored user.
 */
export async function checkUser(ctx: AppContext, entity: EntityRuntime, caller: Caller, body: Record<string, unknown>, current: UserRecord | null): Promise<CheckedUser> {
  const editing = current?.id ?? null;
  const record: Record<string, unknown> = {};
  for (const name of FIELDS) {
    // JeecgBoot clients send the codes as numbers (status: 1); the schema's dictionaries hold strings.
    const value = name === 'password' ? (typeof body[name] === 'string' ? (body[name] as string) : '') : text(body[name]);
    if (value !== '') record[name] = value;
  }
  if (current) {
    for (const name of KEPT_ON_EDIT) if (body[name] === undefined && current[name] !== null) record[name] = String(current[name]);
  }
  if (record.userType === undefined) record.userType = '1';
  if (record.status === undefined) record.status = '1';
  const departIds = body.selecteddeparts === undefined ? undefined : splitIds(body.selecteddeparts);
  // On edit an empty password box keeps the stored one (the engine's password semantics; JeecgBoot sends none).
  const errors = recordErrors(ctx, entity, record).filter((e) => !(editing && e.field === 'password' && record.password === undefined));
  errors.push(...(await referenceErrors(ctx, entity, caller, record)));
  errors.push(...(await departErrors(ctx, caller, departIds ?? [])));
  for (const [field, column, message] of [['username', 'username', USERNAME_TAKEN], ['phone', 'phone', PHONE_TAKEN], ['email', 'email', EMAIL_TAKEN]] as const) {
    const value = record[field];
    if (typeof value === 'string' && !errors.some((e) => e.field === field) && (await valueTaken(ctx, column, value, editing ?? ''))) {
      errors.push({ field, message });
    }
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return {
    username: String(record.username),
    realname: String(record.realname),
    password: record.password as string | undefined,
    phone: (record.phone as string | undefined) ?? null,
    email: (record.email as string | undefined) ?? null,
    sex: record.sex === undefined ? null : Number(record.sex),
    userType: Number(record.userType),
    status: Number(record.status),
    roleIds: body.selectedroles === undefined ? undefined : splitIds(record.selectedroles),
    departIds,
  };
}

async function replaceLinks(tx: Transaction<SystemTables>, tenantId: number, userId: string, user: CheckedUser): Promise<void> {
  if (user.roleIds) {
    // Only this tenant's roles are replaced: a user shared with another tenant keeps the roles given there.
    await tx.deleteFrom('sys_user_role').where('user_id', '=', userId)
      .where('role_id', 'in', tx.selectFrom('sys_role').select('id').where('tenant_id', '=', tenantId)).execute();
    if (user.roleIds.length > 0) await tx.insertInto('sys_user_role').values(user.roleIds.map((role_id) => ({ user_id: userId, role_id }))).execute();
  }
  if (user.departIds) {
    await tx.deleteFrom('sys_user_depart').where('user_id', '=', userId)
      .where('dep_id', 'in', tx.selectFrom('sys_depart').select('id').where('tenant_id', '=', tenantId)).execute();
    if (user.departIds.length > 0) await tx.insertInto('sys_user_depart').values(user.departIds.map((dep_id) => ({ user_id: userId, dep_id }))).execute();
  }
}

export async function orgCodeOf(ctx: AppContext, departId: string | undefined): Promise<string | null> {
  if (!departId) return null;
  const row = await ctx.db.selectFrom('sys_depart').select('org_code').where('id', '=', departId).executeTakeFirst();
  return row?.org_code ?? null;
}

export async function addUser(ctx: AppContext, entity: EntityRuntime, caller: Caller, body: Record<string, unknown>): Promise<string> {
  const user = await checkUser(ctx, entity, caller, body, null);
  if (!user.password) throw new ValidationError([{ field: 'password', message: '登录密码：必填' }]);
  const id = newId();
  const hash = await hashPassword(user.password);
  const orgCode = await orgCodeOf(ctx, user.departIds?.[0]);
  await ctx.db.transaction().execute((tx) => insertUser(tx, caller, id, user, { hash, orgCode, mustChange: false }));
  return id;
}

/** Writes a checked new user with their roles and departments (inside the caller's transaction; add and import). */
export async function insertUser(
  tx: Transaction<SystemTables>,
  caller: Caller,
  id: string,
  user: CheckedUser,
  secret: { hash: string; orgCode: string | null; mustChange: boolean },
): Promise<void> {
  const departIds = user.departIds ?? [];
  await tx
    .insertInto('sys_user')
    .values({
      id, username: user.username, realname: user.realname, password_hash: secret.hash, avatar: null, phone: user.phone, email: user.email,
      sex: user.sex, org_code: secret.orgCode, status: user.status, del_flag: 0, user_type: user.userType, customer_id: null,
      rel_tenant_ids: String(caller.tenantId), depart_ids: departIds.join(',') || null, password_changed_at: null,
      create_by: caller.username, update_by: null, update_time: null, ...(secret.mustChange ? { must_change_password: true } : {}),
    })
    .execute();
  await replaceLinks(tx, caller.tenantId, id, user);
}

export async function editUser(ctx: AppContext, entity: EntityRuntime, caller: Caller, body: Record<string, unknown>): Promise<void> {
  const id = text(body.id);
  const [current] = id ? await findUsers(ctx, caller.tenantId, [id]) : [];
  if (!current) throw new BusinessError('未找到对应用户');
  const user = await checkUser(ctx, entity, caller, body, current);
  if (user.username !== current.username) throw new ValidationError([{ field: 'username', message: '用户账号不能修改' }]);
  if (id === caller.userId && user.status !== 1) throw new ValidationError([{ field: 'status', message: '不能冻结自己' }]);
  const departIds = user.departIds;
  // The working department stays when it is still one of the user's; otherwise the first one.
  const keepOrg = departIds === undefined || (current.orgCode !== null && (await orgCodesOf(ctx, departIds)).includes(current.orgCode));
  const orgCode = keepOrg ? current.orgCode : await orgCodeOf(ctx, departIds?.[0]);
  // A password typed into the edit form is an administrator's reset: same permission and effects as 修改密码.
  if (user.password && !caller.permissions.has('system:user:changepwd')) throw new PermissionError();
  const own = id === caller.userId;
  const hash = user.password ? await hashPassword(user.password) : null;
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('sys_user')
      .set({
        realname: user.realname, phone: user.phone, email: user.email, sex: user.sex, user_type: user.userType, status: user.status,
        org_code: orgCode, ...(departIds ? { depart_ids: departIds.join(',') || null } : {}),
        update_by: caller.username, update_time: sql<string>`now()`,
      })
      .where('id', '=', id)
      .execute();
    await replaceLinks(tx, caller.tenantId, id, user);
    if (hash) {
      await tx.updateTable('sys_user').set({ password_hash: hash, must_change_password: !own, password_changed_at: sql<string>`now()` }).where('id', '=', id).execute();
    }
    // Frozen through the form, or a new password: signed out at once, as with 冻结 / 修改密码.
    if (user.status !== 1 || hash) await revokeUserSessions(tx, id, own ? caller.tokenHash : undefined);
  });
}

async function orgCodesOf(ctx: AppContext, departIds: string[]): Promise<string[]> {
  if (departIds.length === 0) return [];
  const rows = await ctx.db.selectFrom('sys_depart').select('org_code').where('id', 'in', departIds).execute();
  return rows.map((r) => r.org_code);
}
