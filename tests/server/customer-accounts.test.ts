/**
 * Shipper accounts and the active shipper (issues 3, 5, 8) on both backends: a customer admin's shippers
 * (myList), switching among them (selectCustomer, POST and PUT) and what a customer-scoped entity then shows,
 * the 管理货主 relation on the user screen, and a shipper's own accounts with their permission refusals.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, PASSWORD, startTestApp, type TestApp } from './helpers/test-app.ts';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { NO_ACCOUNT_ADMIN_MESSAGE, NOT_MANAGED_MESSAGE } from '../../server/domains/freight/customer-access.ts';
import { SWITCHED_MESSAGE, type MyCustomer } from '../../server/domains/freight/customer-accounts.ts';
import { MAIN_ACCOUNT_TAKEN } from '../../server/domains/freight/customer-users.ts';

const ADMINS = '/jeecg-boot/customer/hyCustomerAdmin';
const USERS = '/jeecg-boot/customer/hyCustomerUser';
const CARGO = '/jeecg-boot/test/testCargo';
const ALL = ['list', 'add', 'edit', 'delete'];

/** The real schemas plus a customer-scoped entity, so a switch of shipper visibly changes a list. */
function schemasWithCargo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freight-schemas-'));
  fs.cpSync(path.resolve('schemas'), dir, { recursive: true });
  fs.mkdirSync(path.join(dir, 'entities', 'test'), { recursive: true });
  const cargo = {
    kind: 'entity', name: 'testCargo', title: '货物', table: 'test_cargo', api: '/test/testCargo', permissionPrefix: 'test:testCargo',
    fields: { customerId: { label: '货主', type: 'string', maxLength: 32 }, cargoName: { label: '货物名称', type: 'string', required: true } },
    list: { columns: ['customerId', 'cargoName'] },
    form: { fields: ['customerId', 'cargoName'] },
    menu: { parent: 'wlhy', path: '/test/TestCargoList', component: 'test/TestCargoList', order: 99 },
    actions: ALL,
    defaultGrants: { ops: ALL, shipper: ALL, shipperadmin: ALL },
    dataScope: { customer: 'customerId' },
  };
  fs.writeFileSync(path.join(dir, 'entities', 'test', 'test-cargo.entity.json'), JSON.stringify(cargo));
  return dir;
}

describe.each(BACKENDS)('shipper accounts on %s', (kind) => {
  let t: TestApp;
  let schemasDir: string;
  let admin: string;
  let shipperAdmin: string;
  let shipper: string;
  let managed: MyCustomer[];
  let unmanaged: { id: string; name: string };

  beforeAll(async () => {
    schemasDir = schemasWithCargo();
    t = await startTestApp(kind, { schemasDir });
    [admin, shipperAdmin, shipper] = [await t.login('admin'), await t.login('shipperadmin'), await t.login('shipper')];
    managed = (await t.call<MyCustomer[]>({ method: 'GET', url: `${ADMINS}/myList`, token: shipperAdmin })).body.result;
    const { rows } = await sql<{ id: string; name: string }>`select id, customer_name as name from hy_customer
      where id not in (${sql.join(managed.map((c) => c.customerId))}) order by customer_name limit 1`.execute(t.ctx.db);
    unmanaged = rows[0];
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(schemasDir, { recursive: true, force: true });
  });

  const myList = (token: string) => t.call<MyCustomer[]>({ method: 'GET', url: `${ADMINS}/myList`, token });
  const activeOf = async (username: string) =>
    (await sql<{ customer_id: string | null }>`select customer_id from sys_user where username = ${username}`.execute(t.ctx.db)).rows[0].customer_id;

  it('lists the managed shippers with the active one marked; staff manage none', async () => {
    expect(managed).toHaveLength(3);
    expect(managed.map((c) => Object.keys(c).sort())).toEqual(managed.map(() => ['customerId', 'customerName', 'isUsed']));
    const used = managed.filter((c) => c.isUsed === '1');
    expect(used).toHaveLength(1);
    expect(used[0].customerId).toBe(await activeOf('shipperadmin'));
    expect((await myList(admin)).body.result).toEqual([]);
  });

  it('switches the active shipper by POST body and by PUT query, and the next request sees it', async () => {
    const [first, second] = [managed.find((c) => c.isUsed === '1')!, managed.find((c) => c.isUsed === '0')!];
    const post = await t.call({ method: 'POST', url: `${ADMINS}/selectCustomer`, token: shipperAdmin, payload: { customerId: second.customerId } });
    expect(post.body).toMatchObject({ success: true, message: SWITCHED_MESSAGE });
    expect((await myList(shipperAdmin)).body.result.find((c) => c.isUsed === '1')?.customerId).toBe(second.customerId);
    const put = await t.call({ method: 'PUT', url: `${ADMINS}/selectCustomer?customerId=${first.customerId}`, token: shipperAdmin });
    expect(put.body).toMatchObject({ success: true, message: SWITCHED_MESSAGE });
    expect(await activeOf('shipperadmin')).toBe(first.customerId);
  });

  it('refuses a shipper the caller does not manage and changes nothing', async () => {
    const before = await activeOf('shipperadmin');
    const { body } = await t.call({ method: 'PUT', url: `${ADMINS}/selectCustomer`, token: shipperAdmin, payload: { customerId: unmanaged.id } });
    expect(body).toMatchObject({ success: false, message: NOT_MANAGED_MESSAGE });
    expect(await activeOf('shipperadmin')).toBe(before);
    const plain = await t.call({ method: 'POST', url: `${ADMINS}/selectCustomer`, token: shipper, payload: { customerId: managed[1].customerId } });
    expect(plain.body).toMatchObject({ success: false, message: NOT_MANAGED_MESSAGE });
  });

  it('confines a customer-scoped list to the shipper just switched to', async () => {
    const ops = await t.login('ops');
    const [a, b] = [managed[0].customerId, managed[1].customerId];
    for (const [customerId, cargoName] of [[a, 'cargo-a'], [b, 'cargo-b']]) {
      const { body } = await t.call({ method: 'POST', url: `${CARGO}/add`, token: ops, payload: { customerId, cargoName } });
      expect(body.success, body.message).toBe(true);
    }
    const names = async () => (await t.call<Page<WireRecord>>({ method: 'GET', url: `${CARGO}/list`, token: shipperAdmin })).body.result.records.map((r) => r.cargoName);
    await t.call({ method: 'PUT', url: `${ADMINS}/selectCustomer`, token: shipperAdmin, payload: { customerId: a } });
    expect(await names()).toEqual(['cargo-a']);
    await t.call({ method: 'PUT', url: `${ADMINS}/selectCustomer`, token: shipperAdmin, payload: { customerId: b } });
    expect(await names()).toEqual(['cargo-b']);
  });

  it('manages a customer admin\'s shippers from the user screen (管理货主)', async () => {
    const { rows } = await sql<{ id: string }>`select id from sys_user where username = 'shipperadmin'`.execute(t.ctx.db);
    const userId = rows[0].id;
    const list = () => t.call<Page<WireRecord>>({ method: 'GET', url: `${ADMINS}/list?userId=${userId}`, token: admin });
    expect((await list()).body.result.total).toBe(3);
    const add = await t.call({ method: 'POST', url: `${ADMINS}/add`, token: admin, payload: { userId, customerId: unmanaged.id } });
    expect(add.body.success, add.body.message).toBe(true);
    const records = (await list()).body.result.records;
    expect(records.find((r) => r.customerId === unmanaged.id)?.customerId_dictText).toBe(unmanaged.name);
    expect((await myList(shipperAdmin)).body.result).toHaveLength(4);
    const row = records.find((r) => r.customerId === unmanaged.id)!;
    expect((await t.call({ method: 'DELETE', url: `${ADMINS}/delete?id=${String(row.id)}`, token: admin })).body.success).toBe(true);
    expect((await myList(shipperAdmin)).body.result).toHaveLength(3);
    // Only customer admins manage shippers, and only holders of the permission assign them.
    const { rows: other } = await sql<{ id: string }>`select id from sys_user where username = 'ops'`.execute(t.ctx.db);
    const refused = await t.call({ method: 'POST', url: `${ADMINS}/add`, token: admin, payload: { userId: other[0].id, customerId: unmanaged.id } });
    expect(refused.body).toMatchObject({ success: false, message: '只有货主管理员可以管理多个货主' });
    expect((await t.call({ method: 'GET', url: `${ADMINS}/list?userId=${userId}`, token: shipperAdmin })).body.success).toBe(false);
  });

  describe('a shipper\'s accounts', () => {
    const account = (customerId: string, n: string, extra: Record<string, unknown> = {}) => ({
      customerId, username: `acct_${n}`, realName: `账号${n}`, phone: `1390000${n.padStart(4, '0')}`, role: 'dispatcher', status: '1', ...extra,
    });

    it('adds an account with a random initial password that must be changed at first login', async () => {
      const { body } = await t.call<{ id: string; initialPassword: string }>({ method: 'POST', url: `${USERS}/add`, token: admin, payload: account(managed[0].customerId, '1') });
      expect(body.success, body.message).toBe(true);
      expect(body.message).toContain(body.result.initialPassword);
      const login = await t.call({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: 'acct_1', password: body.result.initialPassword } });
      expect(login.body.code).toBe(406);
      const { rows } = await sql<{ user_type: number; customer_id: string }>`select user_type, customer_id from sys_user where username = 'acct_1'`.execute(t.ctx.db);
      expect(rows[0]).toEqual({ user_type: 2, customer_id: managed[0].customerId });
    });

    it('refuses a taken login name or mobile, a bad login name, a weak password and a second main account', async () => {
      const customerId = managed[0].customerId;
      const errorsOf = async (payload: Record<string, unknown>) => {
        const { body } = await t.call<unknown>({ method: 'POST', url: `${USERS}/add`, token: admin, payload });
        expect(body.success, JSON.stringify(payload)).toBe(false);
        return (body.result as { errors?: { field: string; message: string }[] } | null)?.errors ?? [];
      };
      expect(await errorsOf(account(customerId, '2', { username: 'acct_1' }))).toContainEqual({ field: 'username', message: '用户账号已存在' });
      expect(await errorsOf(account(customerId, '2', { phone: '13900000001' }))).toContainEqual({ field: 'phone', message: '手机号已存在' });
      expect((await errorsOf(account(customerId, '2', { username: 'a-b' }))).map((e) => e.field)).toContain('username');
      expect((await errorsOf(account(customerId, '2', { password: 'weak' }))).map((e) => e.field)).toContain('password');
      // The demo shipper is its shipper's main account already.
      expect(await errorsOf(account((await activeOf('shipper'))!, '2', { isMainAccount: true }))).toContainEqual({ field: 'isMainAccount', message: MAIN_ACCOUNT_TAKEN });
    });

    it('edits an account and keeps its login name', async () => {
      const list = await t.call<Page<WireRecord>>({ method: 'GET', url: `${USERS}/list?username=acct_1`, token: admin });
      const id = String(list.body.result.records[0].id);
      const edit = await t.call({ method: 'PUT', url: `${USERS}/edit`, token: admin, payload: { id, realName: '改名', role: 'finance' } });
      expect(edit.body.success, edit.body.message).toBe(true);
      const row = (await t.call<WireRecord>({ method: 'GET', url: `${USERS}/queryById?id=${id}`, token: admin })).body.result;
      expect(row).toMatchObject({ username: 'acct_1', realName: '改名', role: 'finance', role_dictText: '财务', customerId: managed[0].customerId });
      const rename = await t.call({ method: 'PUT', url: `${USERS}/edit`, token: admin, payload: { id, username: 'other_name' } });
      expect(rename.body.success).toBe(false);
    });

    it('lets a customer admin manage only its shippers\' accounts', async () => {
      const mine = await t.call({ method: 'POST', url: `${USERS}/add`, token: shipperAdmin, payload: account(managed[1].customerId, '3', { password: PASSWORD }) });
      expect(mine.body.success, mine.body.message).toBe(true);
      const theirs = await t.call<unknown>({ method: 'POST', url: `${USERS}/add`, token: shipperAdmin, payload: account(unmanaged.id, '4') });
      expect(theirs.body.success).toBe(false);
      expect(JSON.stringify(theirs.body.result)).toContain(NOT_MANAGED_MESSAGE);
      const listed = (await t.call<Page<WireRecord>>({ method: 'GET', url: `${USERS}/list?pageSize=100`, token: shipperAdmin })).body.result.records;
      const ids = new Set(managed.map((c) => c.customerId));
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((r) => ids.has(String(r.customerId)))).toBe(true);
    });

    it('lets a shipper\'s 管理员 account manage its own shipper only, and refuses other accounts', async () => {
      const own = await activeOf('shipper');
      const added = await t.call({ method: 'POST', url: `${USERS}/add`, token: shipper, payload: account(managed[1].customerId, '5', { role: 'viewer', password: PASSWORD }) });
      expect(added.body.success, added.body.message).toBe(true);
      const { rows } = await sql<{ customer_id: string }>`select customer_id from sys_user where username = 'acct_5'`.execute(t.ctx.db);
      expect(rows[0].customer_id).toBe(own);
      const listed = (await t.call<Page<WireRecord>>({ method: 'GET', url: `${USERS}/list?pageSize=100`, token: shipper })).body.result.records;
      expect(listed.every((r) => r.customerId === own)).toBe(true);
      // A 只读 account of the same shipper is refused.
      const viewer = await t.login('acct_5');
      const refused = await t.call({ method: 'GET', url: `${USERS}/list`, token: viewer });
      expect(refused.body).toMatchObject({ success: false, message: NO_ACCOUNT_ADMIN_MESSAGE });
    });

    it('deletes an account the caller manages', async () => {
      const list = await t.call<Page<WireRecord>>({ method: 'GET', url: `${USERS}/list?username=acct_3`, token: admin });
      const id = String(list.body.result.records[0].id);
      const { body } = await t.call({ method: 'DELETE', url: `${USERS}/delete?id=${id}`, token: shipperAdmin });
      expect(body.success, body.message).toBe(true);
      expect((await t.call<Page<WireRecord>>({ method: 'GET', url: `${USERS}/list?username=acct_3`, token: admin })).body.result.total).toBe(0);
    });
  });
});
