import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';

const P = '/jeecg-boot';

describe.each(BACKENDS)('duplicate check on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let taken: WireRecord;
  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    taken = (await t.call<Page<WireRecord>>({ method: 'GET', url: `${P}/hydriver/hyDriver/list?pageSize=1`, token: ops })).body.result.records[0];
  });
  afterAll(async () => {
    await t?.close();
  });

  const check = (query: Record<string, string>, token = ops) =>
    t.call({ method: 'GET', url: `${P}/sys/duplicate/check?${new URLSearchParams(query).toString()}`, token });

  it('says whether a value is taken, by property or column name, ignoring the record being edited', async () => {
    const phone = String(taken.telephone);
    expect((await check({ tableName: 'hy_driver', fieldName: 'telephone', fieldVal: phone })).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await check({ tableName: 'hy_driver', fieldName: 'telephone', fieldVal: '13000000000' })).body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await check({ tableName: 'hy_driver', fieldName: 'id_card', fieldVal: '110' })).body).toMatchObject({ success: true });
    expect((await check({ tableName: 'hy_driver', fieldName: 'telephone', fieldVal: phone, dataId: String(taken.id) })).body).toMatchObject({ success: true });
    expect((await check({ tableName: 'hy_driver', fieldName: 'telephone', fieldVal: '' })).body).toMatchObject({ success: true, code: 500, message: '数据为空,不作处理！' });
  });

  it('names no table or column it does not know, and keeps SQL out of the parameters', async () => {
    const refused = { success: false, message: '不支持校验该字段' };
    expect((await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' })).body).toMatchObject(refused);
    expect((await check({ tableName: 'hy_driver where 1=1 --', fieldName: 'telephone', fieldVal: 'x' })).body).toMatchObject(refused);
    expect((await check({ tableName: 'hy_driver', fieldName: 'telephone) or (1=1', fieldVal: 'x' })).body).toMatchObject(refused);
    expect((await check({ tableName: 'hy_driver', fieldName: 'telephone', fieldVal: "' or '1'='1" })).body).toMatchObject({ success: true, message: '该值可用！' });
  });

  it('needs a session and the entity list permission', async () => {
    expect((await t.call({ method: 'GET', url: `${P}/sys/duplicate/check?tableName=hy_driver&fieldName=telephone&fieldVal=1` })).status).toBe(401);
    // The outbox is staff-readable only: ops has no list permission there.
    expect((await check({ tableName: 'sys_sms_outbox', fieldName: 'mobile', fieldVal: '1' })).body).toMatchObject({ success: false, code: 510 });
  });
});
