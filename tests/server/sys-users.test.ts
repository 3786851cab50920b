import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from '../../src/contracts/envelope.ts';
import { BACKENDS, PASSWORD, startTestApp, type TestApp } from './helpers/test-app.ts';

const API = '/jeecg-boot/sys/user';
const NEW_PASSWORD = 'Truck#2027x';

interface User {
  id: string;
  username: string;
  realname: string;
  phone: string | null;
  status: string;
  userType: string;
  sex: string | null;
  status_dictText: string;
  userType_dictText: string;
  sex_dictText: string;
  orgCodeTxt: string;
  selectedroles?: string;
  selecteddeparts?: string;
  [key: string]: unknown;
}

describe.each(BACKENDS)('user administration (/sys/user) on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ops: string;
  let roleIds: Record<string, string>;
  let serial = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
    ops = await t.login('ops');
    const roles = await t.ctx.db.selectFrom('sys_role').select(['id', 'role_code']).execute();
    roleIds = Object.fromEntries(roles.map((r) => [r.role_code, r.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function find(username: string, extra = ''): Promise<User | undefined> {
    const { body } = await t.call<Page<User>>({ method: 'GET', url: `${API}/list?username=${username}${extra}`, token: admin });
    return body.result.records.find((u) => u.username === username);
  }

  /** Adds a user through the API (staff, role ops, department 运营部) and returns it as the list shows it. */
  async function addUser(extra: Record<string, unknown> = {}): Promise<User> {
    serial += 1;
    const username = `driverdesk${serial}`;
    const { body } = await t.call({
      method: 'POST',
      url: `${API}/add`,
      token: admin,
      payload: {
        username, realname: `调度${serial}`, password: PASSWORD, phone: `1390000${String(1000 + serial)}`, sex: 1, userType: '1',
        selectedroles: roleIds.ops, selecteddeparts: 'd-ops', ...extra,
      },
    });
    expect(body).toMatchObject({ success: true, message: '添加成功！' });
    return (await find(username))!;
  }

  async function userCount(): Promise<number> {
    return (await t.ctx.db.selectFrom('sys_user').select('id').execute()).length;
  }

  it('lists live users with dictionary texts and department names, never a password hash', async () => {
    const { body } = await t.call<Page<User>>({ method: 'GET', url: `${API}/list?pageSize=20`, token: admin });
    expect(body.success).toBe(true);
    const opsUser = body.result.records.find((u) => u.username === 'ops')!;
    expect(opsUser).toMatchObject({ realname: '运营专员', status: '1', status_dictText: '正常', userType_dictText: '平台员工', orgCodeTxt: '运营部' });
    expect(JSON.stringify(body.result)).not.toMatch(/password|scrypt/);
    const shipper = await t.call<Page<User>>({ method: 'GET', url: `${API}/list?userType=6`, token: admin });
    expect(shipper.body.result.records.map((u) => u.username)).toEqual(['shipperadmin']);
    const byDepart = await t.call<Page<User>>({ method: 'GET', url: `${API}/list?departId=d-customers&column=username&order=asc`, token: admin });
    expect(byDepart.body.result.records.map((u) => u.username)).toEqual(['shipper', 'shipperadmin']);
    const byName = await t.call<Page<User>>({ method: 'GET', url: `${API}/list?realname=${encodeURIComponent('*货主*')}&status=1`, token: admin });
    expect(byName.body.result.total).toBe(2);
    const badStatus = await t.call({ method: 'GET', url: `${API}/list?status=abc`, token: admin });
    expect(badStatus.body).toMatchObject({ success: false, message: '状态的查询条件应为数字' });
  });

  it('applies the data rules granted on the 用户管理 page to the list, as JeecgBoot’s @PermissionData does', async () => {
    await sql`insert into sys_permission_data_rule (id, permission_id, rule_name, rule_column, rule_conditions, rule_value, status)
      values ('r_users_customers', 'page:sysUser', '只看货主', 'userType', 'IN', '2,6', '1')`.execute(t.ctx.db);
    const bind = (ids: string | null) => sql`update sys_role_permission set data_rule_ids = ${ids}
      where permission_id = 'page:sysUser' and role_id = (select id from sys_role where role_code = 'admin')`.execute(t.ctx.db);
    const bound = await bind('r_users_customers');
    expect(Number(bound.numAffectedRows)).toBe(1);
    try {
      const token = await t.login('admin');
      const { body } = await t.call<Page<User>>({ method: 'GET', url: `${API}/list?pageSize=50`, token });
      expect(body.result.records.map((u) => u.username).sort()).toEqual(['shipper', 'shipperadmin']);
    } finally {
      await bind(null);
    }
  });

  it('refuses callers without the permission and anonymous ones', async () => {
    const before = await userCount();
    for (const [method, url] of [
      ['GET', `${API}/list`], ['GET', `${API}/queryById?id=x`], ['POST', `${API}/add`], ['PUT', `${API}/edit`], ['POST', `${API}/edit`],
      ['PUT', `${API}/frozenBatch`], ['PUT', `${API}/frozen`], ['PUT', `${API}/thaw`], ['PUT', `${API}/changePassword`], ['PUT', `${API}/changepwd`],
      ['DELETE', `${API}/delete?id=x`], ['DELETE', `${API}/deleteBatch?ids=x`], ['GET', `${API}/queryUserRole?userid=x`],
      ['GET', `${API}/userDepartList?userId=x`], ['GET', `${API}/queryUserByDepId?id=d-ops`], ['GET', `${API}/recycleBin`],
      ['PUT', `${API}/putRecycleBin`], ['DELETE', `${API}/deleteRecycleBin?userIds=x`],
    ] as const) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : { username: 'sneaky', realname: 's', password: PASSWORD, ids: 'x', status: '2' };
      const refused = await t.call({ method, url, token: ops, payload });
      expect(refused.body, url).toMatchObject({ success: false, code: 510 });
      expect((await t.call({ method, url, payload })).status, url).toBe(401);
    }
    expect((await t.call({ method: 'GET', url: `${API}/checkOnlyUser?username=admin` })).status).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it('adds a user with a hashed password, roles and departments, and reads them back', async () => {
    const user = await addUser({ selectedroles: `${roleIds.ops},${roleIds.shipper}`, selecteddeparts: 'd-ops,d-finance', email: 'desk@example.com' });
    expect(user).toMatchObject({ status: '1', sex: '1', sex_dictText: '男', userType: '1', orgCodeTxt: '运营部,财务部', orgCode: 'A01A01' });
    const stored = await t.ctx.db.selectFrom('sys_user').select(['password_hash', 'rel_tenant_ids', 'create_by']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored).toMatchObject({ rel_tenant_ids: '1', create_by: 'admin' });

    const byId = await t.call<User>({ method: 'GET', url: `${API}/queryById?id=${user.id}`, token: admin });
    expect(byId.body.result).toMatchObject({ username: user.username, selecteddeparts: 'd-ops,d-finance' });
    expect(byId.body.result.selectedroles!.split(',').sort()).toEqual([roleIds.ops, roleIds.shipper].sort());
    expect(JSON.stringify(byId.body.result)).not.toMatch(/scrypt|password/);
    const roles = await t.call<string[]>({ method: 'GET', url: `${API}/queryUserRole?userid=${user.id}`, token: admin });
    expect(roles.body.result.sort()).toEqual([roleIds.ops, roleIds.shipper].sort());
    const departs = await t.call({ method: 'GET', url: `${API}/userDepartList?userId=${user.id}`, token: admin });
    expect(departs.body.result).toEqual([{ key: 'd-ops', value: 'd-ops', title: '运营部' }, { key: 'd-finance', value: 'd-finance', title: '财务部' }]);
    const inDepart = await t.call<User[]>({ method: 'GET', url: `${API}/queryUserByDepId?id=d-finance&realname=${encodeURIComponent(user.realname)}`, token: admin });
    expect(inDepart.body.result.map((u) => u.username)).toEqual([user.username]);
    // The new user can sign in with the password given.
    expect(await t.login(user.username)).toBeTruthy();
  });

  it('refuses bad input with the field and a sentence, and adds nothing', async () => {
    const before = await userCount();
    const base = { username: 'fresh_user', realname: '新人', password: PASSWORD, userType: '1' };
    await t.ctx.db.updateTable('sys_user').set({ work_no: 'GH-OPS' }).where('username', '=', 'ops').execute();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...base, username: 'admin' }, 'username', '用户账号已存在'],
      [{ ...base, phone: '13800000002' }, 'phone', '手机号已存在'],
      [{ ...base, workNo: 'GH-OPS' }, 'workNo', '工号已存在'],
      [{ ...base, password: 'short1!' }, 'password', '密码不能少于8位'],
      [{ ...base, password: 'alllowercase1!' }, 'password', '密码不能少于8位'],
      [{ ...base, password: undefined }, 'password', '登录密码'],
      [{ ...base, realname: '' }, 'realname', '用户姓名'],
      [{ ...base, userType: '9' }, 'userType', '用户类型：请从列表中选择'],
      [{ ...base, phone: '12345' }, 'phone', '手机号码'],
      [{ ...base, selectedroles: 'no-such-role' }, 'selectedroles', '角色：请从列表中选择'],
      [{ ...base, selecteddeparts: 'no-such-depart' }, 'selecteddeparts', '所属部门：请从列表中选择'],
      [{ ...base, username: "a' or '1'='1" }, 'username', '用户账号只能包含'],
    ];
    for (const [payload, field, message] of cases) {
      const { status, body } = await t.call<{ errors: Array<{ field: string }> }>({ method: 'POST', url: `${API}/add`, token: admin, payload });
      expect(status).toBe(200);
      expect(body.success, field).toBe(false);
      expect(body.message).toContain(message);
      expect(body.result.errors.map((e) => e.field)).toContain(field);
    }
    expect(await userCount()).toBe(before);
  });

  it('edits a user (PUT and POST): an empty password keeps the stored one, roles and departments are replaced', async () => {
    const user = await addUser();
    const hashBefore = (await t.ctx.db.selectFrom('sys_user').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()).password_hash;
    const put = await t.call({
      method: 'PUT', url: `${API}/edit`, token: admin,
      payload: { id: user.id, username: user.username, realname: '新名字', password: '', userType: 2, status: 1, sex: 2, selectedroles: roleIds.shipper, selecteddeparts: 'd-customers' },
    });
    expect(put.body).toMatchObject({ success: true, message: '修改成功!' });
    const edited = (await find(user.username))!;
    expect(edited).toMatchObject({ realname: '新名字', userType: '2', sex_dictText: '女', orgCodeTxt: '货主客户', orgCode: 'A02' });
    const stored = await t.ctx.db.selectFrom('sys_user').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toBe(hashBefore);
    const roles = await t.call<string[]>({ method: 'GET', url: `${API}/queryUserRole?userid=${user.id}`, token: admin });
    expect(roles.body.result).toEqual([roleIds.shipper]);

    const post = await t.call({ method: 'POST', url: `${API}/edit`, token: admin, payload: { id: user.id, username: user.username, realname: '再改', userType: '2', selectedroles: '', selecteddeparts: '' } });
    expect(post.body.success).toBe(true);
    expect(await find(user.username)).toMatchObject({ realname: '再改', orgCodeTxt: '' });
    expect((await t.call<string[]>({ method: 'GET', url: `${API}/queryUserRole?userid=${user.id}`, token: admin })).body.result).toEqual([]);

    const rename = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: user.id, username: 'renamed', realname: 'x', userType: '1' } });
    expect(rename.body).toMatchObject({ success: false, message: '用户账号不能修改' });
    const phone = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: user.id, username: user.username, realname: '再改', userType: '2', phone: '13800000001' } });
    expect(phone.body).toMatchObject({ success: false, message: '手机号已存在' });
    expect(await find(user.username)).toMatchObject({ realname: '再改', userType: '2' });
    const weak = await t.call<{ errors: Array<{ field: string }> }>({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: user.id, username: user.username, realname: '再改', userType: '2', password: 'weak' } });
    expect(weak.body).toMatchObject({ success: false, result: { errors: [{ field: 'password' }] } });
    expect((await t.ctx.db.selectFrom('sys_user').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()).password_hash).toBe(hashBefore);
  });

  it('an edit that leaves fields out keeps them (a frozen user stays frozen); null clears', async () => {
    const user = await addUser({ userType: '6', email: 'keep@example.com' });
    await t.call({ method: 'PUT', url: `${API}/frozenBatch`, token: admin, payload: { ids: user.id, status: '2' } });
    const partial = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: user.id, realname: '只改名字' } });
    expect(partial.body.success).toBe(true);
    expect(await find(user.username)).toMatchObject({ realname: '只改名字', status: '2', userType: '6', phone: user.phone, email: 'keep@example.com', orgCodeTxt: '运营部' });
    const cleared = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: user.id, realname: '只改名字', email: null, phone: '' } });
    expect(cleared.body.success).toBe(true);
    expect(await find(user.username)).toMatchObject({ status: '2', email: null, phone: null });
  });

  it('a password typed into the edit form resets it, like 修改密码, and signs the user out', async () => {
    const user = await addUser();
    const token = await t.login(user.username);
    const { body } = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: user.id, username: user.username, realname: user.realname, userType: '1', password: NEW_PASSWORD } });
    expect(body.success).toBe(true);
    expect((await t.call({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token })).status).toBe(401);
    const login = await t.call({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: user.username, password: NEW_PASSWORD } });
    expect(login.body).toMatchObject({ code: 406 });
  });

  it('freezing a signed-in user ends their session at once; thawing lets them sign in again', async () => {
    const user = await addUser();
    const token = await t.login(user.username);
    expect((await t.call({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token })).status).toBe(200);

    const frozen = await t.call({ method: 'PUT', url: `${API}/frozenBatch`, token: admin, payload: { ids: user.id, status: '2' } });
    expect(frozen.body).toMatchObject({ success: true, message: '冻结成功!' });
    const next = await t.call({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token });
    expect(next.status).toBe(401);
    expect(await find(user.username)).toMatchObject({ status: '2', status_dictText: '冻结' });
    const open = await t.ctx.db.selectFrom('sys_session').select('token_hash').where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    expect(open).toEqual([]);
    await expect(t.login(user.username)).rejects.toThrow();

    const thaw = await t.call({ method: 'PUT', url: `${API}/frozenBatch`, token: admin, payload: { ids: user.id, status: 1 } });
    expect(thaw.body).toMatchObject({ success: true, message: '解冻成功!' });
    expect(await t.login(user.username)).toBeTruthy();
  });

  it('the 冻结/解冻 operations check the current status; nobody freezes themselves', async () => {
    const user = await addUser();
    const thawLive = await t.call({ method: 'PUT', url: `${API}/thaw`, token: admin, payload: { ids: user.id } });
    expect(thawLive.body).toMatchObject({ success: false, message: '只有冻结的用户可以解冻' });
    // One row comes as {id}, several as {ids} (as the web app sends them).
    expect((await t.call({ method: 'PUT', url: `${API}/frozen`, token: admin, payload: { id: user.id } })).body).toMatchObject({ success: true, message: '冻结成功!' });
    expect((await t.call({ method: 'PUT', url: `${API}/frozen`, token: admin, payload: { ids: user.id } })).body).toMatchObject({ success: false, message: '只有正常的用户可以冻结' });
    expect((await t.call({ method: 'PUT', url: `${API}/thaw`, token: admin, payload: { ids: user.id } })).body.success).toBe(true);

    const adminId = (await find('admin'))!.id;
    for (const [url, payload] of [[`${API}/frozenBatch`, { ids: `${user.id},${adminId}`, status: '2' }], [`${API}/frozen`, { ids: adminId }]] as const) {
      const self = await t.call({ method: 'PUT', url, token: admin, payload });
      expect(self.body).toMatchObject({ success: false, message: '不能冻结自己' });
    }
    const badStatus = await t.call<{ errors: Array<{ field: string }> }>({ method: 'PUT', url: `${API}/frozenBatch`, token: admin, payload: { ids: user.id, status: '7' } });
    expect(badStatus.body.success).toBe(false);
    expect(badStatus.body.result.errors[0].field).toBe('status');
    expect(await find(user.username)).toMatchObject({ status: '1' });
    expect(await find('admin')).toMatchObject({ status: '1' });
  });

  it('changePassword: an administrator resets a password under the policy and the user’s sessions end', async () => {
    const user = await addUser();
    const token = await t.login(user.username);
    const weak = await t.call<{ errors: Array<{ field: string }> }>({ method: 'PUT', url: `${API}/changePassword`, token: admin, payload: { username: user.username, password: 'weak', confirmpassword: 'weak' } });
    expect(weak.body).toMatchObject({ success: false, message: '密码不能少于8位，且包含大写字母、小写字母、数字、特殊符号!' });
    expect(weak.body.result.errors[0].field).toBe('password');
    const mismatch = await t.call({ method: 'PUT', url: `${API}/changePassword`, token: admin, payload: { username: user.username, password: NEW_PASSWORD, confirmpassword: 'Other#Pass9' } });
    expect(mismatch.body).toMatchObject({ success: false, message: '两次输入密码不一致!' });
    expect((await t.call({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token })).status).toBe(200);

    const reset = await t.call({ method: 'PUT', url: `${API}/changePassword`, token: admin, payload: { username: user.username, password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD } });
    expect(reset.body).toMatchObject({ success: true });
    expect((await t.call({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token })).status).toBe(401);
    await expect(t.login(user.username)).rejects.toThrow();
    const login = await t.call<{ token: string }>({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: user.username, password: NEW_PASSWORD } });
    // An administrator's reset forces the user to choose their own password first (code 406).
    expect(login.body.code === 200 || login.body.code === 406).toBe(true);

    // The row operation 修改密码 sends {ids, password}.
    const op = await t.call({ method: 'PUT', url: `${API}/changepwd`, token: admin, payload: { id: user.id, password: PASSWORD } });
    expect(op.body.success).toBe(true);
    const unknown = await t.call({ method: 'PUT', url: `${API}/changePassword`, token: admin, payload: { username: 'nobody', password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD } });
    expect(unknown.body).toMatchObject({ success: false, message: '未找到对应用户' });
  });

  it('checkOnlyUser answers signed-in users whether a username, phone or e-mail is taken', async () => {
    const taken = await t.call({ method: 'GET', url: `${API}/checkOnlyUser?username=admin`, token: ops });
    expect(taken.body).toMatchObject({ success: false, message: '用户账号已存在' });
    const phone = await t.call({ method: 'GET', url: `${API}/checkOnlyUser?phone=13800000001`, token: ops });
    expect(phone.body).toMatchObject({ success: false, message: '手机号已存在' });
    const free = await t.call({ method: 'GET', url: `${API}/checkOnlyUser?username=nobody_yet`, token: ops });
    expect(free.body).toMatchObject({ success: true, result: true });
    const adminId = (await find('admin'))!.id;
    const own = await t.call({ method: 'GET', url: `${API}/checkOnlyUser?username=admin&id=${adminId}`, token: admin });
    expect(own.body.success).toBe(true);
    // 工号 (issue 24): the stock JeecgBoot user form's work number.
    await t.ctx.db.updateTable('sys_user').set({ work_no: 'GH-ADMIN' }).where('id', '=', adminId).execute();
    expect((await t.call({ method: 'GET', url: `${API}/checkOnlyUser?workNo=GH-ADMIN`, token: ops })).body).toMatchObject({ success: false, message: '工号已存在' });
    expect((await t.call({ method: 'GET', url: `${API}/checkOnlyUser?workNo=GH-ADMIN&id=${adminId}`, token: ops })).body).toMatchObject({ success: true });
    expect((await t.call({ method: 'GET', url: `${API}/checkOnlyUser?workNo=GH-NOBODY`, token: ops })).body).toMatchObject({ success: true });
  });

  it('deletes into the recycle bin (sessions end), restores, and purges for real', async () => {
    const a = await addUser();
    const b = await addUser();
    const token = await t.login(a.username);
    const self = await t.call({ method: 'DELETE', url: `${API}/delete?id=${(await find('admin'))!.id}`, token: admin });
    expect(self.body).toMatchObject({ success: false, message: '不能删除自己' });

    expect((await t.call({ method: 'DELETE', url: `${API}/delete?id=${a.id}`, token: admin })).body.success).toBe(true);
    expect((await t.call({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token })).status).toBe(401);
    expect((await t.call({ method: 'DELETE', url: `${API}/deleteBatch?ids=${b.id}`, token: admin })).body.success).toBe(true);
    expect(await find(a.username)).toBeUndefined();
    const bin = await t.call<User[]>({ method: 'GET', url: `${API}/recycleBin`, token: admin });
    // Beside the demo database's own former employee (server/seed/demo-system.ts).
    expect(bin.body.result.map((u) => u.username).sort()).toEqual([a.username, b.username, 'liuyang'].sort());

    const restored = await t.call({ method: 'PUT', url: `${API}/putRecycleBin`, token: admin, payload: { userIds: a.id } });
    expect(restored.body.success).toBe(true);
    expect(await find(a.username)).toBeDefined();
    // Purging only touches the recycle bin: a live user stays.
    const live = await t.call({ method: 'DELETE', url: `${API}/deleteRecycleBin?userIds=${a.id}`, token: admin });
    expect(live.body).toMatchObject({ success: false, message: '未找到对应用户' });
    const purged = await t.call({ method: 'DELETE', url: `${API}/deleteRecycleBin?userIds=${b.id}`, token: admin });
    expect(purged.body.success).toBe(true);
    expect(await t.ctx.db.selectFrom('sys_user').select('id').where('id', '=', b.id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('sys_user_role').select('user_id').where('user_id', '=', b.id).execute()).toEqual([]);
  });

  it('keeps tenants apart: another tenant’s user is not listed, read, edited, frozen or deleted', async () => {
    await t.ctx.db.insertInto('sys_tenant').values({ id: 2, name: '另一平台', status: 1 }).onConflict((oc) => oc.column('id').doNothing()).execute();
    await t.ctx.db.insertInto('sys_user').values({ id: 'u-t2', username: 'tenant2user', realname: '别家用户', password_hash: 'x', status: 1, del_flag: 0, user_type: 1, rel_tenant_ids: '2' }).execute();
    expect(await find('tenant2user')).toBeUndefined();
    const calls = [
      { method: 'GET', url: `${API}/queryById?id=u-t2` },
      { method: 'GET', url: `${API}/queryUserRole?userid=u-t2` },
      { method: 'PUT', url: `${API}/edit`, payload: { id: 'u-t2', username: 'tenant2user', realname: '改', userType: '1' } },
      { method: 'PUT', url: `${API}/frozenBatch`, payload: { ids: 'u-t2', status: '2' } },
      { method: 'PUT', url: `${API}/changePassword`, payload: { username: 'tenant2user', password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD } },
      { method: 'DELETE', url: `${API}/delete?id=u-t2` },
    ] as const;
    for (const call of calls) {
      const { body } = await t.call({ ...call, token: admin });
      expect(body, call.url).toMatchObject({ success: false, message: '未找到对应用户' });
    }
    const row = await t.ctx.db.selectFrom('sys_user').select(['realname', 'status', 'del_flag', 'password_hash']).where('id', '=', 'u-t2').executeTakeFirstOrThrow();
    expect(row).toEqual({ realname: '别家用户', status: 1, del_flag: 0, password_hash: 'x' });
  });
});
