/**
 * 货主 (hy_customer) through the generic engine: credit codes checked per customer type, settlement terms required
 * for 月结/垫付, the review workflow 提交审核 → 审核通过 | 驳回, and a shipper account confined to its own customer
 * (`dataScope.customer: "id"`). Demo customers are seeded on a fresh database and the demo shippers linked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { companyUscc, generateCustomers, residentId } from '../../server/seed/demo-customers.ts';
import { enforceCustomer, OWN_CUSTOMER_ADD_MESSAGE } from '../../server/entity/data-scope.ts';
import type { EntityRuntime } from '../../server/entity/registry.ts';
import type { Caller } from '../../server/context.ts';

const API = '/jeecg-boot/customer/hyCustomer';
type Errors = { errors: Array<{ field: string; message: string }> } | null;

let serial = 0;
/** A valid new company customer (trade settlement: no credit terms needed). */
function newCompany(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  serial += 1;
  const base = generateCustomers()[0];
  return {
    ...base,
    customerName: `测试货主${serial}有限公司`,
    creditCode: companyUscc('150602', String(40_000_000 + serial * 13)),
    settlementType: '3', billDay: null, creditDays: null, creditLimit: null,
    reviewStatus: undefined, reviewRemark: undefined, invoiceTaxNo: undefined,
    ...overrides,
  };
}

describe.each(BACKENDS)('customers on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let shipper: string;
  let shipperAdmin: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [ops, shipper, shipperAdmin] = [await t.login('ops'), await t.login('shipper'), await t.login('shipperadmin')];
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = (payload: Record<string, unknown>) => t.call<{ id: string } & Errors>({ method: 'POST', url: `${API}/add`, token: ops, payload });
  const run = (key: string, payload: Record<string, unknown>, token = ops) => t.call<Errors>({ method: 'PUT', url: `${API}/${key}`, token, payload });
  const state = async (id: string) =>
    (await sql<{ review_status: string; review_remark: string | null }>`select review_status, review_remark from hy_customer where id = ${id}`.execute(t.ctx.db)).rows[0];
  const list = (token: string, query = '') => t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?pageSize=100&${query}`, token });

  it('seeds the demo customers with a review queue and links the demo shippers to the first', async () => {
    const { body } = await list(ops);
    expect(body.result.total).toBe(generateCustomers().length);
    expect(body.result.records.filter((r) => r.reviewStatus === '1').length).toBeGreaterThanOrEqual(3);
    const pending = await list(ops, 'reviewStatus=1');
    expect(pending.body.result.records.every((r) => r.reviewStatus_dictText === '待审核')).toBe(true);
    const linked = await sql<{ customer_id: string | null }>`select customer_id from sys_user where username in ('shipper', 'shipperadmin')`.execute(t.ctx.db);
    const first = await sql<{ id: string }>`select id from hy_customer where customer_name = ${generateCustomers()[0].customerName}`.execute(t.ctx.db);
    expect(linked.rows.map((r) => r.customer_id)).toEqual([first.rows[0].id, first.rows[0].id]);
  });

  it('adds a company with a valid USCC and a person with a valid ID card, starting 未提交', async () => {
    const company = await add(newCompany());
    expect(company.body.success, company.body.message).toBe(true);
    expect(await state(company.body.result.id)).toMatchObject({ review_status: '0' });
    const idCard = residentId('371302', '19880101', '135');
    const person = await add(newCompany({ customerName: '个人货主张三', customerType: '2', creditCode: idCard }));
    expect(person.body.success, person.body.message).toBe(true);
  });

  it('checks the credit code as a USCC for companies and as an ID card for persons', async () => {
    const idCard = residentId('371302', '19880101', '137');
    const asCompany = await add(newCompany({ creditCode: idCard }));
    expect(asCompany.body).toMatchObject({ success: false });
    expect(asCompany.body.result?.errors).toContainEqual({ field: 'creditCode', message: '统一社会信用代码/身份证号：请输入正确的统一社会信用代码' });
    const uscc = companyUscc('150602', '49999999');
    const asPerson = await add(newCompany({ customerType: '2', creditCode: uscc }));
    expect(asPerson.body.result?.errors).toContainEqual({ field: 'creditCode', message: '统一社会信用代码/身份证号：请输入正确的18位身份证号（校验位不符）' });
    const badCheck = uscc.slice(0, 17) + (uscc[17] === '0' ? '1' : '0');
    expect((await add(newCompany({ creditCode: badCheck }))).body.result?.errors).toContainEqual({ field: 'creditCode', message: '统一社会信用代码/身份证号：请输入正确的统一社会信用代码' });
  });

  it('requires bill day, credit days and limit for 月结账期 and 垫付账期 only', async () => {
    for (const settlementType of ['1', '4']) {
      const { body } = await add(newCompany({ settlementType }));
      expect(body).toMatchObject({ success: false, message: '出账日：请输入出账日' });
      expect(body.result?.errors).toEqual(expect.arrayContaining([
        { field: 'billDay', message: '出账日：请输入出账日' },
        { field: 'creditDays', message: '账期天数：请输入账期天数' },
        { field: 'creditLimit', message: '授信额度：请输入授信额度' },
      ]));
      // Nothing about the wrapper rule leaks into the envelope.
      expect(body.result?.errors.every((e) => e.field !== '')).toBe(true);
    }
    expect((await add(newCompany({ settlementType: '2' }))).body.success).toBe(true);
    const monthly = await add(newCompany({ settlementType: '1', billDay: 5, creditDays: 30, creditLimit: 100000 }));
    expect(monthly.body.success, monthly.body.message).toBe(true);
    // An edit switching to 月结 must bring the terms along: the merged record is checked.
    const trade = await add(newCompany());
    const edit = await t.call<Errors>({ method: 'PUT', url: `${API}/edit`, token: ops, payload: { id: trade.body.result.id, settlementType: '1' } });
    expect(edit.body).toMatchObject({ success: false, message: '出账日：请输入出账日' });
  });

  it('runs the review: 提交审核 → 审核通过, and refuses steps from the wrong state', async () => {
    const { id } = (await add(newCompany())).body.result;
    expect((await run('approve', { id })).body).toMatchObject({ success: false, message: '只有待审核的记录可以审核通过' });
    expect((await run('submit', { id })).body).toMatchObject({ success: true, message: '提交审核成功!' });
    expect(await state(id)).toMatchObject({ review_status: '1' });
    expect((await run('submit', { id })).body).toMatchObject({ success: false, message: '只有未提交或审核驳回的记录可以提交审核' });
    expect((await run('approve', { id })).body).toMatchObject({ success: true, message: '审核通过成功!' });
    expect(await state(id)).toMatchObject({ review_status: '2', review_remark: null });
    expect((await run('approve', { id })).body).toMatchObject({ success: false, message: '只有待审核的记录可以审核通过' });
    expect((await run('reject', { id, reviewRemark: '晚了' })).body).toMatchObject({ success: false, message: '只有待审核的记录可以驳回' });
  });

  it('rejects with a reason and lets a rejected customer resubmit', async () => {
    const { id } = (await add(newCompany())).body.result;
    await run('submit', { id });
    const noReason = await run('reject', { id });
    expect(noReason.body).toMatchObject({ success: false, message: '驳回原因：请输入驳回原因' });
    expect((await run('reject', { id, reviewRemark: '开户许可证缺失' })).body).toMatchObject({ success: true, message: '驳回成功!' });
    expect(await state(id)).toEqual({ review_status: '3', review_remark: '开户许可证缺失' });
    // The body cannot set the review state on an edit.
    await t.call({ method: 'PUT', url: `${API}/edit`, token: ops, payload: { id, reviewStatus: '2' } });
    expect((await state(id)).review_status).toBe('3');
    expect((await run('submit', { id })).body.success).toBe(true);
    expect((await run('approve', { id })).body.success).toBe(true);
    expect(await state(id)).toEqual({ review_status: '2', review_remark: null });
  });

  it('shows a shipper only its own customer row', async () => {
    const first = generateCustomers()[0];
    for (const token of [shipper, shipperAdmin]) {
      const { body } = await list(token);
      expect(body.result.total).toBe(1);
      expect(body.result.records[0]).toMatchObject({ customerName: first.customerName, customerType_dictText: '企业' });
    }
    const other = (await list(ops, `customerName=${encodeURIComponent('*唐山*')}`)).body.result.records[0];
    const byId = await t.call({ method: 'GET', url: `${API}/queryById?id=${String(other.id)}`, token: shipper });
    expect(byId.body).toMatchObject({ success: false });
    // Without a current customer: nothing at all.
    await sql`update sys_user set customer_id = null where username = 'shipperadmin'`.execute(t.ctx.db);
    const none = await list(await t.login('shipperadmin'));
    expect(none.body.result.total).toBe(0);
    // Shippers hold only the list permission.
    expect((await t.call({ method: 'POST', url: `${API}/add`, token: shipper, payload: newCompany() })).body).toMatchObject({ success: false, code: 510 });
    expect((await run('approve', { id: String(other.id) }, shipper)).body).toMatchObject({ success: false, code: 510 });
  });
});

describe('dataScope.customer "id" on writes', () => {
  const entity = { schema: { dataScope: { customer: 'id' } } } as unknown as EntityRuntime;
  const customer = { userType: 2, customerId: 'C1' } as unknown as Caller;

  it('refuses a confined caller adding a customer and leaves its edits to the scope conditions', () => {
    expect(() => enforceCustomer(entity, customer, {})).toThrow(OWN_CUSTOMER_ADD_MESSAGE);
    const record: Record<string, unknown> = { customerName: 'x' };
    enforceCustomer(entity, customer, record, 'C1');
    expect(record).toEqual({ customerName: 'x' });
    // Platform staff are not confined.
    expect(() => enforceCustomer(entity, { userType: 1 } as unknown as Caller, {})).not.toThrow();
  });
});
