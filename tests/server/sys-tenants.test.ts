import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WireRecord } from '../../src/contracts/index.ts';
import { BACKENDS, PASSWORD, startTestApp, type TestApp } from './helpers/test-app.ts';

const T = '/jeecg-boot/sys/tenant';

function isoDay(offsetDays: number): string {
  // Dates as the server's session time zone (Asia/Shanghai) counts them.
  const shanghai = new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000);
  return shanghai.toISOString().slice(0, 10);
}

describe.each(BACKENDS)('tenants on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  const get = <T>(url: string, token = admin, headers: Record<string, string> = {}) => t.call<T>({ method: 'GET', url, token, headers });
  const send = <T>(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.call<T>({ method, url, token, ...(payload ? { payload } : {}) });
  const tenant = (id: number) => t.ctx.db.selectFrom('sys_tenant').selectAll().where('id', '=', id).executeTakeFirst();
  const setTenantsOf = (username: string, ids: string) => t.ctx.db.updateTable('sys_user').set({ rel_tenant_ids: ids }).where('username', '=', username).execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a session and the tenant permissions', async () => {
    expect((await t.call({ method: 'GET', url: `${T}/list` })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: `${T}/getCurrentUserTenant` })).status).toBe(401);
    const ops = await t.login('ops');
    for (const [method, url, payload] of [
      ['GET', `${T}/list`, undefined],
      ['GET', `${T}/queryList`, undefined],
      ['POST', `${T}/add`, { name: '越权租户', status: '1' }],
      ['PUT', `${T}/edit`, { id: 1, name: '改名', status: '1' }],
      ['DELETE', `${T}/delete?id=1`, undefined],
    ] as const) {
      const { body } = await t.call({ method, url, token: ops, ...(payload ? { payload } : {}) });
      expect(body, url).toMatchObject({ success: false, code: 510 });
    }
    expect((await tenant(1))?.name).toBe('鑫源网络货运');
  });

  it('lists, adds (server id or a given one), edits and reads tenants', async () => {
    const list = (await get<Page<WireRecord>>(`${T}/list`)).body.result;
    expect(list.records[0]).toMatchObject({ id: 1, name: '鑫源网络货运', status: '1', status_dictText: '正常', beginDate: '2026-01-01', endDate: '2036-12-31' });

    const added = await send<{ id: number }>('POST', `${T}/add`, { name: '蒙西物流', beginDate: '2026-01-01', endDate: '2026-12-31', status: '1' });
    expect(added.body).toMatchObject({ success: true, message: '添加成功！', result: { id: 2 } });
    // JeecgBoot's client sends numbers for the id and the status.
    const given = await send<{ id: number }>('POST', `${T}/add`, { id: 50, name: '指定编号', status: 0 });
    expect(given.body.result.id).toBe(50);
    expect(await tenant(50)).toMatchObject({ name: '指定编号', status: 0, create_by: 'admin' });
    expect((await send<{ id: number }>('POST', `${T}/add`, { name: '下一个', status: '1' })).body.result.id).toBe(51);

    const edited = await send('PUT', `${T}/edit`, { id: 2, name: '蒙西物流集团', beginDate: '2026-01-01', endDate: '2027-06-30', status: '1' });
    expect(edited.body).toMatchObject({ success: true, message: '修改成功!' });
    expect((await get<WireRecord>(`${T}/queryById?id=2`)).body.result).toMatchObject({ id: 2, name: '蒙西物流集团', endDate: '2027-06-30', updateBy: 'admin' });
    expect((await get(`${T}/queryById?id=777`)).body).toMatchObject({ success: false, message: '未找到对应租户' });

    const some = (await get<WireRecord[]>(`${T}/queryList?ids=1,50`)).body.result;
    expect(some.map((r) => r.id)).toEqual([1, 50]);
    const frozen = (await get<Page<WireRecord>>(`${T}/list?status=0`)).body.result.records;
    expect(frozen.map((r) => r.name)).toEqual(['指定编号']);
  });

  it('refuses bad input with a field message and changes nothing', async () => {
    const count = async () => Number((await t.ctx.db.selectFrom('sys_tenant').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const cases: Array<[object, string, string]> = [
      [{ status: '1' }, 'name', '租户名称：请输入租户名称'],
      [{ name: '日期颠倒', beginDate: '2026-05-01', endDate: '2026-04-30', status: '1' }, 'endDate', '结束时间不能早于开始时间'],
      [{ name: '日期错误', beginDate: '2026-13-01', status: '1' }, 'beginDate', ''],
      [{ id: 1, name: '重复编号', status: '1' }, 'id', '租户编号1已存在'],
      [{ id: -3, name: '负编号', status: '1' }, 'id', '租户编号应为正整数'],
      [{ name: '状态错误', status: '5' }, 'status', ''],
    ];
    for (const [payload, field, message] of cases) {
      const { body } = await send<{ errors: Array<{ field: string; message: string }> }>('POST', `${T}/add`, payload);
      expect(body.success, JSON.stringify(payload)).toBe(false);
      expect(body.result.errors[0].field).toBe(field);
      if (message) expect(body.message).toBe(message);
    }
    expect(await count()).toBe(before);
    for (const payload of [{ status: '0' }, { status: '1', endDate: '2026-01-02', beginDate: '2026-01-01' }]) {
      const own = await send('PUT', `${T}/edit`, { id: 1, name: '自己的租户', ...payload });
      expect(own.body).toMatchObject({ success: false, message: '不能冻结当前所在的租户，请切换到其他租户后再操作' });
    }
    expect(await tenant(1)).toMatchObject({ name: '鑫源网络货运', status: 1, end_date: '2036-12-31' });
    const edit = await send('PUT', `${T}/edit`, { id: 1, name: '', status: '1' });
    expect(edit.body).toMatchObject({ success: false, message: '租户名称：请输入租户名称' });
    expect((await tenant(1))?.name).toBe('鑫源网络货运');
  });

  it('refuses to delete a tenant that still has users; deletes empty ones', async () => {
    const refused = await send('DELETE', `${T}/delete?id=1`);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toMatch(/^租户“鑫源网络货运”下还有\d+名用户，请先将用户移出该租户$/);
    expect(await tenant(1)).toBeDefined();
    const batchRefused = await send('DELETE', `${T}/deleteBatch?ids=51,1`);
    expect(batchRefused.body.success).toBe(false);
    expect(await tenant(51)).toBeDefined();

    const id = (await send<{ id: number }>('POST', `${T}/add`, { name: '待删租户', status: '1' })).body.result.id;
    await t.ctx.db.insertInto('sys_depart').values({ id: 'd-gone', parent_id: null, depart_name: '待删部门', org_code: 'A01', org_category: '1', depart_order: 1, tenant_id: id }).execute();
    expect((await send('DELETE', `${T}/delete?id=${id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await tenant(id)).toBeUndefined();
    expect(await t.ctx.db.selectFrom('sys_depart').select('id').where('id', '=', 'd-gone').executeTakeFirst()).toBeUndefined();
    expect((await send('POST', `${T}/deleteBatch`, { ids: '50,51' })).body.success).toBe(true);
    expect(await tenant(50)).toBeUndefined();
    expect((await send('DELETE', `${T}/delete?id=4242`)).body).toMatchObject({ success: false, message: '未找到对应租户' });
  });

  it('lists only the caller’s valid tenants, and refuses switching to a frozen or expired one', async () => {
    await t.ctx.db
      .insertInto('sys_tenant')
      .values([
        { id: 60, name: '冻结租户', status: 0 },
        { id: 61, name: '过期租户', status: 1, begin_date: '2020-01-01', end_date: isoDay(-1) },
        { id: 62, name: '未开始租户', status: 1, begin_date: isoDay(2), end_date: null },
        { id: 63, name: '今日到期租户', status: 1, begin_date: isoDay(0), end_date: isoDay(0) },
      ])
      .execute();
    await setTenantsOf('ops', '1,60,61,62,63');
    try {
      const ops = await t.login('ops');
      const mine = (await get<{ list: WireRecord[] }>(`${T}/getCurrentUserTenant`, ops)).body.result;
      expect(mine.list.map((r) => r.name)).toEqual(['鑫源网络货运', '今日到期租户']);
      expect((await get(`${T}/getCurrentUserTenant`, ops, { 'tenant-id': '63' })).status).toBe(200);
      for (const id of ['60', '61', '62']) {
        const { status, body } = await get(`${T}/getCurrentUserTenant`, ops, { 'tenant-id': id });
        expect(status, id).toBe(401);
        expect(body.message).toBe('该租户已被冻结或不在有效期内，请重新登录');
      }
      expect((await get(`${T}/getCurrentUserTenant`, ops, { 'tenant-id': '64' })).status).toBe(401);

      // Only blocked tenants left: login is refused and a live session stops working.
      await setTenantsOf('ops', '60,61');
      expect((await get(`${T}/getCurrentUserTenant`, ops)).status).toBe(401);
      const login = await t.call({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: 'ops', password: PASSWORD } });
      expect(login.body).toMatchObject({ success: false, message: '与该用户关联的租户均已被冻结，无法登录！' });
      // Unfreezing (editing the tenant) lets the user back in.
      await send('PUT', `${T}/edit`, { id: 60, name: '冻结租户', status: '1' });
      expect((await get(`${T}/getCurrentUserTenant`, ops)).status).toBe(200);
    } finally {
      await setTenantsOf('ops', '1');
    }
  });
});
