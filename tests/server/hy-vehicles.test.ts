import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipart } from './helpers/multipart.ts';
import { recordErrors } from '../../server/entity/validation.ts';
import { generateCarriers, generateVehicles, vinCheckChar } from '../../server/seed/demo-vehicles.ts';

const P = '/jeecg-boot';
const API = `${P}/hyvehicle/hyVehicle`;
type Errors = { errors: Array<{ field: string; message: string }> };
type Page = { records: Array<Record<string, unknown>>; total: number };

const goodVehicle = {
  vehicleNumber: '鲁Q8A123',
  vehiclePlateColorCode: '2',
  vehicleType: 'Q11',
  vin: 'LZZ1CCND6MW123456',
  inspectionValidTo: '2027-06-30',
  vehicleEnergyType: 'B',
  vehicleTonnage: 32.5,
  grossMass: 49,
  roadTransportCertificateNumber: '371300123456',
  trailerVehiclePlateNumber: '鲁Q1234挂',
};

describe.each(BACKENDS)('vehicles: add, formats, plate+colour uniqueness, review (%s)', (kind) => {
  let t: TestApp;
  let ops: string;
  let shipper: string;
  let serial = 0;

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
  const review = async (id: string) =>
    (await sql<{ review_status: string | null; review_remark: string | null }>`select review_status, review_remark from hy_vehicle where id = ${id}`.execute(t.ctx.db)).rows[0];
  /** A fresh vehicle (unique plate per call); returns its id. */
  async function vehicle(): Promise<string> {
    serial += 1;
    const { body } = await add({ ...goodVehicle, vehicleNumber: `冀B${String(70000 + serial)}` });
    expect(body.success, body.message).toBe(true);
    return body.result.id;
  }

  it('seeds demo vehicles and carriers that pass their own rules, with a review queue and expiring papers', async () => {
    const vehicles = t.ctx.entities.find((e) => e.schema.name === 'hyVehicle')!;
    const carriers = t.ctx.entities.find((e) => e.schema.name === 'hyCarrier')!;
    const generated = generateVehicles(80);
    for (const row of generated) expect(recordErrors(t.ctx, vehicles, { ...row })).toEqual([]);
    for (const row of generated) expect(vinCheckChar(String(row.vin))).toBe(String(row.vin)[8]);
    for (const row of generateCarriers(8)) expect(recordErrors(t.ctx, carriers, { ...row })).toEqual([]);

    const list = await t.call<Page>({ method: 'GET', url: `${API}/list?pageSize=100`, token: ops });
    expect(list.body.result.total).toBe(80);
    const statuses = new Set(list.body.result.records.map((r) => r.reviewStatus));
    expect([...statuses]).toEqual(expect.arrayContaining(['1', '2']));
    expect(list.body.result.records[0]).toHaveProperty('vehiclePlateColorCode_dictText');
    const expired = await t.call<Page>({ method: 'GET', url: `${API}/list?inspectionValidTo_end=2026-11-21`, token: ops });
    expect(expired.body.result.total).toBeGreaterThan(0);
    const carrierList = await t.call<Page>({ method: 'GET', url: `${P}/hycarrier/hyCarrier/list`, token: ops });
    expect(carrierList.body.result.total).toBe(8);
    const bound = await sql<{ n: number }>`select count(*)::int as n from hy_driver_vehicle`.execute(t.ctx.db);
    expect(bound.rows[0].n).toBeGreaterThanOrEqual(40);
  });

  it('adds a vehicle as 未提交 whatever the body says', async () => {
    const { body } = await add({ ...goodVehicle, reviewStatus: '2' });
    expect(body).toMatchObject({ success: true, message: '添加成功！' });
    expect(await review(body.result.id)).toMatchObject({ review_status: '0' });
    const one = await t.call<Record<string, unknown>>({ method: 'GET', url: `${API}/queryById?id=${body.result.id}`, token: ops });
    expect(one.body.result).toMatchObject({ vehicleNumber: '鲁Q8A123', reviewStatus: '0', reviewStatus_dictText: '未提交', vehicleType_dictText: '重型半挂牵引车' });
  });

  it('refuses bad plates, VINs and missing fields with a sentence naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...goodVehicle, vehicleNumber: '鲁I12345' }, 'vehicleNumber', '车牌号：请输入正确的车牌号'],
      [{ ...goodVehicle, vehicleNumber: 'AB12345' }, 'vehicleNumber', '车牌号：请输入正确的车牌号'],
      [{ ...goodVehicle, vin: 'LZZ1CCND6MW12345O' }, 'vin', '车辆识别代号：请输入正确的17位车辆识别代号'],
      [{ ...goodVehicle, trailerVehiclePlateNumber: '挂车123' }, 'trailerVehiclePlateNumber', '挂车牌照号：请输入正确的挂车牌照号'],
      [{ ...goodVehicle, vehiclePlateColorCode: '8' }, 'vehiclePlateColorCode', '车牌颜色：请从列表中选择'],
      [{ ...goodVehicle, inspectionValidTo: '' }, 'inspectionValidTo', '检验有效期至：请输入检验有效期至'],
      [{ ...goodVehicle, grossMass: -1 }, 'grossMass', '总质量(吨)：总质量(吨)不能小于0'],
    ];
    for (const [payload, field, message] of cases) {
      const { body } = await add(payload);
      expect(body).toMatchObject({ success: false, message });
      expect(body.result.errors[0]).toEqual({ field, message });
    }
  });

  it('refuses the same plate number with the same colour, on add and on edit; another colour is another vehicle', async () => {
    const dup = await add({ ...goodVehicle, vehicleNumber: '苏E12345' });
    expect(dup.body.success).toBe(true);
    const again = await add({ ...goodVehicle, vehicleNumber: '苏E12345' });
    expect(again.body).toMatchObject({ success: false, message: '该车牌号与车牌颜色的车辆已存在' });
    expect(again.body.result.errors).toEqual([{ field: 'vehicleNumber', message: '该车牌号与车牌颜色的车辆已存在' }]);
    const blue = await add({ ...goodVehicle, vehicleNumber: '苏E12345', vehiclePlateColorCode: '1' });
    expect(blue.body.success).toBe(true);
    const edit = await t.call<Errors>({ method: 'PUT', url: `${API}/edit`, token: ops, payload: { id: blue.body.result.id, vehiclePlateColorCode: '2' } });
    expect(edit.body).toMatchObject({ success: false, message: '该车牌号与车牌颜色的车辆已存在' });
    // Saving a vehicle unchanged is not a clash with itself.
    const same = await t.call({ method: 'PUT', url: `${API}/edit`, token: ops, payload: { id: blue.body.result.id, owner: '临沂顺达物流有限公司' } });
    expect(same.body).toMatchObject({ success: true });
  });

  it('imports vehicles, refusing a plate+colour repeated in the file or already stored', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('车辆');
    const header = ['车牌号', '车牌颜色', '车辆类型', '检验有效期至', '能源类型', '核定载质量(吨)', '总质量(吨)', '道路运输证号'];
    const line = (plate: string, color: string) => [plate, color, '重型普通货车', '2027-05-01', '柴油', 18, 31, '130200123456'];
    for (const row of [header, line('冀B66661', '黄色'), line('冀B66661', '黄色'), line('冀B66661', '蓝色'), line('苏E12345', '黄色')]) sheet.addRow(row);
    const body = multipart({}, { name: '车辆.xlsx', data: Buffer.from(await workbook.xlsx.writeBuffer()) });
    const response = await t.app.inject({ method: 'POST', url: `${API}/importExcel`, headers: { ...body.headers, 'x-access-token': ops }, payload: body.payload });
    expect(response.json()).toMatchObject({ success: true, code: 201, result: { totalCount: 4, successCount: 2, errorCount: 2 } });
    const stored = await sql<{ vehicle_plate_color_code: string; review_status: string }>`select vehicle_plate_color_code, review_status
      from hy_vehicle where vehicle_number = '冀B66661' order by vehicle_plate_color_code`.execute(t.ctx.db);
    expect(stored.rows).toEqual([{ vehicle_plate_color_code: '1', review_status: '0' }, { vehicle_plate_color_code: '2', review_status: '0' }]);
  });

  it('moves through 提交审核 → 驳回 → 提交审核 → 审核通过, refusing steps out of order', async () => {
    const id = await vehicle();
    expect((await run('approve', { id })).body).toMatchObject({ success: false, message: '只有待审核的记录可以审核通过' });
    expect((await run('submit', { id })).body).toMatchObject({ success: true, message: '提交审核成功!' });
    expect(await review(id)).toMatchObject({ review_status: '1' });
    expect((await run('submit', { id })).body).toMatchObject({ success: false, message: '只有未提交或已驳回的车辆可以提交审核' });
    const noReason = await run('reject', { id });
    expect(noReason.body).toMatchObject({ success: false, message: '驳回原因：请输入驳回原因' });
    expect((await run('reject', { id, reviewRemark: '行驶证照片不清晰' })).body).toMatchObject({ success: true, message: '驳回成功!' });
    expect(await review(id)).toMatchObject({ review_status: '3', review_remark: '行驶证照片不清晰' });
    expect((await run('submit', { id })).body.success).toBe(true);
    expect((await run('approve', { id })).body).toMatchObject({ success: true, message: '审核通过成功!' });
    expect(await review(id)).toMatchObject({ review_status: '2', review_remark: null });
    // An edit cannot set the review state itself.
    await t.call({ method: 'PUT', url: `${API}/edit`, token: ops, payload: { id, reviewStatus: '0', owner: '张三' } });
    expect(await review(id)).toMatchObject({ review_status: '2' });
  });

  it('lets shippers list vehicles but not add, edit or review them', async () => {
    expect((await t.call({ method: 'GET', url: `${API}/list?pageSize=1`, token: shipper })).body.success).toBe(true);
    expect((await add({ ...goodVehicle, vehicleNumber: '京A99999' }, shipper)).body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    const id = await vehicle();
    await run('submit', { id });
    expect((await run('approve', { id }, shipper)).body).toMatchObject({ success: false, code: 510 });
    expect(await review(id)).toMatchObject({ review_status: '1' });
    expect((await t.call({ method: 'PUT', url: `${API}/submit`, payload: { id } })).status).toBe(401);
  });
});
