import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const API = '/jeecg-boot/sys/role';

interface Role {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createBy: string | null;
  updateBy: string | null;
}

describe.each(BACKENDS)('role administration (/sys/role) on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ops: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
    ops = await t.login('ops');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function roleByCode(code: string): Promise<Role | undefined> {
    const { body } = await t.call<Page<Role>>({ method: 'GET', url: `${API}/list?roleCode=${code}`, token: admin });
    return body.result.records[0];
  }

  async function roleCount(): Promise<number> {
    const rows = await t.ctx.db.selectFrom('sys_role').select('id').execute();
    return rows.length;
  }

  it('lists the seeded roles with paging and filters by name and code', async () => {
    const { body } = await t.call<Page<Role>>({ method: 'GET', url: `${API}/list?pageNo=1&pageSize=10`, token: admin });
    expect(body.success).toBe(true);
    expect(body.result.records.map((r) => r.roleCode)).toEqual(expect.arrayContaining(['admin', 'ops', 'shipper', 'shipperadmin']));
    const byName = await t.call<Page<Role>>({ method: 'GET', url: `${API}/list?roleName=${encodeURIComponent('*货主*')}`, token: admin });
    expect(byName.body.result.records.map((r) => r.roleCode).sort()).toEqual(['shipper', 'shipperadmin']);
    const byCode = await t.call<Page<Role>>({ method: 'GET', url: `${API}/list?roleCode=ops`, token: admin });
    expect(byCode.body.result).toMatchObject({ total: 1, records: [{ roleCode: 'ops', roleName: '运营人员' }] });
    const sorted = await t.call<Page<Role>>({ method: 'GET', url: `${API}/list?column=roleCode&order=asc&pageSize=2`, token: admin });
    expect(sorted.body.result.records.map((r) => r.roleCode)).toEqual(['admin', 'ops']);
  });

  it('refuses callers without the permission, and anonymous ones', async () => {
    for (const [method, url] of [
      ['GET', `${API}/list`], ['GET', `${API}/queryall`], ['POST', `${API}/add`], ['PUT', `${API}/edit`],
      ['DELETE', `${API}/delete?id=x`], ['DELETE', `${API}/deleteBatch?ids=x`], ['GET', `${API}/checkRoleCode?roleCode=x`],
    ] as const) {
      const refused = await t.call({ method, url, token: ops, payload: method === 'GET' || method === 'DELETE' ? undefined : { roleName: '新', roleCode: 'x_new' } });
      expect(refused.body).toMatchObject({ success: false, code: 510 });
      expect((await t.call({ method, url })).status).toBe(401);
    }
    expect(await roleByCode('x_new')).toBeUndefined();
  });

  it('adds, reads, edits (PUT and POST) and deletes a role', async () => {
    const added = await t.call({ method: 'POST', url: `${API}/add`, token: admin, payload: { roleName: '调度员', roleCode: 'dispatcher', description: '派车' } });
    expect(added.body).toMatchObject({ success: true, message: '添加成功！' });
    const role = (await roleByCode('dispatcher'))!;
    expect(role).toMatchObject({ roleName: '调度员', description: '派车', createBy: 'admin' });

    const byId = await t.call<Role>({ method: 'GET', url: `${API}/queryById?id=${role.id}`, token: admin });
    expect(byId.body.result).toMatchObject({ id: role.id, roleCode: 'dispatcher' });
    const all = await t.call<Role[]>({ method: 'GET', url: `${API}/queryall`, token: admin });
    expect(all.body.result.map((r) => r.roleCode)).toContain('dispatcher');

    const put = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: role.id, roleName: '调度主管', roleCode: 'dispatcher', description: '' } });
    expect(put.body).toMatchObject({ success: true, message: '修改成功!' });
    expect(await roleByCode('dispatcher')).toMatchObject({ roleName: '调度主管', description: null, updateBy: 'admin' });
    const post = await t.call({ method: 'POST', url: `${API}/edit`, token: admin, payload: { id: role.id, roleName: '调度', roleCode: 'dispatch2' } });
    expect(post.body.success).toBe(true);
    expect(await roleByCode('dispatch2')).toMatchObject({ roleName: '调度' });

    const removed = await t.call({ method: 'DELETE', url: `${API}/delete?id=${role.id}`, token: admin });
    expect(removed.body.success).toBe(true);
    expect(await roleByCode('dispatch2')).toBeUndefined();
  });

  it('checkRoleCode: a taken code is refused, the role’s own code and a free one are fine', async () => {
    const ops = (await roleByCode('ops'))!;
    const taken = await t.call({ method: 'GET', url: `${API}/checkRoleCode?roleCode=ops`, token: admin });
    expect(taken.body).toMatchObject({ success: false, message: '角色编码已存在' });
    const own = await t.call({ method: 'GET', url: `${API}/checkRoleCode?roleCode=ops&id=${ops.id}`, token: admin });
    expect(own.body).toMatchObject({ success: true, result: true });
    const free = await t.call({ method: 'GET', url: `${API}/checkRoleCode?roleCode=nobody_has_this`, token: admin });
    expect(free.body.success).toBe(true);
  });

  it('refuses bad input with the field and a sentence, and changes nothing', async () => {
    const before = await roleCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ roleName: '重复', roleCode: 'ops' }, 'roleCode', '角色编码已存在'],
      [{ roleCode: 'nameless' }, 'roleName', '角色名称'],
      [{ roleName: '坏编码', roleCode: "x' or 1=1" }, 'roleCode', '角色编码以字母开头'],
      [{ roleName: 'x'.repeat(201), roleCode: 'too_long_name' }, 'roleName', '角色名称'],
    ];
    for (const [payload, field, message] of cases) {
      const { status, body } = await t.call<{ errors: Array<{ field: string }> }>({ method: 'POST', url: `${API}/add`, token: admin, payload });
      expect(status).toBe(200);
      expect(body.success).toBe(false);
      expect(body.message).toContain(message);
      expect(body.result.errors.map((e) => e.field)).toContain(field);
    }
    const opsRole = (await roleByCode('ops'))!;
    const dup = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: opsRole.id, roleName: '运营', roleCode: 'shipper' } });
    expect(dup.body).toMatchObject({ success: false, message: '角色编码已存在' });
    expect(await roleByCode('ops')).toMatchObject({ roleName: '运营人员' });
    expect(await roleCount()).toBe(before);
  });

  it('protects the admin role: no delete, no code change', async () => {
    const adminRole = (await roleByCode('admin'))!;
    const del = await t.call({ method: 'DELETE', url: `${API}/deleteBatch?ids=${adminRole.id}`, token: admin });
    expect(del.body).toMatchObject({ success: false, message: '系统管理员角色不能删除' });
    const rename = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: adminRole.id, roleName: '管理员', roleCode: 'superuser' } });
    expect(rename.body).toMatchObject({ success: false, message: '系统管理员角色的编码不能修改' });
    expect(await roleByCode('admin')).toMatchObject({ roleName: '系统管理员' });
  });

  it('deleteBatch removes the roles with their grants and memberships in one go', async () => {
    for (const code of ['tmp_a', 'tmp_b']) {
      await t.call({ method: 'POST', url: `${API}/add`, token: admin, payload: { roleName: code, roleCode: code } });
    }
    const a = (await roleByCode('tmp_a'))!;
    const b = (await roleByCode('tmp_b'))!;
    const opsUser = await t.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'ops').executeTakeFirstOrThrow();
    const perm = await t.ctx.db.selectFrom('sys_permission').select('id').limit(1).executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('sys_user_role').values({ user_id: opsUser.id, role_id: a.id }).execute();
    await t.ctx.db.insertInto('sys_role_permission').values({ role_id: b.id, permission_id: perm.id }).execute();

    const unknown = await t.call({ method: 'DELETE', url: `${API}/deleteBatch?ids=${a.id},no-such-role`, token: admin });
    expect(unknown.body).toMatchObject({ success: false, message: '未找到对应角色' });
    expect(await roleByCode('tmp_a')).toBeDefined();

    const { body } = await t.call({ method: 'DELETE', url: `${API}/deleteBatch?ids=${a.id},${b.id}`, token: admin });
    expect(body.success).toBe(true);
    expect(await roleByCode('tmp_a')).toBeUndefined();
    expect(await roleByCode('tmp_b')).toBeUndefined();
    expect(await t.ctx.db.selectFrom('sys_user_role').select('user_id').where('role_id', 'in', [a.id, b.id]).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('sys_role_permission').select('role_id').where('role_id', 'in', [a.id, b.id]).execute()).toEqual([]);
  });

  it('keeps tenants apart: another tenant’s role is neither listed, read, edited nor deleted', async () => {
    await t.ctx.db.insertInto('sys_tenant').values({ id: 2, name: '另一平台', status: 1 }).onConflict((oc) => oc.column('id').doNothing()).execute();
    await t.ctx.db.insertInto('sys_role').values({ id: 'role-t2', role_code: 'other_tenant_role', role_name: '别家角色', description: null, tenant_id: 2 }).execute();
    const list = await t.call<Page<Role>>({ method: 'GET', url: `${API}/list?pageSize=100`, token: admin });
    expect(list.body.result.records.map((r) => r.id)).not.toContain('role-t2');
    const all = await t.call<Role[]>({ method: 'GET', url: `${API}/queryall`, token: admin });
    expect(all.body.result.map((r) => r.id)).not.toContain('role-t2');
    expect((await t.call({ method: 'GET', url: `${API}/queryById?id=role-t2`, token: admin })).body).toMatchObject({ success: false, message: '未找到对应角色' });
    const edit = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: 'role-t2', roleName: '改', roleCode: 'other_tenant_role' } });
    expect(edit.body.success).toBe(false);
    const del = await t.call({ method: 'DELETE', url: `${API}/delete?id=role-t2`, token: admin });
    expect(del.body.success).toBe(false);
    const row = await t.ctx.db.selectFrom('sys_role').select('role_name').where('id', '=', 'role-t2').executeTakeFirstOrThrow();
    expect(row.role_name).toBe('别家角色');
  });

  it('offers the tenant’s roles as the table dictionary sys_role_dict', async () => {
    const { body } = await t.call<Array<{ value: string; text: string }>>({ method: 'GET', url: '/jeecg-boot/sys/dict/getDictItems/sys_role_dict', token: admin });
    expect(body.success).toBe(true);
    expect(body.result.map((i) => i.text)).toEqual(expect.arrayContaining(['系统管理员', '运营人员']));
    expect(body.result.map((i) => i.value)).not.toContain('role-t2');
  });
});
