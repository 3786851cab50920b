/**
 * JeecgBoot list-query language (contract §1.3) on the generic entity engine, on both backends: each case is
 * checked against rows whose values the test sets itself, and the expected totals are computed from all rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';

const API = '/jeecg-boot/hydriver/hyDriver';

describe.each(BACKENDS)('list query language on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let ids: string[];
  let all: WireRecord[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    ids = (await sql<{ id: string }>`select id from hy_driver order by id`.execute(t.ctx.db)).rows.map((r) => r.id);
    const remarks = ['abc,def', 'a_c', '100%', 'x1,y2', 'y2', 'z3'];
    for (const [i, remark] of remarks.entries()) await sql`update hy_driver set remark = ${remark} where id = ${ids[i]}`.execute(t.ctx.db);
    const times = ['2025-03-10 08:00:00', '2025-03-10 20:00:00', '2025-03-11 00:30:00'];
    for (const [i, time] of times.entries()) await sql`update hy_driver set create_time = ${time} where id = ${ids[i]}`.execute(t.ctx.db);
    await sql`update hy_driver set credit_score = 9 where id = ${ids[6]}`.execute(t.ctx.db);
    await sql`update hy_driver set credit_score = 10 where id = ${ids[7]}`.execute(t.ctx.db);
    all = (await list('pageSize=100')).body.result.records;
  });
  afterAll(async () => {
    await t?.close();
  });

  function list(query: string) {
    return t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?${query}`, token: ops });
  }
  const total = async (query: string) => {
    const { body } = await list(`${query}&pageSize=100`);
    expect(body.success, body.message).toBe(true);
    return body.result.total;
  };
  const q = encodeURIComponent;
  const superQuery = (items: unknown[], match = 'and') => `superQueryParams=${q(JSON.stringify(items))}&superQueryMatchType=${match}`;
  const scores = () => all.map((r) => r.creditScore as number);

  it('treats ++ as a literal comma and ,a,b, as any of several values of a multi-value column', async () => {
    expect(await total(`remark=${q('abc++def')}`)).toBe(1);
    expect(await total(`remark=${q(',y2,z3,')}`)).toBe(3);
    expect(await total(`remark=${q(',def,')}`)).toBe(1);
    // Without the surrounding commas the same text is an IN of exact values.
    expect(await total(`remark=${q('y2,z3')}`)).toBe(2);
  });

  it('escapes _ and % in LIKE patterns and handles prefix, suffix and lone *', async () => {
    expect(await total(`remark=${q('*_*')}`)).toBe(1);
    expect(await total(`remark=${q('*%*')}`)).toBe(1);
    expect(await total(`remark=${q('a_*')}`)).toBe(1);
    expect(await total(`remark=${q('*2')}`)).toBe(2);
    expect(await total(`remark=${q('*')}`)).toBe(0);
  });

  it('reads comparison operators only when followed by a space, comparing numbers as numbers', async () => {
    expect(await total(`creditScore=${q('> 9')}`)).toBe(scores().filter((s) => s > 9).length);
    expect(await total(`creditScore=${q('>= 10')}`)).toBe(scores().filter((s) => s >= 10).length);
    expect(await total(`creditScore=${q('< 10')}`)).toBe(scores().filter((s) => s < 10).length);
    expect(await total(`creditScore=${q('<= 10')}`)).toBe(scores().filter((s) => s <= 10).length);
    expect(await total(`creditScore=${q('= 9')}`)).toBe(1);
    expect(await total(`creditScore=${q('!= 9')}`)).toBe(39);
    expect(await total(`creditScore=${q('!9')}`)).toBe(39);
    // `>=9` (no space, as JInput sends it) is an equality on the text ">=9": not a number, refused by name.
    const { body } = await list(`creditScore=${q('>=9')}`);
    expect(body).toMatchObject({ success: false, message: '信用分的查询条件应为数字' });
  });

  it('widens a bare date on a datetime column to the whole day, in every form', async () => {
    expect(await total(`createTime=2025-03-10`)).toBe(2);
    expect(await total(`createTime=${q('> 2025-03-10')}`)).toBe(38);
    expect(await total(`createTime=${q('< 2025-03-11')}`)).toBe(2);
    expect(await total(`createTime=${q('<= 2025-03-11')}`)).toBe(3);
    expect(await total(`createTime=${q('!= 2025-03-10')}`)).toBe(38);
    expect(await total(`createTime_begin=2025-03-10&createTime_end=2025-03-10`)).toBe(2);
    expect(await total(`createTime_begin=2025-03-10&createTime_end=2025-03-11`)).toBe(3);
    expect(await total(superQuery([{ field: 'createTime', rule: 'le', val: '2025-03-10', type: 'date' }]))).toBe(2);
    expect(await total(superQuery([{ field: 'createTime', rule: 'eq', val: '2025-03-11' }]))).toBe(1);
  });

  it('turns _MultiString into IN', async () => {
    const expected = all.filter((r) => ['A2', 'B2'].includes(String(r.vehicleClass))).length;
    expect(await total(`vehicleClass_MultiString=${q('A2,B2')}`)).toBe(expected);
  });

  it('ignores reserved and unknown parameters', async () => {
    const query = ['_t=1700000000', `field=${q('id,,driverName')}`, 'class=x', 'ids=1', 'page=2', 'rows=1', 'sort=x', 'token=', 'nosuchField=1', `tenantId=999`, 'tenant_id=999'].join('&');
    const { body } = await list(`${query}&pageSize=100`);
    expect(body.success).toBe(true);
    expect(body.result.total).toBe(40);
  });

  it('sorts by several columns, strips _dictText, and names a column it refuses', async () => {
    const { body } = await list('column=reviewStatus_dictText,creditScore&order=asc&pageSize=100');
    expect(body.success, body.message).toBe(true);
    const pairs = body.result.records.map((r) => [String(r.reviewStatus), r.creditScore as number] as const);
    const sorted = [...pairs].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1]);
    expect(pairs).toEqual(sorted);
    const refused = await list('column=creditScore,remark&order=asc');
    expect(refused.body).toMatchObject({ success: false, message: '请注意，将要排序的列字段不存在：remark' });
  });

  it('accepts superQuery rules in symbol and code form, with and/or, dropping empty entries', async () => {
    const ge = scores().filter((s) => s >= 10).length;
    expect(await total(superQuery([{ field: 'creditScore', rule: '>=', val: '10' }]))).toBe(ge);
    expect(await total(superQuery([{ field: 'creditScore', rule: 'ge', val: 10 }]))).toBe(ge);
    expect(await total(superQuery([{ field: 'remark', rule: 'LEFT_LIKE', val: '2' }]))).toBe(2);
    expect(await total(superQuery([{ field: 'remark', rule: 'right_like', val: 'a_' }]))).toBe(1);
    expect(await total(superQuery([{ field: 'remark', rule: 'IN', val: 'y2,z3' }]))).toBe(2);
    expect(await total(superQuery([{ field: 'creditScore', rule: '!=', val: '9' }]))).toBe(39);
    const either = [{ field: 'creditScore', rule: 'eq', val: '9' }, { field: 'remark', rule: 'eq', val: 'z3' }];
    expect(await total(superQuery(either, 'or'))).toBe(2);
    expect(await total(superQuery(either, 'and'))).toBe(0);
    const empty = [{ field: '', rule: 'eq', val: 'x' }, { field: 'creditScore', rule: '', val: '1' }, { field: 'creditScore', rule: 'eq', val: '' }, { field: 'remark', rule: 'eq' }];
    expect(await total(superQuery(empty))).toBe(40);
    // The advanced query is one parenthesised group: an "or" inside it cannot escape a plain filter beside it.
    expect(await total(`remark=z3&${superQuery([{ field: 'creditScore', rule: 'eq', val: '9' }, { field: 'creditScore', rule: 'eq', val: '10' }], 'or')}`)).toBe(0);
  });

  it('binds values and refuses identifiers outside the allow-list', async () => {
    const before = (await sql<{ n: number }>`select count(*)::int as n from hy_driver`.execute(t.ctx.db)).rows[0].n;
    expect(await total(`remark=${q("z3' or '1'='1")}`)).toBe(0);
    expect(await total(superQuery([{ field: 'remark', rule: 'like', val: "%' or 1=1 --" }]))).toBe(0);
    const injected = await list(superQuery([{ field: 'remark) or (1=1', rule: 'eq', val: 'x' }]));
    expect(injected.body.success).toBe(false);
    const tenant = await list(superQuery([{ field: 'tenantId', rule: 'ne', val: '0' }]));
    expect(tenant.body.success).toBe(false);
    expect((await sql<{ n: number }>`select count(*)::int as n from hy_driver`.execute(t.ctx.db)).rows[0].n).toBe(before);
  });
});
