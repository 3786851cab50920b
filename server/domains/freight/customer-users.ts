/**
 * 货主账号 (hyCustomerUser, freight-domain §1.2) on the engine: each account is a sys_user row (user type 2,
 * customer_id = the shipper, role 货主) plus its account role and main-account flag in hy_customer_user. Reads are
 * the view hy_customer_user_v (migration 0181: the two joined, the last login from the sessions); add, edit and
 * delete write hy_customer_user (storage.writeTable) and these hooks write the login user in the same transaction.
 * What is the domain's own:
 * - who reaches which shipper's accounts (hooks.customers, customer-access.ts): staff every shipper of the tenant,
 *   a customer admin (type 6) the shippers it manages, a shipper's own 管理员 account its shipper; anyone else is
 *   refused (只有平台人员、货主管理员或货主的管理员账号可以管理货主账号); another shipper: 您无权管理该货主;
 * - the login name unique among all users, the mobile among live ones, at most one main account per shipper;
 * - a new account gets the typed password (schema policy) or a random one it must change at first login, answered
 *   once in the add's message and result; a password typed on edit is an administrator's reset;
 * - freezing or a reset ends the account's sessions; nobody freezes or deletes their own account;
 * - a delete sends the login to the users' recycle bin (del_flag) and removes the account row.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FieldError } from '../../../src/contracts/envelope.ts';
import type { SystemTables } from '../../db/schema.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import type { DomainModule, EntityHooks, WriteEvent } from '../../entity/hooks.ts';
import { PHONE_TAKEN, USERNAME_TAKEN, valueTaken } from '../system/user-writes.ts';
import { CUSTOMER_USER_TYPE, NOT_MANAGED_MESSAGE, accountScope } from './customer-access.ts';

/** The system role every shipper account holds; the account role (customer_user_role) refines it in this area. */
export const SHIPPER_ROLE_CODE = 'shipper';
export const MAIN_ACCOUNT_TAKEN = '该货主已有主账号';
/** Where the add's hook leaves a generated password for the answer (not a field: never stored). */
const INITIAL_PASSWORD = '__initialPassword';

/** A password meeting the policy (upper, lower, digit, special), shown once to the administrator. */
export function randomInitialPassword(): string {
  const body = crypto.randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  return `Hy${body}#${crypto.randomInt(10)}`;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

async function mainAccountTaken(db: Kysely<SystemTables>, customerId: string, exceptId: string): Promise<boolean> {
  const { rows } = await sql`select 1 from hy_customer_user cu join sys_user u on u.id = cu.id and u.del_flag = 0
    where cu.customer_id = ${customerId} and cu.is_main_account and cu.id <> ${exceptId}`.execute(db);
  return rows.length > 0;
}

/** The login user of a new account, before its hy_customer_user row (which references it). */
async function addLoginUser({ tx, caller, id, record }: WriteEvent): Promise<void> {
  // The engine hashed a typed password already; none typed: a random one, to be changed at first login.
  const initial = typeof record.password === 'string' ? undefined : randomInitialPassword();
  const hash = initial === undefined ? String(record.password) : await hashPassword(initial);
  record[INITIAL_PASSWORD] = initial;
  await tx.insertInto('sys_user').values({
    id, username: textOf(record.username), realname: textOf(record.realName), password_hash: hash, avatar: null, phone: textOf(record.phone),
    email: null, org_code: null, status: Number(record.status), del_flag: 0, user_type: CUSTOMER_USER_TYPE, customer_id: textOf(record.customerId),
    rel_tenant_ids: String(caller.tenantId), depart_ids: null, password_changed_at: null,
    create_by: caller.username, update_by: null, update_time: null, must_change_password: initial !== undefined,
  }).execute();
  const role = await tx.selectFrom('sys_role').select('id').where('role_code', '=', SHIPPER_ROLE_CODE).executeTakeFirst();
  if (role) await tx.insertInto('sys_user_role').values({ user_id: id, role_id: role.id }).execute();
}

/** An edit's login values; a typed password is a reset the user must change at next login (not their own). */
async function editLoginUser({ tx, caller, id, record }: WriteEvent): Promise<void> {
  const status = Number(record.status);
  if (id === caller.userId && status !== 1) throw new ValidationError([{ field: 'status', message: '不能冻结自己' }]);
  const hash = typeof record.password === 'string' ? record.password : null;
  await tx.updateTable('sys_user').set({
    realname: textOf(record.realName), phone: textOf(record.phone), status, update_by: caller.username, update_time: sql<string>`now()`,
    ...(hash ? { password_hash: hash, must_change_password: id !== caller.userId, password_changed_at: sql<string>`now()` } : {}),
  }).where('id', '=', id).execute();
  if (status !== 1 || hash) await revokeUserSessions(tx, id, id === caller.userId ? caller.tokenHash : undefined);
}

const customerUserHooks: EntityHooks = {
  async customers({ ctx, caller }) {
    const scope = await accountScope(ctx.db, caller);
    return scope === 'all' ? [] : scope;
  },
  async checkRecord({ ctx, record, id, kept }) {
    const errors: FieldError[] = [];
    const exceptId = id ?? '';
    if (!id && typeof record.username === 'string' && (await valueTaken(ctx, 'username', record.username, ''))) {
      errors.push({ field: 'username', message: USERNAME_TAKEN });
    }
    if (!kept.has('phone') && typeof record.phone === 'string' && (await valueTaken(ctx, 'phone', record.phone, exceptId))) {
      errors.push({ field: 'phone', message: PHONE_TAKEN });
    }
    const customerId = textOf(record.customerId);
    if (record.isMainAccount === true && customerId && (await mainAccountTaken(ctx.db, customerId, exceptId))) {
      errors.push({ field: 'isMainAccount', message: MAIN_ACCOUNT_TAKEN });
    }
    return errors;
  },
  uniqueFields: ['username', 'phone'],
  async beforeWrite(event) {
    if (event.existing) await editLoginUser(event);
    else await addLoginUser(event);
  },
  async beforeDelete({ tx, caller, rows }) {
    if (rows.some((row) => row.id === caller.userId)) throw new BusinessError('不能删除自己');
    const ids = rows.map((row) => String(row.id));
    await tx.updateTable('sys_user').set({ del_flag: 1, update_by: caller.username, update_time: sql<string>`now()` }).where('id', 'in', ids).execute();
    for (const id of ids) await revokeUserSessions(tx, id);
  },
  addResult(id, record) {
    const initialPassword = record[INITIAL_PASSWORD];
    return { id, ...(typeof initialPassword === 'string' ? { initialPassword } : {}) };
  },
  addMessage(_id, record) {
    const initialPassword = record[INITIAL_PASSWORD];
    return typeof initialPassword === 'string' ? `添加成功！初始密码：${initialPassword}，首次登录须修改密码` : undefined;
  },
  texts: { otherCustomer: NOT_MANAGED_MESSAGE },
};

export const customerUsersDomain: DomainModule = {
  name: 'freight/customer-users',
  hooks: { hyCustomerUser: customerUserHooks },
};
