/**
 * Issue 22, item 7: an operation whose one input is an upload field (司机 → 上传附件, 运单 → 上传回单) stores the
 * uploaded files on the row — only files uploaded in the caller's tenant, at most the field's maxCount — under its
 * own permission and guard.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { multipart, TINY_PNG } from './helpers/multipart.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const P = '/jeecg-boot';
const API = `${P}/hydriver/hyDriver`;

describe.each(BACKENDS)('the 上传附件 operation on drivers on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let shipper: string;
  let driverId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    shipper = await t.login('shipper');
    driverId = (await sql<{ id: string }>`select id from hy_driver limit 1`.execute(t.ctx.db)).rows[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(name: string): Promise<string> {
    const body = multipart({ biz: 'driver' }, { name, data: TINY_PNG });
    const response = await t.app.inject({ method: 'POST', url: `${P}/sys/common/upload`, headers: { ...body.headers, 'x-access-token': ops }, payload: body.payload });
    const answer = response.json() as { success: boolean; message: string };
    expect(answer.success).toBe(true);
    return answer.message;
  }
  const run = (token: string, attachments: string) =>
    t.call({ method: 'PUT', url: `${API}/uploadAttachments`, token, payload: { id: driverId, attachments } });

  it('stores the uploaded files as the row\'s 其他附件', async () => {
    const paths = [await upload('合同.png'), await upload('体检.png')];
    expect((await run(ops, paths.join(','))).body).toMatchObject({ success: true, message: '附件已上传' });
    const row = await t.call<WireRecord>({ method: 'GET', url: `${API}/queryById?id=${driverId}`, token: ops });
    expect(row.body.result.attachments).toBe(paths.join(','));
  });

  it('refuses a path nobody uploaded, more files than the field holds, and nothing at all', async () => {
    const forged = await run(ops, 'driver/20260101/not-uploaded.png');
    expect(forged.body).toMatchObject({ success: false });
    expect(JSON.stringify(forged.body)).toContain('其他附件：文件不存在，请重新上传');
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(`${i}.png`)));
    expect(JSON.stringify((await run(ops, many.join(','))).body)).toContain('其他附件最多5个');
    expect((await run(ops, '')).body.success).toBe(false);
  });

  it('uploads a waybill\'s 回单 while it waits for them (卸货 done), and only then', async () => {
    const waybill = async (status: string) =>
      (await sql<{ id: string }>`select id from hy_shipping_note where shipping_status = ${status} limit 1`.execute(t.ctx.db)).rows[0].id;
    const receipt = await upload('回单.png');
    const unloaded = await waybill('3');
    const done = await t.call({ method: 'PUT', url: `${P}/hyshipping/hyShippingNote/uploadReceipt`, token: ops, payload: { id: unloaded, receiptImgs: receipt } });
    expect(done.body).toMatchObject({ success: true, message: '回单已上传' });
    const row = await t.call<WireRecord>({ method: 'GET', url: `${P}/hyshipping/hyShippingNote/queryById?id=${unloaded}`, token: ops });
    expect(row.body.result.receiptImgs).toBe(receipt);
    const signed = await t.call({ method: 'PUT', url: `${P}/hyshipping/hyShippingNote/uploadReceipt`, token: ops, payload: { id: await waybill('4'), receiptImgs: receipt } });
    expect(signed.body.success).toBe(false);
  });

  it('is refused to a shipper, who may only list drivers', async () => {
    expect((await run(shipper, await upload('x.png'))).body).toMatchObject({ success: false, code: 510 });
  });
});
