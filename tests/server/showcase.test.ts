/**
 * The showcase fixture (tests/fixtures/entities/showcase.entity.json) declares every field type, every dictionary
 * widget and every view in one file of configuration. Here the server it produces — table, endpoints, validation,
 * dictionary texts, masking, operations, Excel — is driven end to end, with no code written for the entity.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { schemasWithFixtures } from './helpers/fixture-schemas.ts';
import { multipart, TINY_PNG } from './helpers/multipart.ts';
import type { Page, WireRecord } from '../../src/contracts/index.ts';

const P = '/jeecg-boot';
const API = `${P}/test/showcase`;

describe.each(BACKENDS)('a screen made of one schema file, on %s', (kind) => {
  let t: TestApp;
  let schemas: ReturnType<typeof schemasWithFixtures>;
  let admin: string;
  let ops: string;
  let driverId: string;
  let photo: string;

  beforeAll(async () => {
    schemas = schemasWithFixtures();
    t = await startTestApp(kind, { schemasDir: schemas.dir });
    admin = await t.login('admin');
    ops = await t.login('ops');
    const drivers = await t.call<Page<WireRecord>>({ method: 'GET', url: `${P}/hydriver/hyDriver/list?pageSize=1`, token: admin });
    driverId = String(drivers.body.result.records[0].id);
    const body = multipart({ biz: 'showcase' }, { name: '车头.png', data: TINY_PNG, type: 'image/png' });
    const uploaded = await t.app.inject({ method: 'POST', url: `${P}/sys/common/upload`, headers: { ...body.headers, 'x-access-token': admin }, payload: body.payload });
    photo = (JSON.parse(uploaded.body) as { message: string }).message;
  });
  afterAll(async () => {
    await t?.close();
    schemas?.remove();
  });

  const full = () => ({
    code: `SC-${Math.random().toString(36).slice(2, 8)}`,
    roadCert: '123456789012',
    phone: '13912345678',
    remark: '一段说明',
    seats: 5,
    weight: 12.5,
    freight: 1234.5,
    loadDate: '2026-11-20',
    arriveTime: '2026-11-21 08:30:00',
    urgent: true,
    ownerType: '1',
    classes: 'A1,B2',
    classList: 'C1',
    driver: driverId,
    labels: 'ab,cd',
    photo,
    depart: 'd-ops',
    handlers: 'admin,ops',
    secret: 'hunter22',
    body: '<p onclick="x()">正文<script>alert(1)</script></p>',
    location: '109.78,39.61',
  });

  it('creates, lists with dictionary texts and masks, and never sends the password back', async () => {
    const record = full();
    const added = await t.call({ method: 'POST', url: `${API}/add`, token: admin, payload: record });
    expect(added.body).toMatchObject({ success: true });
    const page = await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?code=${record.code}`, token: admin });
    const row = page.body.result.records[0];
    expect(row).toMatchObject({
      code: record.code,
      status: '1',
      status_dictText: '待审核',
      classes: 'A1,B2',
      depart_dictText: '运营部',
      handlers_dictText: '系统管理员,运营专员',
      freight: 1234.5,
      urgent: true,
      phone: '139****5678',
    });
    expect(typeof row.driver_dictText).toBe('string');
    expect(row.driver_dictText).not.toBe(driverId);
    expect(row).not.toHaveProperty('secret');
    expect(String(row.body)).not.toMatch(/script|onclick/);
    const one = await t.call<WireRecord>({ method: 'GET', url: `${API}/queryById?id=${row.id}`, token: admin });
    expect(one.body.result).toMatchObject({ phone: '13912345678', photo });
    expect(one.body.result).not.toHaveProperty('secret');
  });

  it('refuses bad input with the field named and writes nothing', async () => {
    const before = (await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list`, token: admin })).body.result.total;
    for (const [field, value, label] of [
      ['phone', '12345', '手机号'],
      ['seats', 99, '座位数'],
      ['classList', 'C1,ZZ', '准驾车型(多选)'],
      ['driver', 'no-such-driver', '司机'],
      ['location', '200,10', '位置'],
      ['depart', 'no-such-depart', '所属部门'],
      ['photo', '../../etc/passwd', '照片'],
    ] as const) {
      const answer = await t.call({ method: 'POST', url: `${API}/add`, token: admin, payload: { ...full(), [field]: value } });
      expect(answer.body.success, field).toBe(false);
      expect(JSON.stringify(answer.body), field).toContain(label);
    }
    const after = (await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list`, token: admin })).body.result.total;
    expect(after).toBe(before);
  });

  it('filters by range and dictionary, and sorts only on declared columns', async () => {
    const cheap = { ...full(), freight: 10 };
    await t.call({ method: 'POST', url: `${API}/add`, token: admin, payload: cheap });
    // 审核通过 comes from the approve operation only; here the state is set directly.
    await sql`update test_showcase set status = '2' where code = ${cheap.code}`.execute(t.ctx.db);
    const ranged = await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?freight_begin=0&freight_end=100&status=2`, token: admin });
    expect(ranged.body.result.records.map((r) => r.code)).toEqual([cheap.code]);
    const sorted = await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?column=freight&order=asc`, token: admin });
    expect(sorted.body.result.records[0].freight).toBe(10);
    const refused = await t.call({ method: 'GET', url: `${API}/list?column=secret&order=asc`, token: admin });
    expect(refused.body.success).toBe(false);
  });

  it('runs the declared operations under their own permission codes', async () => {
    const record = full();
    await t.call({ method: 'POST', url: `${API}/add`, token: admin, payload: record });
    const id = (await t.call<Page<WireRecord>>({ method: 'GET', url: `${API}/list?code=${record.code}`, token: admin })).body.result.records[0].id;
    // ops has no grant on this fixture at all: the server refuses whatever the browser shows.
    const denied = await t.call({ method: 'PUT', url: `${API}/reject`, token: ops, payload: { id, rejectReason: '资料不全' } });
    expect(denied.body).toMatchObject({ success: false, code: 510 });
    const rejected = await t.call({ method: 'PUT', url: `${API}/reject`, token: admin, payload: { id, rejectReason: '资料不全' } });
    expect(rejected.body.success).toBe(true);
    const row = (await t.call<WireRecord>({ method: 'GET', url: `${API}/queryById?id=${id}`, token: admin })).body.result;
    expect(row).toMatchObject({ status: '3', rejectReason: '资料不全' });
    const again = await t.call({ method: 'PUT', url: `${API}/approve`, token: admin, payload: { id } });
    expect(again.body).toMatchObject({ success: false });
  });

  it('exports what the list shows, with texts for dictionaries and no password column', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `${API}/exportXls?status=1`, headers: { 'x-access-token': admin } });
    expect(answer.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).filter(Boolean).map(String);
    expect(header).toEqual(expect.arrayContaining(['编号', '审核状态', '所属部门', '经办人']));
    expect(header).not.toContain('口令');
    const texts = JSON.stringify(sheet.getSheetValues());
    expect(texts).toContain('待审核');
    expect(texts).toContain('运营部');
  });
});
