/**
 * The malformed-input rule (server/core/input-guard.ts) and its last line of defence (server/db/data-errors.ts):
 * the check itself on hand-made requests, then through the server on both backends.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { malformedInput, MAX_URL_VALUE_CHARS } from '../../server/core/input-guard.ts';
import { ValidationError } from '../../server/core/errors.ts';
import { dataExceptionMessage } from '../../server/db/data-errors.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

interface Probe {
  url?: string;
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
  body?: unknown;
}

const check = ({ url = '/jeecg-boot/x', query = {}, params = {}, body }: Probe) => malformedInput({ url, query, params, body });
const refusal = (probe: Probe) => check(probe)?.message ?? null;

describe('the input check', () => {
  it('refuses NUL and lone surrogates anywhere, naming the parameter or field', () => {
    expect(refusal({ query: { id: '\u0000' } })).toBe('参数 id 含有空字符（\\0）');
    expect(refusal({ params: { path: 'a\u0000.png' } })).toBe('参数 path 含有空字符（\\0）');
    expect(refusal({ query: { name: 'x\uD800' } })).toBe('参数 name 含有无效的 Unicode 字符');
    const error = check({ body: { driver: { names: ['ok', 'bad\uDC00'] } } });
    expect(error).toBeInstanceOf(ValidationError);
    expect(error?.fieldErrors).toEqual([{ field: 'driver.names[1]', message: '字段 driver.names[1] 含有无效的 Unicode 字符' }]);
    expect(refusal({ body: { 'a\u0000': 1 } })).toBe('提交的字段名含有空字符（\\0）');
    // A malformed or absurd name is not repeated back.
    expect(refusal({ query: { 'k\u0000': 'v' } })).toBe('请求参数名含有空字符（\\0）');
    // Paired surrogates (an emoji) are text like any other.
    expect(refusal({ query: { name: '货车🚚' }, body: { remark: '🚚' } })).toBeNull();
  });

  it('refuses percent-encodings that are not UTF-8, and only those', () => {
    expect(refusal({ url: '/jeecg-boot/x?name=%C3%28' })).toBe('参数 name 不是有效的 UTF-8 编码');
    expect(refusal({ url: '/jeecg-boot/x?a=1&name=%FF' })).toBe('参数 name 不是有效的 UTF-8 编码');
    expect(refusal({ url: '/jeecg-boot/x?%FF=1' })).toBe('请求参数不是有效的 UTF-8 编码');
    // Encoded surrogates are not UTF-8 either.
    expect(refusal({ url: '/jeecg-boot/x?name=%ED%A0%80' })).toBe('参数 name 不是有效的 UTF-8 编码');
    for (const fine of ['?name=%E5%BC%A0%E4%B8%89', '?rate=100%', '?name=%25C3%2528', '?q=a+b%20c', '?x']) {
      expect(refusal({ url: `/jeecg-boot/x${fine}` }), fine).toBeNull();
    }
  });

  it('bounds query values, except lists of ids', () => {
    expect(refusal({ query: { name: 'x'.repeat(MAX_URL_VALUE_CHARS) } })).toBeNull();
    expect(refusal({ query: { name: 'x'.repeat(MAX_URL_VALUE_CHARS + 1) } })).toBe(`参数 name 过长（最多 ${MAX_URL_VALUE_CHARS} 个字符）`);
    // deleteBatch takes up to 1,000 ids of 19 digits.
    const ids = Array.from({ length: 1000 }, (_, i) => String(401665108309241856n + BigInt(i))).join(',');
    expect(refusal({ query: { ids } })).toBeNull();
    expect(refusal({ query: { ids: `${ids},1` } })).toBe(`参数 ids 过长（最多 ${MAX_URL_VALUE_CHARS} 个字符）`);
    // A body is bounded by its size limit and the fields' own maxLength, not here (rich text runs long).
    expect(refusal({ body: { content: 'x'.repeat(50_000) } })).toBeNull();
  });

  it('refuses page numbers that are not whole numbers within Java Integer, leaving text to the handlers', () => {
    expect(refusal({ query: { pageNo: '99999999999999999999' } })).toBe('参数 pageNo 超出范围');
    expect(refusal({ query: { pageSize: '1e309' } })).toBe('参数 pageSize 超出范围');
    expect(refusal({ query: { pageNo: '-99999999999' } })).toBe('参数 pageNo 超出范围');
    expect(refusal({ query: { pageSize: '1.5' } })).toBe('参数 pageSize 应为整数');
    for (const lenient of ['2147483647', '-1', '0', '1e3', 'abc', '']) expect(refusal({ query: { pageNo: lenient } }), lenient).toBeNull();
  });

  it('refuses numbers a double cannot hold in a body', () => {
    expect(check({ body: { fee: Infinity } })?.fieldErrors).toEqual([{ field: 'fee', message: '字段 fee 的数值超出范围' }]);
  });

  it('joins a repeated query key with commas, as Spring binds a String parameter', () => {
    const query: Record<string, unknown> = { id: ['a', 'b'], name: 'c' };
    expect(check({ query })).toBeNull();
    expect(query).toEqual({ id: 'a,b', name: 'c' });
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let body: unknown = 'a\u0000';
    for (let depth = 0; depth < 200_000; depth++) body = [body];
    expect(refusal({ body })).toContain('含有空字符');
  });
});

describe.each(BACKENDS)('malformed input through the server on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { seedDrivers: 0 });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers HTTP 200 success:false before any handler or guard', async () => {
    for (const url of ['/jeecg-boot/sys/tenant/queryById?id=%00', '/jeecg-boot/sys/tenant/list?id=%00&pageNo=1']) {
      const { status, body } = await t.call({ method: 'GET', url, token: admin });
      expect(status, url).toBe(200);
      expect(body, url).toMatchObject({ success: false, code: 500, message: '参数 id 含有空字符（\\0）' });
    }
    // No session needed to be told the input is malformed; nothing else is said.
    expect((await t.call({ method: 'GET', url: '/jeecg-boot/sys/tenant/list?name=%FF' })).body).toMatchObject({ success: false, message: '参数 name 不是有效的 UTF-8 编码' });
    expect((await t.call({ method: 'GET', url: '/jeecg-boot/sys/tenant/list?pageNo=99999999999999999999', token: admin })).body.message).toBe('参数 pageNo 超出范围');
  });

  it('refuses a JSON body that is not UTF-8 and a route parameter the router cannot decode', async () => {
    const payload = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('","status":"1"}')]);
    const added = await t.call({ method: 'POST', url: '/jeecg-boot/sys/tenant/add', token: admin, payload, headers: { 'content-type': 'application/json' } });
    expect(added).toMatchObject({ status: 200, body: { success: false, message: '提交的数据不是有效的 UTF-8 编码' } });
    const surrogate = await t.call({ method: 'POST', url: '/jeecg-boot/sys/tenant/add', token: admin, payload: '{"name":"\\ud800","status":"1"}', headers: { 'content-type': 'application/json' } });
    expect(surrogate.body).toMatchObject({ success: false, message: '字段 name 含有无效的 Unicode 字符', result: { errors: [{ field: 'name' }] } });
    expect(await t.ctx.db.selectFrom('sys_tenant').select('id').where('name', 'like', '%(%').execute()).toEqual([]);
    const badPath = await t.call({ method: 'GET', url: '/jeecg-boot/sys/annountCement/show/%FF', token: admin });
    expect(badPath).toMatchObject({ status: 200, body: { success: false, message: '请求地址含有无效的编码' } });
    const longPath = await t.call({ method: 'GET', url: `/jeecg-boot/sys/annountCement/show/${'1'.repeat(500)}`, token: admin });
    expect(longPath).toMatchObject({ status: 200, body: { success: false, message: '请求地址中的参数过长' } });
  });

  it('refuses a number filter past its column before SQL', async () => {
    const { body } = await t.call({ method: 'GET', url: '/jeecg-boot/sys/tenant/list?id=99999999999999999999', token: admin });
    expect(body).toMatchObject({ success: false, message: expect.stringContaining('的查询条件超出范围') });
  });

  it('translates the data exceptions the database still raises (the last line of defence)', async () => {
    const raised = async (statement: ReturnType<typeof sql>) => {
      try {
        await statement.execute(t.ctx.db);
      } catch (error) {
        return dataExceptionMessage(error);
      }
      throw new Error('the statement succeeded');
    };
    expect(await raised(sql`select cast(${'x'} as integer)`)).toBe('提交的数据格式不正确');
    expect(await raised(sql`select cast(${'99999999999999999999'} as integer)`)).toBe('提交的数值超出范围');
    expect(await raised(sql`select cast(${'2026-13-45'} as date)`)).toBe('提交的日期时间超出范围');
    expect(await raised(sql`select cast(${'12345'} as numeric(3,1))`)).toBe('提交的数值超出范围');
    // Anything else is not the client's value: it stays a server error.
    expect(await raised(sql`select * from no_such_table`)).toBeNull();
  });
});
