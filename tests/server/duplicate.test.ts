import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
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
    const listed = (await t.call<Page<WireRecord>>({ method: 'GET', url: `${P}/hydriver/hyDriver/list?pageSize=1`, token: ops })).body.result.records[0];
    // Lists show the phone masked; the detail shows it whole to someone who may edit drivers.
    taken = (await t.call<WireRecord>({ method: 'GET', url: `${P}/hydriver/hyDriver/queryById?id=${String(listed.id)}`, token: ops })).body.result;
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
    expect((await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' })).body).toMatchObject({ success: false, code: 510 });
    expect((await check({ tableName: 'hy_driver where 1=1 --', fieldName: 'telephone', fieldVal: 'x' })).body).toMatchObject(refused);
    expect((await check({ tableName: 'hy_driver', fieldName: 'telephone) or (1=1', fieldVal: 'x' })).body).toMatchObject(refused);
    expect((await check({ tableName: 'hy_driver', fieldName: 'telephone', fieldVal: "' or '1'='1" })).body).toMatchObject({ success: true, message: '该值可用！' });
  });

  it('needs a session and the entity list permission', async () => {
    expect((await t.call({ method: 'GET', url: `${P}/sys/duplicate/check?tableName=hy_driver&fieldName=telephone&fieldVal=1` })).status).toBe(401);
    // The outbox is staff-readable only: ops has no list permission there.
    expect((await check({ tableName: 'sys_sms_outbox', fieldName: 'mobile', fieldVal: '1' })).body).toMatchObject({ success: false, code: 510 });
  });

  // Issue 21 finding 1: the check was a second oracle for values the caller is not shown.
  it('answers only for checkable fields the caller is shown, among the rows the caller may read', async () => {
    const refused = { success: false, message: '不支持校验该字段' };
    const [note] = (await sql<{ fee: string; customer: string; number: string }>`select customer_fee::text as fee, customer_id as customer,
      shipping_note_number as number from hy_shipping_note where customer_fee is not null limit 1`.execute(t.ctx.db)).rows;
    // Fees are no unique field: nobody may probe them, staff included.
    expect((await check({ tableName: 'hy_shipping_note', fieldName: 'customer_fee', fieldVal: note.fee })).body).toMatchObject(refused);
    const shipper = await t.login('shipper');
    // A phone a shipper sees only masked is not checkable for it.
    expect((await check({ tableName: 'hy_driver', fieldName: 'telephone', fieldVal: String(taken.telephone) }, shipper)).body).toMatchObject(refused);
    // Another shipper's waybill number is "available" to this shipper: the check looks only at its own rows.
    const [own] = (await sql<{ customer: string }>`select customer_id as customer from sys_user where username = 'shipper'`.execute(t.ctx.db)).rows;
    const [other] = (await sql<{ number: string }>`select shipping_note_number as number from hy_shipping_note
      where customer_id <> ${own.customer} and coalesce(agent_id, '') <> ${own.customer} limit 1`.execute(t.ctx.db)).rows;
    const [mine] = (await sql<{ number: string }>`select shipping_note_number as number from hy_shipping_note where customer_id = ${own.customer} limit 1`.execute(t.ctx.db)).rows;
    expect((await check({ tableName: 'hy_shipping_note', fieldName: 'shippingNoteNumber', fieldVal: other.number }, shipper)).body).toMatchObject({ success: true });
    expect((await check({ tableName: 'hy_shipping_note', fieldName: 'shippingNoteNumber', fieldVal: mine.number }, shipper)).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await check({ tableName: 'hy_shipping_note', fieldName: 'shippingNoteNumber', fieldVal: other.number })).body).toMatchObject({ success: false });
  });

  // Issue 24 point 2: the stock JeecgBoot user, role and dictionary forms ask these before saving.
  it('answers for the system tables the stock forms check, never for a password, in the tenant, leaving out dataId', async () => {
    const admin = await t.login('admin');
    const refused = { success: false, message: '不支持校验该字段' };
    const taken = { success: false, message: '该值不可用，系统中已存在！' };
    const free = { success: true, message: '该值可用！' };
    await sql`update sys_user set work_no = 'W-OPS-01', email = 'ops@example.com' where username = 'ops'`.execute(t.ctx.db);
    const [user] = (await sql<{ id: string; phone: string; email: string }>`select id, phone, email from sys_user
      where username = 'ops'`.execute(t.ctx.db)).rows;
    const [role] = (await sql<{ id: string; code: string }>`select id, role_code as code from sys_role where tenant_id = 1 limit 1`.execute(t.ctx.db)).rows;
    const [dict] = (await sql<{ id: string; code: string }>`select id, dict_code as code from sys_dict limit 1`.execute(t.ctx.db)).rows;
    const cases: [string, string, string, string][] = [
      ['sys_user', 'username', 'ops', user.id],
      ['sys_user', 'work_no', 'W-OPS-01', user.id],
      ['sys_user', 'phone', user.phone, user.id],
      ['sys_user', 'email', user.email, user.id],
      ['sys_role', 'role_code', role.code, role.id],
      ['sys_dict', 'dict_code', dict.code, dict.id],
    ];
    for (const [tableName, fieldName, value, id] of cases) {
      expect(value, `${tableName}.${fieldName} has a demo value`).toBeTruthy();
      expect((await check({ tableName, fieldName, fieldVal: value }, admin)).body, `${tableName}.${fieldName}`).toMatchObject(taken);
      expect((await check({ tableName, fieldName, fieldVal: value, dataId: id }, admin)).body, `${tableName}.${fieldName} dataId`).toMatchObject(free);
      expect((await check({ tableName, fieldName, fieldVal: `${value}-free-9` }, admin)).body, `${tableName}.${fieldName} free`).toMatchObject(free);
    }
    // A user in the recycle bin is out of every read, the check's too (the save still refuses their username).
    const [deleted] = (await sql<{ username: string }>`select username from sys_user where del_flag = 1 limit 1`.execute(t.ctx.db)).rows;
    expect((await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: deleted.username }, admin)).body).toMatchObject(free);
    // The password, by property or column, with its stored hash or anything else; and fields nobody keeps unique.
    const [hash] = (await sql<{ hash: string }>`select password_hash as hash from sys_user where id = ${user.id}`.execute(t.ctx.db)).rows;
    for (const fieldName of ['password', 'password_hash']) {
      for (const fieldVal of [hash.hash, 'Freight@2026']) expect((await check({ tableName: 'sys_user', fieldName, fieldVal }, admin)).body).toMatchObject(refused);
    }
    expect((await check({ tableName: 'sys_user', fieldName: 'realname', fieldVal: 'x' }, admin)).body).toMatchObject(refused);
    expect((await check({ tableName: 'sys_role', fieldName: 'role_name', fieldVal: 'x' }, admin)).body).toMatchObject(refused);
    // Another tenant's role code is not this tenant's business: the check looks only in the caller's tenant.
    await sql`insert into sys_role (id, role_code, role_name, tenant_id) values ('r-other-tenant', 'other_tenant_role', '他租户角色', 2)`.execute(t.ctx.db);
    expect((await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'other_tenant_role' }, admin)).body).toMatchObject(free);
    // Without the screen's list permission, no answer at all.
    expect((await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: role.code })).body).toMatchObject({ success: false, code: 510 });
  });
});
