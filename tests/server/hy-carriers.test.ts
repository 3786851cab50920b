import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { usccCheckChar } from '../../src/contracts/validation/formats.ts';

const API = '/jeecg-boot/hycarrier/hyCarrier';
type Errors = { errors: Array<{ field: string; message: string }> };

const uscc = (body17: string) => body17 + usccCheckChar(body17);
const goodCarrier = {
  carrierName: '临沂测试物流有限公司',
  creditCode: uscc('91371300MA3C12345'),
  permitNumber: '371300654321',
  permitValidTo: '2028-12-31',
  contactName: '王经理',
  contactPhone: '13812345678',
  bankAccount: '6222021234567890123',
  bankCode: 'ICBK',
};

describe.each(BACKENDS)('carriers: formats, uniqueness, review, permissions (%s)', (kind) => {
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

  const add = (payload: Record<string, unknown>, token = ops) => t.call<{ id: string } & Errors>({ method: 'POST', url: `${API}/add`, token, payload });
  const run = (key: string, payload: Record<string, unknown>, token = ops) => t.call<Errors>({ method: 'PUT', url: `${API}/${key}`, token, payload });
  const status = async (id: string) => (await sql<{ review_status: string }>`select review_status from hy_carrier where id = ${id}`.execute(t.ctx.db)).rows[0].review_status;

  it('refuses a bad credit code, phone or bank account with a sentence naming the field', async () => {
    const wrongCheck = goodCarrier.creditCode.slice(0, 17) + (goodCarrier.creditCode.endsWith('0') ? '1' : '0');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...goodCarrier, creditCode: wrongCheck }, 'creditCode', '统一社会信用代码：请输入正确的统一社会信用代码'],
      [{ ...goodCarrier, contactPhone: '12345' }, 'contactPhone', '联系电话：请输入正确的11位手机号码'],
      [{ ...goodCarrier, bankAccount: '62-22' }, 'bankAccount', '银行账号：请输入8到30位数字的银行账号'],
      [{ ...goodCarrier, bankCode: 'NOPE' }, 'bankCode', '银行代码：请从列表中选择'],
      [{ ...goodCarrier, dispatchRate: 1.5 }, 'dispatchRate', '调度费率：调度费率不能大于1'],
      [{ ...goodCarrier, permitValidTo: '2028-02-30' }, 'permitValidTo', '许可证有效期至：许可证有效期至应为日期（YYYY-MM-DD）'],
    ];
    for (const [payload, field, message] of cases) {
      const { body } = await add(payload);
      expect(body).toMatchObject({ success: false, message });
      expect(body.result.errors[0]).toEqual({ field, message });
    }
  });

  it('adds a carrier as 未提交 with the default dispatch rate, then refuses the same credit code', async () => {
    const { body } = await add(goodCarrier);
    expect(body).toMatchObject({ success: true });
    const one = await t.call<Record<string, unknown>>({ method: 'GET', url: `${API}/queryById?id=${body.result.id}`, token: ops });
    expect(one.body.result).toMatchObject({ reviewStatus: '0', reviewStatus_dictText: '未提交', bankCode_dictText: '工商银行' });
    expect(Number(one.body.result.dispatchRate)).toBe(0.03);
    const dup = await add({ ...goodCarrier, carrierName: '另一家物流有限公司' });
    expect(dup.body).toMatchObject({ success: false, message: `统一社会信用代码“${goodCarrier.creditCode}”已存在` });
  });

  it('reviews: 提交审核, 驳回 with a reason, 审核通过 only when pending; shippers may not', async () => {
    const { body } = await add({ ...goodCarrier, carrierName: '审核测试运输有限公司', creditCode: uscc('91371300MA3C54321') });
    const id = body.result.id;
    expect((await run('approve', { id })).body).toMatchObject({ success: false, message: '只有待审核的记录可以审核通过' });
    expect((await run('submit', { id }, shipper)).body).toMatchObject({ success: false, code: 510 });
    expect((await run('submit', { id })).body).toMatchObject({ success: true, message: '提交审核成功!' });
    expect((await run('reject', { id, reviewRemark: '许可证已过期' })).body.success).toBe(true);
    expect(await status(id)).toBe('3');
    expect((await run('submit', { ids: id })).body.success).toBe(true);
    expect((await run('approve', { ids: id })).body).toMatchObject({ success: true, result: { count: 1 } });
    expect(await status(id)).toBe('2');
    expect((await run('submit', { id })).body).toMatchObject({ success: false, message: '只有未提交或已驳回的承运商可以提交审核' });
  });

  it('is not visible to shippers at all', async () => {
    const list = await t.call({ method: 'GET', url: `${API}/list`, token: shipper });
    expect(list.body).toMatchObject({ success: false, code: 510 });
    expect((await add({ ...goodCarrier, carrierName: '越权物流有限公司' }, shipper)).body).toMatchObject({ success: false, code: 510 });
  });
});
