/**
 * Platform configuration on both databases: `cfg` gives any signed-in user the settings over the schema defaults;
 * 平台设置 (list/queryById/edit) is for admins, checked with the schema's rules, and a partial edit keeps the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { companyUscc, generateCustomers } from '../../server/seed/demo-customers.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const P = '/jeecg-boot/hyconfig/hyConfig';

describe.each(BACKENDS)('platform configuration on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { seedDrivers: 0 });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers cfg with the defaults to any signed-in user, and nobody else', async () => {
    const shipper = await t.login('shipper');
    const cfg = await t.call({ method: 'GET', url: `${P}/cfg`, token: shipper });
    expect(cfg.body).toMatchObject({ success: true, result: { platformName: '网络货运平台', vatRate: 0.09, defaultSettlementType: '3', geofenceRadiusM: 1000, monitorEnabled: false } });
    expect((await t.call({ method: 'GET', url: `${P}/cfg` })).body.success).toBe(false);
    expect((await t.call({ method: 'PUT', url: `${P}/edit`, token: shipper, payload: { vatRate: 0.06 } })).body).toMatchObject({ success: false, code: 510 });
  });

  it('lets an admin edit the settings with the schema rules; cfg then reads them', async () => {
    const bad = await t.call({ method: 'PUT', url: `${P}/edit`, token: admin, payload: { id: 'hyconfig', vatRate: 2, creditCode: '123' } });
    expect(bad.body.success).toBe(false);
    const saved = await t.call({ method: 'PUT', url: `${P}/edit`, token: admin, payload: { id: 'hyconfig', platformName: '恒通网络货运', vatRate: 0.06, defaultSettlementType: '1' } });
    expect(saved.body).toMatchObject({ success: true });
    await t.call({ method: 'PUT', url: `${P}/edit`, token: admin, payload: { id: 'hyconfig', permitNumber: '130203000123' } });
    const list = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${P}/list`, token: admin });
    expect(list.body.result.records).toHaveLength(1);
    expect(list.body.result.records[0]).toMatchObject({ id: 'hyconfig', platformName: '恒通网络货运', vatRate: 0.06, permitNumber: '130203000123', defaultSettlementType_dictText: '月结账期' });
    const cfg = await t.call({ method: 'GET', url: `${P}/cfg`, token: admin });
    expect(cfg.body.result).toMatchObject({ platformName: '恒通网络货运', vatRate: 0.06, allowLossRate: 0.003 });
  });

  it('gives a new customer the configured 结算方式 and 服务费率 when the add leaves them out', async () => {
    const saved = await t.call({ method: 'PUT', url: `${P}/edit`, token: admin, payload: { id: 'hyconfig', defaultSettlementType: '2', defaultServiceRate: 0.05 } });
    expect(saved.body.success, saved.body.message).toBe(true);
    const [company] = generateCustomers();
    const { reviewStatus: _r, reviewRemark: _m, invoiceTaxNo: _i, settlementType: _s, serviceRate: _v, ...rest } = company;
    const payload = { ...rest, customerName: '配置默认值测试有限公司', creditCode: companyUscc('150602', '40999991'), billDay: null, creditDays: null, creditLimit: null };
    const added = await t.call<{ id: string }>({ method: 'POST', url: '/jeecg-boot/customer/hyCustomer/add', token: admin, payload });
    expect(added.body.success, added.body.message).toBe(true);
    const row = await sql<{ settlement_type: string; service_rate: number }>`select settlement_type, service_rate from hy_customer where customer_name = '配置默认值测试有限公司'`.execute(t.ctx.db);
    expect(row.rows[0]).toEqual({ settlement_type: '2', service_rate: 0.05 });
    // A value given in the body wins over the configuration.
    const given = await t.call({ method: 'POST', url: '/jeecg-boot/customer/hyCustomer/add', token: admin, payload: { ...payload, customerName: '显式结算方式有限公司', creditCode: companyUscc('150602', '40999992'), settlementType: '3' } });
    expect(given.body.success, given.body.message).toBe(true);
    const explicit = await sql<{ settlement_type: string }>`select settlement_type from hy_customer where customer_name = '显式结算方式有限公司'`.execute(t.ctx.db);
    expect(explicit.rows[0].settlement_type).toBe('3');
  });
});
