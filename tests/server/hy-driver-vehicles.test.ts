import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import type { DictModel } from '../../src/contracts/menu.ts';

const P = '/jeecg-boot';
const API = `${P}/hydriver/hyDriverVehicle`;
type Errors = { errors: Array<{ field: string; message: string }> };
type Page = { records: Array<Record<string, unknown>>; total: number };

describe.each(BACKENDS)('driver ↔ vehicle bindings (%s)', (kind) => {
  let t: TestApp;
  let ops: string;
  let shipper: string;
  let driverId: string;
  let vehicle: { id: string; vehicle_number: string };

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    shipper = await t.login('shipperadmin');
    // Every seeded driver already has a vehicle; a vehicle nobody drives yet is bound below.
    driverId = (await sql<{ id: string }>`select id from hy_driver order by id desc limit 1`.execute(t.ctx.db)).rows[0].id;
    vehicle = (await sql<{ id: string; vehicle_number: string }>`select id, vehicle_number from hy_vehicle v where not exists
      (select 1 from hy_driver_vehicle b where b.vehicle_id = v.id) order by id limit 1`.execute(t.ctx.db)).rows[0];
  });
  afterAll(async () => {
    await t?.close();
  });

  const bind = (payload: Record<string, unknown>, token = ops) => t.call<{ id: string } & Errors>({ method: 'POST', url: `${API}/add`, token, payload });

  it('finds vehicles by plate through the table dictionary the form searches', async () => {
    const prefix = vehicle.vehicle_number.slice(0, 4);
    const found = await t.call<DictModel[]>({ method: 'GET', url: `${P}/sys/dict/loadDict/hy_vehicle_dict?keyword=${encodeURIComponent(prefix)}&pageSize=50`, token: ops });
    expect(found.body.success).toBe(true);
    expect(found.body.result.map((item) => item.text)).toContain(vehicle.vehicle_number);
  });

  it('binds a vehicle to a driver; the driver\'s list shows the plate and relation', async () => {
    const { body } = await bind({ driverId, vehicleId: vehicle.id, relation: '1', isDefault: true });
    expect(body).toMatchObject({ success: true, message: '添加成功！' });
    const list = await t.call<Page>({ method: 'GET', url: `${API}/list?driverId=${driverId}`, token: ops });
    expect(list.body.result.records).toEqual(expect.arrayContaining([
      expect.objectContaining({ vehicleId: vehicle.id, vehicleId_dictText: vehicle.vehicle_number, relation_dictText: '本人', isDefault: true }),
    ]));
    expect(list.body.result.records.every((r) => r.driverId === driverId)).toBe(true);
  });

  it('refuses binding the same vehicle twice, an unknown vehicle, and a missing vehicle', async () => {
    const twice = await bind({ driverId, vehicleId: vehicle.id, relation: '3' });
    expect(twice.body).toMatchObject({ success: false, message: '该车辆已绑定到此司机' });
    expect(twice.body.result.errors).toEqual([{ field: 'driverId', message: '该车辆已绑定到此司机' }]);
    const unknown = await bind({ driverId, vehicleId: 'no-such-vehicle', relation: '1' });
    expect(unknown.body).toMatchObject({ success: false, message: '车辆：请从列表中选择' });
    const missing = await bind({ driverId, relation: '1' });
    expect(missing.body).toMatchObject({ success: false, message: '车辆：请输入车辆' });
    const badRelation = await bind({ driverId, vehicleId: vehicle.id, relation: '9' });
    expect(badRelation.body).toMatchObject({ success: false, message: '人车关系：请从列表中选择' });
  });

  it('on edit, looks up only the fields that changed: an untouched reference no longer listed does not block a remark', async () => {
    const spare = (await sql<{ id: string }>`select id from hy_vehicle v where not exists
      (select 1 from hy_driver_vehicle b where b.vehicle_id = v.id) order by id desc limit 1`.execute(t.ctx.db)).rows[0].id;
    const added = await bind({ driverId, vehicleId: spare, relation: '2' });
    expect(added.body.success, added.body.message).toBe(true);
    const bindingId = (await sql<{ id: string }>`select id from hy_driver_vehicle where vehicle_id = ${spare}`.execute(t.ctx.db)).rows[0].id;
    const edit = (payload: Record<string, unknown>) => t.call<Errors>({ method: 'PUT', url: `${API}/edit`, token: ops, payload: { id: bindingId, ...payload } });
    // The vehicle leaves the list the picker offers (deleted under the binding): the binding's other fields stay editable.
    await sql`update hy_vehicle set tenant_id = -1 where id = ${spare}`.execute(t.ctx.db);
    try {
      expect((await edit({ remark: '备用车' })).body).toMatchObject({ success: true });
      // Naming it again, or another vehicle that does not exist, is still checked.
      expect((await edit({ vehicleId: 'no-such-vehicle' })).body).toMatchObject({ success: false, message: '车辆：请从列表中选择' });
      // A changed combination is still checked for uniqueness.
      const clash = await edit({ vehicleId: vehicle.id });
      expect(clash.body).toMatchObject({ success: false, message: '该车辆已绑定到此司机' });
    } finally {
      await sql`update hy_vehicle set tenant_id = 1 where id = ${spare}`.execute(t.ctx.db);
    }
  });

  it('lets another driver bind the same vehicle (车队 shares trucks)', async () => {
    const other = (await sql<{ id: string }>`select id from hy_driver where id <> ${driverId} order by id limit 1`.execute(t.ctx.db)).rows[0].id;
    const { body } = await bind({ driverId: other, vehicleId: vehicle.id, relation: '3' });
    expect(body.success, body.message).toBe(true);
  });

  it('is for platform staff only: shippers can neither list nor bind', async () => {
    expect((await t.call({ method: 'GET', url: `${API}/list?driverId=${driverId}`, token: shipper })).body).toMatchObject({ success: false, code: 510 });
    expect((await bind({ driverId, vehicleId: vehicle.id, relation: '1' }, shipper)).body).toMatchObject({ success: false, code: 510 });
  });

  it('offers 绑定车辆 on the driver list to ops', async () => {
    const menu = await t.call<{ auth: Array<{ action: string }>; allAuth: Array<{ action: string; describe: string }> }>({
      method: 'GET', url: `${P}/sys/permission/getUserPermissionByToken`, token: ops,
    });
    expect(menu.body.result.auth.map((a) => a.action)).toEqual(expect.arrayContaining(['hydriver:hyDriver:vehicles', 'hydriver:hyDriverVehicle:add']));
  });
});
