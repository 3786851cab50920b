/**
 * Adding, editing and deleting a shipper's accounts. Checked with the schema's rules (hy-customer-user.entity.json,
 * the shared ajv), then against the database: the shipper must be one the caller manages, the login name unique
 * among all users and the mobile number among live ones, and a shipper has at most one main account. A new account
 * gets the password typed by the administrator (under the policy) or a random one it must change at first login
 * (sys_user.must_change_password, the users area's forced change).
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { FieldError } from '../../../src/contracts/envelope.ts';
import type { AppContext, Caller } from '../../context.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import type { EntityRuntime } from '../../entity/registry.ts';
import { applyDefaults, recordErrors } from '../../entity/validation.ts';
import { text } from '../users/helpers.ts';
import { PHONE_TAKEN, USERNAME_TAKEN, valueTaken } from '../users/writes.ts';
import { CUSTOMER_NOT_FOUND, CUSTOMER_USER_TYPE, customerInTenant, inScope, NOT_MANAGED_MESSAGE } from './access.ts';
import type { CustomerUserRow } from './user-store.ts';

/** The system role every shipper account holds; the account role (customer_user_role) refines it in this area. */
export const SHIPPER_ROLE_CODE = 'shipper';
export const MAIN_ACCOUNT_TAKEN = '该货主已有主账号';
export const NOT_FOUND = '未找到对应数据';

const WRITABLE = ['customerId', 'username', 'realName', 'phone', 'role', 'isMainAccount', 'status', 'password'] as const;

type Body = Record<string, unknown>;

/** A password meeting the policy (upper, lower, digit, special), shown once to the administrator. */
export function randomInitialPassword(): string {
  const body = crypto.randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  return `Hy${body}#${crypto.randomInt(10)}`;
}

function recordOf(body: Body, current: CustomerUserRow | null): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const name of WRITABLE) {
    const value = body[name];
    if (name === 'isMainAccount') {
      if (typeof value === 'boolean') record[name] = value;
      else if (value === '1' || value === 'true' || value === 1) record[name] = true;
      else if (value === '0' || value === 'false' || value === 0) record[name] = false;
    } else if (name === 'password') {
      if (typeof value === 'string' && value !== '') record[name] = value;
    } else if (text(value) !== '') record[name] = text(value);
  }
  if (current) {
    // Left-out fields keep their stored values; the shipper and the login name never change.
    for (const name of ['realName', 'phone', 'role', 'isMainAccount', 'status'] as const) {
      if (body[name] === undefined && current[name] !== null) record[name] = current[name];
    }
    record.customerId = current.customerId;
    record.username = current.username;
  }
  return record;
}

async function mainAccountTaken(ctx: AppContext, customerId: string, exceptId: string): Promise<boolean> {
  const { rows } = await sql`select 1 from hy_customer_user cu join sys_user u on u.id = cu.id and u.del_flag = 0
    where cu.customer_id = ${customerId} and cu.is_main_account and cu.id <> ${exceptId}`.execute(ctx.db);
  return rows.length > 0;
}

async function checked(ctx: AppContext, entity: EntityRuntime, caller: Caller, scope: 'all' | string[], body: Body, current: CustomerUserRow | null) {
  const record = recordOf(body, current);
  // A shipper's own administrator always adds to their own shipper.
  if (!current && caller.userType === CUSTOMER_USER_TYPE && caller.customerId) record.customerId = caller.customerId;
  if (!current) applyDefaults(entity, record);
  const errors: FieldError[] = recordErrors(ctx, entity, record);
  if (current && text(body.username) && text(body.username) !== current.username) errors.push({ field: 'username', message: '登录账号不能修改' });
  const customerId = String(record.customerId ?? '');
  // Existence here, management below: the shipper picker's own scope is the active shipper only, while a customer
  // admin may keep the accounts of every shipper it manages.
  if (!current && customerId && !errors.some((e) => e.field === 'customerId') && !(await customerInTenant(ctx.db, caller.tenantId, customerId))) {
    errors.push({ field: 'customerId', message: CUSTOMER_NOT_FOUND });
  }
  if (customerId && !errors.some((e) => e.field === 'customerId') && !inScope(scope, customerId)) {
    errors.push({ field: 'customerId', message: NOT_MANAGED_MESSAGE });
  }
  const exceptId = current?.id ?? '';
  if (!current && typeof record.username === 'string' && !errors.some((e) => e.field === 'username') && (await valueTaken(ctx, 'username', record.username, ''))) {
    errors.push({ field: 'username', message: USERNAME_TAKEN });
  }
  if (typeof record.phone === 'string' && !errors.some((e) => e.field === 'phone') && (await valueTaken(ctx, 'phone', record.phone, exceptId))) {
    errors.push({ field: 'phone', message: PHONE_TAKEN });
  }
  if (record.isMainAccount === true && customerId && (await mainAccountTaken(ctx, customerId, exceptId))) {
    errors.push({ field: 'isMainAccount', message: MAIN_ACCOUNT_TAKEN });
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return {
    customerId,
    username: String(record.username),
    realName: String(record.realName),
    phone: String(record.phone),
    role: String(record.role),
    isMainAccount: record.isMainAccount === true,
    status: Number(record.status),
    password: record.password as string | undefined,
  };
}

/** Adds an account; answers the random initial password when none was typed. */
export async function addCustomerUser(ctx: AppContext, entity: EntityRuntime, caller: Caller, scope: 'all' | string[], body: Body) {
  const user = await checked(ctx, entity, caller, scope, body, null);
  const initialPassword = user.password ? undefined : randomInitialPassword();
  const hash = await hashPassword(user.password ?? initialPassword!);
  const id = newId();
  const role = await ctx.db.selectFrom('sys_role').select('id').where('role_code', '=', SHIPPER_ROLE_CODE).executeTakeFirst();
  await ctx.db.transaction().execute(async (tx) => {
    await tx.insertInto('sys_user').values({
      id, username: user.username, realname: user.realName, password_hash: hash, avatar: null, phone: user.phone, email: null,
      org_code: null, status: user.status, del_flag: 0, user_type: CUSTOMER_USER_TYPE, customer_id: user.customerId,
      rel_tenant_ids: String(caller.tenantId), depart_ids: null, password_changed_at: null,
      create_by: caller.username, update_by: null, update_time: null, must_change_password: initialPassword !== undefined,
    }).execute();
    if (role) await tx.insertInto('sys_user_role').values({ user_id: id, role_id: role.id }).execute();
    await sql`insert into hy_customer_user (id, customer_id, role, is_main_account, tenant_id, create_by)
      values (${id}, ${user.customerId}, ${user.role}, ${user.isMainAccount}, ${caller.tenantId}, ${caller.username})`.execute(tx);
  });
  return { id, initialPassword };
}

export async function editCustomerUser(ctx: AppContext, entity: EntityRuntime, caller: Caller, scope: 'all' | string[], current: CustomerUserRow, body: Body) {
  const user = await checked(ctx, entity, caller, scope, body, current);
  if (current.id === caller.userId && user.status !== 1) throw new ValidationError([{ field: 'status', message: '不能冻结自己' }]);
  // A password typed into the edit form is an administrator's reset: the user must change it at next login.
  const hash = user.password ? await hashPassword(user.password) : null;
  await ctx.db.transaction().execute(async (tx) => {
    await tx.updateTable('sys_user').set({
      realname: user.realName, phone: user.phone, status: user.status, update_by: caller.username, update_time: sql<string>`now()`,
      ...(hash ? { password_hash: hash, must_change_password: current.id !== caller.userId, password_changed_at: sql<string>`now()` } : {}),
    }).where('id', '=', current.id).execute();
    await sql`update hy_customer_user set role = ${user.role}, is_main_account = ${user.isMainAccount}, update_by = ${caller.username},
      update_time = now() where id = ${current.id}`.execute(tx);
    if (user.status !== 1 || hash) await revokeUserSessions(tx, current.id, current.id === caller.userId ? caller.tokenHash : undefined);
  });
}

/** Deletes accounts the caller manages: the login goes to the users' recycle bin, the account row goes. */
export async function deleteCustomerUsers(ctx: AppContext, caller: Caller, scope: 'all' | string[], rows: CustomerUserRow[]) {
  if (rows.some((row) => !inScope(scope, row.customerId))) throw new BusinessError(NOT_MANAGED_MESSAGE);
  if (rows.some((row) => row.id === caller.userId)) throw new BusinessError('不能删除自己');
  const ids = rows.map((row) => row.id);
  await ctx.db.transaction().execute(async (tx) => {
    await tx.updateTable('sys_user').set({ del_flag: 1, update_by: caller.username, update_time: sql<string>`now()` }).where('id', 'in', ids).execute();
    await sql`delete from hy_customer_user where id in (${sql.join(ids)})`.execute(tx);
    for (const id of ids) await revokeUserSessions(tx, id);
  });
}
