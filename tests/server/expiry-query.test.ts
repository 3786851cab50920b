import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { addDays, shanghaiNow } from '../../server/core/clock.ts';

const API = '/jeecg-boot/hyvehicle/hyVehicle';
type Page = { records: Array<Record<string, unknown>>; total: number };

const base = {
  vehiclePlateColorCode: '2',
  vehicleType: 'Q11',
  vin: 'LZZ1CCND6MW123456',
  vehicleEnergyType: 'B',
  vehicleTonnage: 32.5,
  grossMass: 49,
  roadTransportCertificateNumber: '371300123456',
};

describe.each(BACKENDS)('list.expiryQuery: 证件状态 即将到期 / 已过期 (%s)', (kind) => {
  let t: TestApp;
  let ops: string;
  const today = shanghaiNow().date;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    // 蒙E vehicles are this test's own: all papers good, inspection due in 5 days, road permit lapsed yesterday,
    // and one due exactly at the end of the 30-day window.
    const vehicles = [
      { vehicleNumber: '蒙E10001', inspectionValidTo: addDays(today, 400), roadTransportValidTo: addDays(today, 400) },
      { vehicleNumber: '蒙E10002', inspectionValidTo: addDays(today, 5), roadTransportValidTo: addDays(today, 400) },
      { vehicleNumber: '蒙E10003', inspectionValidTo: addDays(today, 400), roadTransportValidTo: addDays(today, -1) },
      { vehicleNumber: '蒙E10004', inspectionValidTo: addDays(today, 30), roadTransportValidTo: addDays(today, 31) },
    ];
    for (const vehicle of vehicles) {
      const { body } = await t.call<{ id: string }>({ method: 'POST', url: `${API}/add`, token: ops, payload: { ...base, ...vehicle } });
      expect(body.success, body.message).toBe(true);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const plates = async (expiry: string) => {
    const query = `vehicleNumber=${encodeURIComponent('蒙E1000*')}&expiry=${expiry}&column=vehicleNumber&order=asc`;
    const { body } = await t.call<Page>({ method: 'GET', url: `${API}/list?${query}`, token: ops });
    expect(body.success, body.message).toBe(true);
    return body.result.records.map((row) => row.vehicleNumber);
  };

  it('lists rows with any document inside its warning window, or already past, by today in Shanghai', async () => {
    expect(await plates('expiring')).toEqual(['蒙E10002', '蒙E10004']);
    expect(await plates('expired')).toEqual(['蒙E10003']);
    // Asked twice: the second answer may come from the list cache and must be the same.
    expect(await plates('expiring')).toEqual(['蒙E10002', '蒙E10004']);
  });

  it('counts the same rows for the bell (getDsXx), for platform staff only', async () => {
    const totals: Record<string, number> = {};
    for (const [key, api] of [['sijiDaoqi', '/jeecg-boot/hydriver/hyDriver'], ['cheDaoqi', API], ['chengyunDaoqi', '/jeecg-boot/hycarrier/hyCarrier']]) {
      const { body } = await t.call<Page>({ method: 'GET', url: `${api}/list?expiry=expiring&pageSize=1`, token: ops });
      expect(body.success, body.message).toBe(true);
      totals[key] = body.result.total;
    }
    expect(totals.cheDaoqi).toBeGreaterThanOrEqual(2);
    const counts = await t.call<Record<string, number>>({ method: 'GET', url: '/jeecg-boot/hydriver/hyDriver/getDsXx', token: ops });
    expect(counts.body.result).toMatchObject(totals);
    const shipper = await t.login('shipperadmin');
    const theirs = await t.call<Record<string, number>>({ method: 'GET', url: '/jeecg-boot/hydriver/hyDriver/getDsXx', token: shipper });
    expect(theirs.body.result).toMatchObject({ sijiDaoqi: 0, cheDaoqi: 0, chengyunDaoqi: 0 });
  });

  it('exports the same rows as the list', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/exportXls?vehicleNumber=${encodeURIComponent('蒙E1000*')}&expiry=expired`, headers: { 'x-access-token': ops } });
    expect(response.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const texts = workbook.worksheets[0].getSheetValues().flat().map(String);
    expect(texts).toContain('蒙E10003');
    expect(texts).not.toContain('蒙E10002');
  });

  it('refuses an unknown state with a sentence, and documents the parameter', async () => {
    const { body } = await t.call<Page>({ method: 'GET', url: `${API}/list?expiry=soon`, token: ops });
    expect(body.success).toBe(false);
    expect(body.message).toContain('证件状态');
    const openapi = await t.call<never>({ method: 'GET', url: '/jeecg-boot/openapi.json', token: ops });
    const text = JSON.stringify(openapi.body);
    expect(text).toContain('"name":"expiry"');
  });
});
