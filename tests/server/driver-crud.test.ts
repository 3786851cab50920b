import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { idCardCheckChar } from '../../src/contracts/validation/formats.ts';

const API = '/jeecg-boot/hydriver/hyDriver';

function idCard(first17: string): string {
  return first17 + idCardCheckChar(first17);
}

const goodDriver = {
  driverName: '测试司机',
  idCard: idCard('15060219850312771'),
  telephone: '13912345678',
  vehicleClass: 'A2',
  ownerType: '1',
  reviewStatus: '1',
};

describe.each(BACKENDS)('drivers through the generic entity engine on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let shipper: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    shipper = await t.login('shipperadmin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from hy_driver`.execute(t.ctx.db)).rows[0].n;

  const list = (query: string, token = ops) =>
    t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?${query}`, token });

  it('pages seeded drivers with dictionary texts and masked ID numbers', async () => {
    const { body } = await list('pageNo=2&pageSize=10');
    expect(body.success).toBe(true);
    expect(body.result).toMatchObject({ total: 40, size: 10, current: 2, pages: 4 });
    expect(body.result.records).toHaveLength(10);
    const row = body.result.records[0];
    expect(row.reviewStatus_dictText).toMatch(/^(未提交|待审核|审核通过|审核驳回)$/);
    expect(row.idCard).toMatch(/^\d{3}\*{11}[\dX]{4}$/);
    expect(typeof row.createTime).toBe('string');
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('sorts by an allowed column and refuses any other', async () => {
    const asc = await list('pageSize=40&column=creditScore&order=asc');
    const scores = asc.body.result.records.map((r) => r.creditScore as number);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    for (const column of ['idCard', 'password', 'id;drop table hy_driver', '(select 1)']) {
      const { body } = await list(`column=${encodeURIComponent(column)}&order=asc`);
      expect(body).toMatchObject({ success: false });
      expect(body.message).toContain('请注意，将要排序的列字段不存在');
    }
    expect(await count()).toBe(40);
  });

  it('filters with JeecgBoot value syntax and ranges', async () => {
    const all = (await list('pageSize=100')).body.result.records;
    const someone = all[0];
    const surname = String(someone.driverName).slice(0, 1);
    const like = await list(`driverName=${encodeURIComponent(`*${surname}*`)}&pageSize=100`);
    expect(like.body.result.total).toBe(all.filter((r) => String(r.driverName).includes(surname)).length);
    const eq = await list(`reviewStatus=2&pageSize=100`);
    expect(eq.body.result.records.every((r) => r.reviewStatus === '2')).toBe(true);
    const inList = await list(`vehicleClass=${encodeURIComponent('A2,B2')}&pageSize=100`);
    expect(inList.body.result.total).toBe(all.filter((r) => ['A2', 'B2'].includes(String(r.vehicleClass))).length);
    const not = await list(`reviewStatus=${encodeURIComponent('!2')}&pageSize=100`);
    expect(not.body.result.total).toBe(all.filter((r) => r.reviewStatus !== '2').length);
    const gt = await list(`creditScore=${encodeURIComponent('>= 90')}&pageSize=100`);
    expect(gt.body.result.total).toBe(all.filter((r) => (r.creditScore as number) >= 90).length);
    const today = new Date().toISOString().slice(0, 10);
    const range = await list(`createTime_begin=2000-01-01&createTime_end=2999-12-31&pageSize=1`);
    expect(range.body.result.total).toBe(40);
    expect(today).toMatch(/^\d{4}/);
    const superQuery = encodeURIComponent(JSON.stringify([{ field: 'creditScore', rule: 'ge', val: '90' }, { field: 'reviewStatus', rule: 'eq', val: '2' }]));
    const sq = await list(`superQueryParams=${superQuery}&superQueryMatchType=and&pageSize=100`);
    expect(sq.body.result.total).toBe(all.filter((r) => (r.creditScore as number) >= 90 && r.reviewStatus === '2').length);
  });

  it('treats SQL fragments in filters as literal values', async () => {
    for (const value of ["' or '1'='1", '*%*', "x'; drop table hy_driver; --", '*_*']) {
      const { body } = await list(`driverName=${encodeURIComponent(value)}`);
      expect(body.success).toBe(true);
      expect(body.result.total).toBe(0);
    }
    const badField = await list(`superQueryParams=${encodeURIComponent(JSON.stringify([{ field: '1=1) or (1', rule: 'eq', val: '1' }]))}`);
    expect(badField.body.success).toBe(false);
    const badNumber = await list(`creditScore=${encodeURIComponent('> 1 or 1=1')}`);
    expect(badNumber.body).toMatchObject({ success: false, message: '信用分的查询条件应为数字' });
    expect(await count()).toBe(40);
  });

  it('adds, reads, edits and deletes a driver', async () => {
    const added = await t.call<{ id: string }>({ method: 'POST', url: `${API}/add`, token: ops, payload: goodDriver });
    expect(added.body).toMatchObject({ success: true, message: '添加成功！' });
    const id = added.body.result.id;

    const found = await list(`driverName=${encodeURIComponent('测试司机')}`);
    expect(found.body.result.records).toHaveLength(1);
    expect(found.body.result.records[0]).toMatchObject({ id, vehicleClass: 'A2', ownerType_dictText: '个体司机', creditScore: 100 });

    const byId = await t.call<WireRecord>({ method: 'GET', url: `${API}/queryById?id=${id}`, token: ops });
    expect(byId.body.result.idCard).toBe(goodDriver.idCard);
    // A shipper reads only the drivers of its own waybills (and those masked): this one is on none.
    const foreign = await t.call<WireRecord>({ method: 'GET', url: `${API}/queryById?id=${id}`, token: shipper });
    expect(foreign.body).toMatchObject({ success: false, message: '未找到对应数据' });

    const edited = await t.call({ method: 'PUT', url: `${API}/edit`, token: ops, payload: { id, driverName: '改名司机', remark: '' } });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    const after = await t.call<WireRecord>({ method: 'GET', url: `${API}/queryById?id=${id}`, token: ops });
    expect(after.body.result).toMatchObject({ driverName: '改名司机', telephone: goodDriver.telephone, updateBy: 'ops' });

    const deleted = await t.call({ method: 'DELETE', url: `${API}/delete?id=${id}`, token: ops });
    expect(deleted.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await count()).toBe(40);
    const again = await t.call({ method: 'DELETE', url: `${API}/delete?id=${id}`, token: ops });
    expect(again.body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('refuses invalid fields with a message naming the field, writing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...goodDriver, telephone: '1234' }, 'telephone', '手机号：请输入正确的11位手机号码'],
      [{ ...goodDriver, idCard: goodDriver.idCard.slice(0, 17) + (goodDriver.idCard.endsWith('1') ? '2' : '1') }, 'idCard', '身份证号：请输入正确的18位身份证号（校验位不符）'],
      [{ ...goodDriver, driverName: '' }, 'driverName', '姓名：请输入姓名'],
      [{ ...goodDriver, vehicleClass: 'Z9' }, 'vehicleClass', '准驾车型：请从列表中选择'],
      [{ ...goodDriver, creditScore: 101 }, 'creditScore', '信用分：信用分不能大于100'],
    ];
    for (const [payload, field, message] of cases) {
      const { body } = await t.call<{ errors: Array<{ field: string; message: string }> }>({ method: 'POST', url: `${API}/add`, token: ops, payload });
      expect(body).toMatchObject({ success: false, message });
      expect(body.result.errors[0]).toEqual({ field, message });
    }
    expect(await count()).toBe(40);
  });

  it('refuses a duplicate ID number or phone on add and on edit', async () => {
    const existing = (await t.ctx.db.selectFrom('hy_driver' as never).select(['id' as never, 'id_card' as never, 'telephone' as never]).limit(2).execute()) as Array<{ id: string; id_card: string; telephone: string }>;
    const dup = await t.call({ method: 'POST', url: `${API}/add`, token: ops, payload: { ...goodDriver, idCard: existing[0].id_card } });
    expect(dup.body.success).toBe(false);
    expect(dup.body.message).toContain('已存在');
    const edit = await t.call({ method: 'PUT', url: `${API}/edit`, token: ops, payload: { id: existing[1].id, telephone: existing[0].telephone } });
    expect(edit.body.success).toBe(false);
    expect(edit.body.message).toContain('手机号');
    expect(await count()).toBe(40);
  });

  it('enforces permission codes on the server for every action', async () => {
    const canList = await list('pageSize=1', shipper);
    expect(canList.body.success).toBe(true);
    const add = await t.call({ method: 'POST', url: `${API}/add`, token: shipper, payload: goodDriver });
    expect(add.body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    const id = canList.body.result.records[0].id as string;
    const edit = await t.call({ method: 'PUT', url: `${API}/edit`, token: shipper, payload: { id, driverName: '越权' } });
    expect(edit.body.code).toBe(510);
    const del = await t.call({ method: 'DELETE', url: `${API}/deleteBatch?ids=${id}`, token: shipper });
    expect(del.body.code).toBe(510);
    expect(await count()).toBe(40);
  });

  it('deletes a batch in one transaction', async () => {
    const ids: string[] = [];
    for (const [i, phone] of ['13700000001', '13700000002'].entries()) {
      const res = await t.call<{ id: string }>({
        method: 'POST',
        url: `${API}/add`,
        token: ops,
        payload: { ...goodDriver, telephone: phone, idCard: idCard(`15060219850312${780 + i}`) },
      });
      expect(res.body.success).toBe(true);
      ids.push(res.body.result.id);
    }
    expect(await count()).toBe(42);
    const res = await t.call({ method: 'DELETE', url: `${API}/deleteBatch?ids=${ids.join(',')}`, token: ops });
    expect(res.body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await count()).toBe(40);
  });
});
