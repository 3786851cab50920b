import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipart, TINY_PNG } from './helpers/multipart.ts';

const P = '/jeecg-boot';

describe.each(BACKENDS)('uploads and downloads on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(token: string, name: string, data: Buffer, fields: Record<string, string> = {}) {
    const body = multipart(fields, { name, data });
    const response = await t.app.inject({ method: 'POST', url: `${P}/sys/common/upload`, headers: { ...body.headers, 'x-access-token': token }, payload: body.payload });
    return response.json() as { success: boolean; message: string; result: { path: string; name: string } | null };
  }
  const download = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { 'x-access-token': token } : {} });

  it('stores an image under a random name and serves it to its tenant with a token', async () => {
    const answer = await upload(ops, '驾驶证.png', TINY_PNG, { biz: 'driver' });
    expect(answer.success).toBe(true);
    expect(answer.message).toMatch(/^driver\/\d{8}\/[\w-]+\.png$/);
    expect(answer.result).toMatchObject({ path: answer.message, name: '驾驶证.png' });
    const file = await download(`${P}/sys/common/static/${answer.message}`, ops);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await upload(ops, 'a.png', TINY_PNG)).message).toMatch(/^temp\//);
  });

  it('refuses anonymous downloads, and answers other tenants as if the file did not exist', async () => {
    const { message: path } = await upload(ops, 'x.png', TINY_PNG);
    expect((await download(`${P}/sys/common/static/${path}`)).statusCode).toBe(401);
    await t.ctx.db.insertInto('sys_tenant').values({ id: 2, name: '另一平台', status: 1 }).onConflict((oc) => oc.column('id').doNothing()).execute();
    await t.ctx.db.updateTable('sys_user').set({ rel_tenant_ids: '2' }).where('username', '=', 'shipper').execute();
    const other = await t.login('shipper');
    expect((await download(`${P}/sys/common/static/${path}`, other)).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${P}/sys/common/signUrl?path=${path}`, token: other })).body.success).toBe(false);
    await t.ctx.db.updateTable('sys_user').set({ rel_tenant_ids: '1' }).where('username', '=', 'shipper').execute();
  });

  it('signs short-lived URLs that work without a session, and refuses tampered or expired ones', async () => {
    const { message: path } = await upload(ops, 'y.png', TINY_PNG);
    const signed = await t.call<string>({ method: 'GET', url: `${P}/sys/common/signUrl?path=${path}`, token: ops });
    expect(signed.body.result).toMatch(/\?expires=\d+&sign=[\w-]+$/);
    expect((await download(signed.body.result)).statusCode).toBe(200);
    const tampered = signed.body.result.replace(/sign=./, (m) => (m.endsWith('A') ? 'sign=B' : 'sign=A'));
    expect((await download(tampered)).statusCode).toBe(401);
    const expired = signed.body.result.replace(/expires=\d+/, 'expires=1000');
    expect((await download(expired)).statusCode).toBe(401);
    const { message: otherPath } = await upload(ops, 'z.png', TINY_PNG);
    expect((await download(signed.body.result.replace(path, otherPath))).statusCode).toBe(401);
  });

  it('refuses scripts, disguised files, climbing folders and oversized files', async () => {
    expect(await upload(ops, 'x.svg', Buffer.from('<svg onload="alert(1)"/>'))).toMatchObject({ success: false, message: '不支持上传该类型的文件：.svg' });
    expect(await upload(ops, 'x.html', Buffer.from('<script>'))).toMatchObject({ success: false });
    expect(await upload(ops, 'photo.png', Buffer.from('#!/bin/sh\nrm -rf /'))).toMatchObject({ success: false, message: '文件内容与扩展名不符' });
    expect(await upload(ops, 'a.png', TINY_PNG, { biz: '../../etc' })).toMatchObject({ success: false, message: '上传目录不正确' });
    expect(await upload(ops, 'empty.txt', Buffer.alloc(0))).toMatchObject({ success: false, message: '文件内容为空' });
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expect(await upload(ops, 'big.png', big)).toMatchObject({ success: false, message: '文件大小不能超过10MB' });
    expect((await download(`${P}/sys/common/static/..%2F..%2Fpackage.json`, ops)).statusCode).toBe(404);
    expect((await download(`${P}/sys/common/static/temp/../../package.json`, ops)).statusCode).toBe(404);
  });

  it('needs a session to upload', async () => {
    const body = multipart({}, { name: 'a.png', data: TINY_PNG });
    const response = await t.app.inject({ method: 'POST', url: `${P}/sys/common/upload`, headers: body.headers, payload: body.payload });
    expect(response.statusCode).toBe(401);
  });
});

describe.each(BACKENDS)('image and file fields on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs several paths at once, only the caller tenant\'s', async () => {
    const ops = await t.login('ops');
    const body = multipart({}, { name: 'a.png', data: TINY_PNG });
    const uploaded = (await t.app.inject({ method: 'POST', url: `${P}/sys/common/upload`, headers: { ...body.headers, 'x-access-token': ops }, payload: body.payload })).json() as { message: string };
    const signed = await t.call<Record<string, { url: string; name: string }>>({ method: 'POST', url: `${P}/sys/common/signUrls`, token: ops, payload: { paths: [uploaded.message, 'temp/20260101/nothere.png', '../x'] } });
    expect(Object.keys(signed.body.result)).toEqual([uploaded.message]);
    expect(signed.body.result[uploaded.message]).toMatchObject({ name: 'a.png', url: expect.stringMatching(/sign=/) });
    expect((await t.call({ method: 'POST', url: `${P}/sys/common/signUrls`, token: ops, payload: { paths: 'x' } })).body.success).toBe(false);
  });

  it('keeps uploaded paths on records and refuses typed, foreign or too many paths', async () => {
    const ops = await t.login('ops');
    const upload = async () => {
      const body = multipart({ biz: 'driver' }, { name: 'licence.png', data: TINY_PNG });
      return ((await t.app.inject({ method: 'POST', url: `${P}/sys/common/upload`, headers: { ...body.headers, 'x-access-token': ops }, payload: body.payload })).json() as { message: string }).message;
    };
    const first17 = '15060219950505123';
    const { idCardCheckChar } = await import('../../src/contracts/validation/formats.ts');
    const driver = { driverName: '图片司机', idCard: first17 + idCardCheckChar(first17), telephone: '13766660001', vehicleClass: 'A2', ownerType: '1', reviewStatus: '1' };
    const add = (extra: Record<string, unknown>) => t.call({ method: 'POST', url: `${P}/hydriver/hyDriver/add`, token: ops, payload: { ...driver, ...extra } });

    expect((await add({ licenseImg: 'driver/20260101/madeup.png' })).body).toMatchObject({ success: false, message: '驾驶证：文件不存在，请重新上传' });
    expect((await add({ licenseImg: '../../etc/passwd' })).body).toMatchObject({ success: false, message: '驾驶证：只能使用通过上传得到的文件' });
    const six = await Promise.all(Array.from({ length: 6 }, upload));
    expect((await add({ attachments: six.join(',') })).body).toMatchObject({ success: false, message: '其他附件最多5个' });

    const licence = await upload();
    const done = await add({ licenseImg: licence, attachments: six.slice(0, 2).join(',') });
    expect(done.body.success).toBe(true);
    const row = await t.call<{ records: Array<Record<string, unknown>> }>({ method: 'GET', url: `${P}/hydriver/hyDriver/list?driverName=图片司机`, token: ops });
    expect(row.body.result.records[0]).toMatchObject({ licenseImg: licence, attachments: six.slice(0, 2).join(',') });
  });
});
