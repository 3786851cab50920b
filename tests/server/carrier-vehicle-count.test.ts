import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { usccCheckChar } from '../../src/contracts/validation/formats.ts';

const CARRIERS = '/jeecg-boot/hycarrier/hyCarrier';
const VEHICLES = '/jeecg-boot/hyvehicle/hyVehicle';
type Page = { records: Array<Record<string, unknown>>; total: number };

const uscc = (body17: string) => body17 + usccCheckChar(body17);
const carrier = (name: string, code: string) => ({
  carrierName: name,
  creditCode: uscc(code),
  permitNumber: '371300654399',
  permitValidTo: '2028-12-31',
  contactName: '王经理',
  contactPhone: '13812345699',
  bankAccount: '6222021234567890199',
  bankCode: 'ICBK',
});
const vehicle = (plate: string, carrierId: string | null) => ({
  vehicleNumber: plate,
  vehiclePlateColorCode: '2',
  vehicleType: 'Q11',
  vin: 'LZZ1CCND6MW123456',
  inspectionValidTo: '2028-06-30',
  vehicleEnergyType: 'B',
  vehicleTonnage: 32.5,
  grossMass: 49,
  roadTransportCertificateNumber: '371300123456',
  carrierId,
});

describe.each(BACKENDS)('a carrier’s 车辆数 (countOf) kept by the database (%s)', (kind) => {
  let t: TestApp;
  let ops: string;
  const ids = { east: '', west: '' };

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    for (const [key, name, code] of [['east', '沂东计数物流有限公司', '91371300MA3C1C001'], ['west', '沂西计数物流有限公司', '91371300MA3C1C002']] as const) {
      const { body } = await t.call<{ id: string }>({ method: 'POST', url: `${CARRIERS}/add`, token: ops, payload: carrier(name, code) });
      expect(body.success, body.message).toBe(true);
      ids[key] = body.result.id;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Both test carriers' counts as the list shows them (the list cache may answer). */
  const counts = async () => {
    const { body } = await t.call<Page>({ method: 'GET', url: `${CARRIERS}/list?carrierName=${encodeURIComponent('*计数物流*')}&column=carrierName&order=asc`, token: ops });
    expect(body.success, body.message).toBe(true);
    return body.result.records.map((row) => row.vehicleCount);
  };
  const addVehicle = async (plate: string, carrierId: string | null) => {
    const { body } = await t.call<{ id: string }>({ method: 'POST', url: `${VEHICLES}/add`, token: ops, payload: vehicle(plate, carrierId) });
    expect(body.success, body.message).toBe(true);
    return body.result.id;
  };

  it('starts at 0, counts added vehicles, follows a vehicle moved to another carrier, and forgets a deleted one', async () => {
    expect(await counts()).toEqual([0, 0]);
    const first = await addVehicle('鲁Q7C001', ids.east);
    await addVehicle('鲁Q7C002', ids.east);
    await addVehicle('鲁Q7C003', null);
    // 沂东 sorts before 沂西.
    expect(await counts()).toEqual([2, 0]);
    const moved = await t.call({ method: 'PUT', url: `${VEHICLES}/edit`, token: ops, payload: { id: first, carrierId: ids.west } });
    expect(moved.body.success, moved.body.message).toBe(true);
    expect(await counts()).toEqual([1, 1]);
    const deleted = await t.call({ method: 'DELETE', url: `${VEHICLES}/delete?id=${first}`, token: ops });
    expect(deleted.body.success, deleted.body.message).toBe(true);
    expect(await counts()).toEqual([1, 0]);
  });

  it('ignores a count sent by a client', async () => {
    const { body } = await t.call({ method: 'PUT', url: `${CARRIERS}/edit`, token: ops, payload: { id: ids.west, vehicleCount: 99 } });
    expect(body.success, body.message).toBe(true);
    expect(await counts()).toEqual([1, 0]);
  });

  it('keeps a failed write from changing the count', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (tx) => {
        await sql`update hy_vehicle set carrier_id = ${ids.west} where vehicle_number = '鲁Q7C002'`.execute(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await counts()).toEqual([1, 0]);
  });

  it('seeds carriers whose counts match their demo fleets', async () => {
    const { rows } = await sql<{ mismatched: number }>`select count(*)::int as mismatched from hy_carrier p
      where p.vehicle_count is distinct from (select count(*) from hy_vehicle v where v.carrier_id = p.id and v.tenant_id = p.tenant_id)`.execute(t.ctx.db);
    expect(rows[0].mismatched).toBe(0);
    const { rows: fleets } = await sql<{ n: number }>`select count(*)::int as n from hy_vehicle where carrier_id is not null`.execute(t.ctx.db);
    expect(fleets[0].n).toBeGreaterThan(40);
  });
});
