import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepartTreeNode, Page, WireRecord } from '../../src/contracts/index.ts';
import { CONFIRM_REQUIRED_CODE } from '../../src/contracts/confirm.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const D = '/jeecg-boot/sys/sysDepart';

describe.each(BACKENDS)('department administration on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ops: string;

  const get = <T>(url: string, token = admin, headers: Record<string, string> = {}) => t.call<T>({ method: 'GET', url, token, headers });
  const send = <T>(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.call<T>({ method, url, token, ...(payload ? { payload } : {}) });
  const row = (id: string) => t.ctx.db.selectFrom('sys_depart').selectAll().where('id', '=', id).executeTakeFirst();
  const names = (records: WireRecord[]) => records.map((r) => r.departName);

  beforeAll(async () => {
    t = await startTestApp(kind);
    // A second tenant with its own department tree, which tenant 1 must never see or touch.
    await t.ctx.db.insertInto('sys_tenant').values({ id: 2, name: '别家平台', status: 1 }).execute();
    await t.ctx.db
      .insertInto('sys_depart')
      .values({ id: 'd-other', parent_id: null, depart_name: '别家总部', org_code: 'A01', org_category: '1', depart_order: 1, tenant_id: 2 })
      .execute();
    await t.ctx.db
      .insertInto('sys_user')
      .values({ id: 'u-other', username: 'otheruser', realname: '别家用户', password_hash: 'x', status: 1, del_flag: 0, user_type: 1, rel_tenant_ids: '2' })
      .execute();
    admin = await t.login('admin');
    ops = await t.login('ops');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a session and the department permissions', async () => {
    expect((await t.call({ method: 'GET', url: `${D}/list` })).status).toBe(401);
    const refused: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', object | undefined]> = [
      [`${D}/list`, 'GET', undefined],
      [`${D}/queryIdTree`, 'GET', undefined],
      [`${D}/add`, 'POST', { departName: '越权部门', orgCategory: '2' }],
      [`${D}/edit`, 'PUT', { id: 'd-ops', departName: '改名', orgCategory: '2' }],
      [`${D}/delete?id=d-finance&confirm=true`, 'DELETE', undefined],
      [`${D}/saveDepartPermission`, 'POST', { departId: 'd-ops', permissionIds: '' }],
      [`${D}/editSysDepartWithUser`, 'POST', { depId: 'd-finance', userIdList: 'x' }],
    ];
    for (const [url, method, payload] of refused) {
      const { body } = await t.call({ method, url, token: ops, ...(payload ? { payload } : {}) });
      expect(body, url).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    }
    expect((await row('d-finance'))?.depart_name).toBe('财务部');
    expect((await row('d-ops'))?.depart_name).toBe('运营部');
  });

  it('lists the roots of the session’s tenant, their children on demand, and searches every level', async () => {
    const roots = (await get<Page<WireRecord>>(`${D}/list`)).body.result;
    expect(names(roots.records)).toEqual(['平台运营中心', '货主客户']);
    expect(roots.records.map((r) => [r.orgCode, r.hasChild, r.parentId])).toEqual([['A01', '1', ''], ['A02', '0', '']]);
    expect(roots.records[0].orgCategory_dictText).toBe('公司');
    const children = (await get<Page<WireRecord>>(`${D}/childList?pid=d-platform`)).body.result.records;
    expect(names(children)).toEqual(['运营部', '财务部']);
    const found = (await get<Page<WireRecord>>(`${D}/list?departName=*${encodeURIComponent('财务')}*`)).body.result.records;
    expect(names(found)).toEqual(['财务部']);
    // Another tenant's department is neither listed, nor readable, nor a child source.
    expect((await get<Page<WireRecord>>(`${D}/childList?pid=d-other`)).body.result.records).toEqual([]);
    expect((await get(`${D}/queryById?id=d-other`)).body).toMatchObject({ success: false, message: '未找到对应部门' });
    expect((await get<WireRecord>(`${D}/queryById?id=d-ops`)).body.result).toMatchObject({ departName: '运营部', orgCode: 'A01A01', parentId: 'd-platform' });
  });

  it('adds departments with server-made hierarchical codes, and refuses bad input with a field message', async () => {
    const root = await send<{ id: string; orgCode: string }>('POST', `${D}/add`, { departName: '华北分公司', orgCategory: '1', orgCode: 'ZZZ' });
    expect(root.body).toMatchObject({ success: true, message: '添加成功！', result: { orgCode: 'A03' } });
    const child = await send<{ id: string; orgCode: string }>('POST', `${D}/add`, { departName: '调度部', orgCategory: '2', parentId: root.body.result.id, mobile: '0477-8888888' });
    expect(child.body.result.orgCode).toBe('A03A01');
    const second = await send<{ id: string; orgCode: string }>('POST', `${D}/add`, { departName: '结算部', orgCategory: '2', parentId: 'd-platform' });
    expect(second.body.result.orgCode).toBe('A01A03');
    const grandchild = await send<{ orgCode: string }>('POST', `${D}/add`, { departName: '调度一组', orgCategory: '3', parentId: child.body.result.id });
    expect(grandchild.body.result.orgCode).toBe('A03A01A01');
    expect((await row(child.body.result.id))).toMatchObject({ tenant_id: 1, create_by: 'admin', mobile: '0477-8888888' });

    const before = await t.ctx.db.selectFrom('sys_depart').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const bad: Array<[object, string, string]> = [
      [{ orgCategory: '2' }, 'departName', '机构名称：请输入机构名称'],
      [{ departName: 'x'.repeat(101), orgCategory: '2' }, 'departName', '机构名称：机构名称不能超过100个字符'],
      [{ departName: '别家下级', orgCategory: '2', parentId: 'd-other' }, 'parentId', '上级部门不存在，请重新选择'],
      [{ departName: '电话错', orgCategory: '2', mobile: 'abc' }, 'mobile', '电话：电话只能包含数字、空格、+ 和 -'],
    ];
    for (const [payload, field, message] of bad) {
      const { body } = await send<{ errors: Array<{ field: string; message: string }> }>('POST', `${D}/add`, payload);
      expect(body.success, JSON.stringify(payload)).toBe(false);
      expect(body.message).toBe(message);
      expect(body.result.errors[0]).toEqual({ field, message });
    }
    const after = await t.ctx.db.selectFrom('sys_depart').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  // Issue 24 point 3: the stock JeecgBoot department form sends its numbers as strings, as Jackson accepts.
  it('saves numbers sent as strings, and still refuses text that is no number with the field message', async () => {
    const added = await send<{ id: string }>('POST', `${D}/add`, { departName: '字符串排序', orgCategory: '2', parentId: 'd-platform', departOrder: '2', delFlag: '0' });
    expect(added.body).toMatchObject({ success: true, message: '添加成功！' });
    expect(await row(added.body.result.id)).toMatchObject({ depart_order: 2, del_flag: 0 });
    const edited = await send('PUT', `${D}/edit`, { id: added.body.result.id, departName: '字符串排序', orgCategory: '2', parentId: 'd-platform', departOrder: ' 3 ', delFlag: '0' });
    expect(edited.body).toMatchObject({ success: true });
    expect((await row(added.body.result.id))?.depart_order).toBe(3);
    const bad = await send<{ errors: Array<{ field: string; message: string }> }>('PUT', `${D}/edit`, { id: added.body.result.id, departName: '字符串排序', orgCategory: '2', departOrder: 'abc' });
    expect(bad.body).toMatchObject({ success: false, message: '排序：排序的类型不正确' });
    expect((await row(added.body.result.id))?.depart_order).toBe(3);
    // The later tests count the tree's departments.
    expect((await send('DELETE', `${D}/delete?id=${added.body.result.id}&confirm=true`)).body).toMatchObject({ success: true });
  });

  it('edits, refuses a move under its own subtree, and re-codes a moved subtree', async () => {
    const a = (await send<{ id: string }>('POST', `${D}/add`, { departName: '西北分公司', orgCategory: '1' })).body.result.id;
    const b = (await send<{ id: string }>('POST', `${D}/add`, { departName: '西北调度', orgCategory: '2', parentId: a })).body.result.id;
    const c = (await send<{ id: string }>('POST', `${D}/add`, { departName: '西北调度一组', orgCategory: '3', parentId: b })).body.result.id;
    const renamed = await send('PUT', `${D}/edit`, { id: b, departName: '西北调度中心', orgCategory: '2', parentId: a });
    expect(renamed.body).toMatchObject({ success: true, message: '修改成功!' });
    expect(await row(b)).toMatchObject({ depart_name: '西北调度中心', update_by: 'admin' });

    for (const parentId of [a, c]) {
      const { body } = await send('PUT', `${D}/edit`, { id: a, departName: '西北分公司', orgCategory: '1', parentId });
      expect(body).toMatchObject({ success: false, message: '上级部门不能是本部门或其下级部门' });
    }
    expect((await row(a))?.parent_id).toBeNull();

    // Moving b (with c) under 货主客户 (A02, no children yet): the subtree takes codes under A02.
    const moved = await send('POST', `${D}/edit`, { id: b, departName: '西北调度中心', orgCategory: '2', parentId: 'd-customers' });
    expect(moved.body.success).toBe(true);
    expect(await row(b)).toMatchObject({ parent_id: 'd-customers', org_code: 'A02A01' });
    expect((await row(c))?.org_code).toBe('A02A01A01');
    const customers = (await get<Page<WireRecord>>(`${D}/list`)).body.result.records.find((r) => r.id === 'd-customers');
    expect(customers?.hasChild).toBe('1');

    const foreign = await send('PUT', `${D}/edit`, { id: 'd-other', departName: '改别家', orgCategory: '1' });
    expect(foreign.body).toMatchObject({ success: false, message: '未找到对应部门' });
    expect((await row('d-other'))?.depart_name).toBe('别家总部');
  });

  it('answers the tree models: queryTreeList, queryIdTree, searchBy and the caller’s own departments', async () => {
    await send('PUT', `${D}/edit`, { id: 'd-finance', departName: '财务部', orgCategory: '2', parentId: 'd-platform', departOrder: 2, address: '康巴什区' });
    const tree = (await get<DepartTreeNode[]>(`${D}/queryTreeList`)).body.result;
    const platform = tree.find((n) => n.id === 'd-platform')!;
    expect(platform).toMatchObject({ key: 'd-platform', value: 'd-platform', title: '平台运营中心', isLeaf: false, orgCode: 'A01' });
    const finance = platform.children!.find((n) => n.id === 'd-finance')!;
    expect(finance).toMatchObject({ address: '康巴什区', isLeaf: true, children: null, parentId: 'd-platform', updateBy: 'admin' });
    expect(tree.some((n) => n.id === 'd-other')).toBe(false);
    expect((await get<DepartTreeNode[]>(`${D}/queryTreeList?ids=d-ops`)).body.result.map((n) => n.id)).toEqual(['d-ops']);

    const idTree = (await get<Array<{ key: string; title: string; children?: unknown[] }>>(`${D}/queryIdTree`)).body.result;
    expect(idTree.find((n) => n.key === 'd-platform')).toMatchObject({ value: 'd-platform', title: '平台运营中心', isLeaf: false });
    expect(Object.keys(idTree[0]).sort()).toEqual(expect.arrayContaining(['key', 'title', 'value']));

    const search = (await get<DepartTreeNode[]>(`${D}/searchBy?keyWord=${encodeURIComponent('运营')}`)).body.result;
    expect(search.map((n) => n.departName).sort()).toEqual(['平台运营中心', '运营部']);
    expect(search.every((n) => n.children === null)).toBe(true);

    const level = (await get<DepartTreeNode[]>(`${D}/queryDepartTreeSync`, ops)).body.result;
    expect(level.every((n) => n.parentId === null)).toBe(true);
    expect(level.find((n) => n.key === 'd-platform')).toMatchObject({ title: '平台运营中心', isLeaf: false, children: null });
    expect(level.some((n) => n.key === 'd-ops')).toBe(false);
    const below = (await get<DepartTreeNode[]>(`${D}/queryDepartTreeSync?pid=d-platform&primaryKey=orgCode`, ops)).body.result;
    expect(below.map((n) => [n.key, n.value, n.departName])).toEqual([['A01A03', 'A01A03', '结算部'], ['A01A01', 'A01A01', '运营部'], ['A01A02', 'A01A02', '财务部']]);
    expect((await get<DepartTreeNode[]>(`${D}/queryDepartTreeSync?pid=d-other`, ops)).body.result).toEqual([]);

    const mine = (await get<DepartTreeNode[]>(`${D}/queryMyDeptTreeList`, ops)).body.result;
    expect(mine.map((n) => n.departName)).toEqual(['运营部']);
  });

  it('refuses to delete a department with sub-departments or users until confirmed, then removes the subtree', async () => {
    const top = (await send<{ id: string }>('POST', `${D}/add`, { departName: '待撤销分部', orgCategory: '1' })).body.result.id;
    const sub = (await send<{ id: string }>('POST', `${D}/add`, { departName: '待撤销小组', orgCategory: '2', parentId: top })).body.result.id;
    const shipper = await t.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'shipper').executeTakeFirstOrThrow();
    expect((await send('POST', `${D}/editSysDepartWithUser`, { depId: sub, userIdList: shipper.id })).body.success).toBe(true);

    const refused = await send('DELETE', `${D}/delete?id=${top}`);
    expect(refused.body).toMatchObject({ success: false, code: CONFIRM_REQUIRED_CODE });
    expect(refused.body.message).toBe('部门“待撤销分部”下还有1个下级部门和1名用户，删除后下级部门一并删除、用户移出这些部门。确定删除吗？');
    const usersOnly = await send('DELETE', `${D}/deleteBatch?ids=${sub}`);
    expect(usersOnly.body).toMatchObject({ success: false, code: CONFIRM_REQUIRED_CODE });
    expect(usersOnly.body.message).toContain('1名用户');
    expect(await row(top)).toBeDefined();
    expect(await row(sub)).toBeDefined();

    const done = await send('DELETE', `${D}/delete?id=${top}&confirm=true`);
    expect(done.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await row(top)).toBeUndefined();
    expect(await row(sub)).toBeUndefined();
    const user = await t.ctx.db.selectFrom('sys_user').select(['depart_ids', 'org_code']).where('id', '=', shipper.id).executeTakeFirstOrThrow();
    expect(user).toEqual({ depart_ids: 'd-customers', org_code: 'A02' });

    // A leaf without users goes at once; another tenant's id is not found and stays.
    const leaf = (await send<{ id: string }>('POST', `${D}/add`, { departName: '空部门', orgCategory: '2' })).body.result.id;
    expect((await send('DELETE', `${D}/deleteBatch?ids=${leaf}`)).body.success).toBe(true);
    const foreign = await send('DELETE', `${D}/delete?id=d-other&confirm=true`);
    expect(foreign.body).toMatchObject({ success: false, message: '未找到对应部门' });
    expect(await row('d-other')).toBeDefined();
  });

  it('stores which permissions a department may grant', async () => {
    const perm = await t.ctx.db.selectFrom('sys_permission').select('id').where('perms', '=', 'system:depart:list').executeTakeFirstOrThrow();
    const saved = await send('POST', `${D}/saveDepartPermission`, { departId: 'd-ops', permissionIds: perm.id, lastpermissionIds: '' });
    expect(saved.body).toMatchObject({ success: true, message: '保存成功！' });
    expect((await get<string[]>(`${D}/queryDepartPermission?departId=d-ops`)).body.result).toEqual([perm.id]);
    const bad = await send('POST', `${D}/saveDepartPermission`, { departId: 'd-ops', permissionIds: `${perm.id},no-such-menu` });
    expect(bad.body).toMatchObject({ success: false, message: '所选权限不存在，请刷新后重试' });
    expect((await get<string[]>(`${D}/queryDepartPermission?departId=d-ops`)).body.result).toEqual([perm.id]);
    const foreign = await send('POST', `${D}/saveDepartPermission`, { departId: 'd-other', permissionIds: perm.id });
    expect(foreign.body).toMatchObject({ success: false, message: '部门不存在，请重新选择' });
    expect((await send('POST', `${D}/saveDepartPermission`, { departId: 'd-ops', permissionIds: '' })).body.success).toBe(true);
    expect((await get<string[]>(`${D}/queryDepartPermission?departId=d-ops`)).body.result).toEqual([]);
  });

  it('adds and removes users of a department, only users of the tenant', async () => {
    const opsUser = await t.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'ops').executeTakeFirstOrThrow();
    const members = (await get<Array<Record<string, unknown>>>(`${D}/getUsersByDepartId?id=d-ops`)).body.result;
    expect(members.map((u) => u.username)).toEqual(['ops']);
    expect(Object.keys(members[0]).sort()).toEqual(['avatar', 'id', 'orgCode', 'realname', 'status', 'username']);

    const foreign = await send('POST', `${D}/editSysDepartWithUser`, { depId: 'd-finance', userIdList: `${opsUser.id},u-other` });
    expect(foreign.body).toMatchObject({ success: false, message: '所选用户不存在或不属于当前租户' });
    expect((await send('POST', `${D}/editSysDepartWithUser`, { depId: 'd-finance', userIdList: [opsUser.id] })).body.success).toBe(true);
    expect((await get<Array<{ username: string }>>(`${D}/getUsersByDepartId?id=d-finance`)).body.result.map((u) => u.username)).toEqual(['ops']);
    let stored = await t.ctx.db.selectFrom('sys_user').select(['depart_ids', 'org_code']).where('id', '=', opsUser.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ depart_ids: 'd-finance,d-ops', org_code: 'A01A01' });

    expect((await send('DELETE', `${D}/deleteUserInDepart?depId=d-finance&userId=${opsUser.id}`)).body).toMatchObject({ success: true });
    expect((await send('DELETE', `${D}/deleteUserInDepart?depId=d-finance&userId=${opsUser.id}`)).body).toMatchObject({ success: false, message: '该用户不在此部门' });
    stored = await t.ctx.db.selectFrom('sys_user').select(['depart_ids', 'org_code']).where('id', '=', opsUser.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ depart_ids: 'd-ops', org_code: 'A01A01' });
    expect((await get(`${D}/getUsersByDepartId?id=d-other`)).body).toMatchObject({ success: false, message: '部门不存在，请重新选择' });
  });

  it('acts in the tenant the header picks among the user’s own, and refuses a forged one with 401', async () => {
    await t.ctx.db.updateTable('sys_user').set({ rel_tenant_ids: '1,2' }).where('username', '=', 'admin').execute();
    try {
      const inTwo = (await get<Page<WireRecord>>(`${D}/list`, admin, { 'tenant-id': '2' })).body.result;
      expect(names(inTwo.records)).toEqual(['别家总部']);
      const added = await t.call<{ orgCode: string }>({ method: 'POST', url: `${D}/add`, token: admin, headers: { 'tenant-id': '2' }, payload: { departName: '别家二部', orgCategory: '2' } });
      expect(added.body.result.orgCode).toBe('A02');
      const forged = await get(`${D}/list`, admin, { 'tenant-id': '999' });
      expect(forged.status).toBe(401);
      expect(forged.body.message).toBe('用户租户信息变更,请重新登陆!');
      // ops belongs to tenant 1 only.
      expect((await get(`${D}/queryMyDeptTreeList`, ops, { 'tenant-id': '2' })).status).toBe(401);
    } finally {
      await t.ctx.db.updateTable('sys_user').set({ rel_tenant_ids: '1' }).where('username', '=', 'admin').execute();
    }
  });
});
