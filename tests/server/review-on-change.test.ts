/**
 * freight-domain §2.2: an approved driver or customer whose certificate (number, image, validity) is edited goes
 * back to 待审核 and shows up in the pending counts; other edits, and edits of records not approved, leave the
 * review state alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

type Row = Record<string, unknown>;

describe.each(BACKENDS)('review re-opened by certificate changes on %s', (kind) => {
  let t: TestApp;
  let ops: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
  });
  afterAll(async () => {
    await t?.close();
  });

  const one = async (table: 'hy_driver' | 'hy_customer', reviewStatus: string) =>
    (await sql<{ id: string }>`select id from ${sql.table(table)} where review_status = ${reviewStatus} order by id limit 1`.execute(t.ctx.db)).rows[0].id;
  const reviewOf = async (table: 'hy_driver' | 'hy_customer', id: string) =>
    (await sql<{ review_status: string }>`select review_status from ${sql.table(table)} where id = ${id}`.execute(t.ctx.db)).rows[0].review_status;
  const edit = (api: string, payload: Row) => t.call({ method: 'PUT', url: `/jeecg-boot${api}/edit`, token: ops, payload });
  const pendingDrivers = async () => (await t.call<{ sijiCount: number }>({ method: 'GET', url: '/jeecg-boot/hydriver/hyDriver/getDsXx', token: ops })).body.result.sijiCount;

  it('an approved driver whose licence validity changes goes back to 待审核, and the pending count grows', async () => {
    const id = await one('hy_driver', '2');
    const before = await pendingDrivers();
    const renamed = await edit('/hydriver/hyDriver', { id, remark: '只改备注' });
    expect(renamed.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(await reviewOf('hy_driver', id)).toBe('2');

    const changed = await edit('/hydriver/hyDriver', { id, validPeriodTo: '2031-06-30', licenseNo: 'LIC-NEW-0001' });
    expect(changed.body.success, changed.body.message).toBe(true);
    expect(changed.body.message).toMatch(/^编辑成功! .*(驾驶证|有效期).*已变更，已转为待审核$/);
    expect(await reviewOf('hy_driver', id)).toBe('1');
    expect(await pendingDrivers()).toBe(before + 1);
  });

  it('a pending or rejected driver stays as it is when its certificate changes', async () => {
    const id = await one('hy_driver', '3');
    const changed = await edit('/hydriver/hyDriver', { id, validPeriodTo: '2032-01-31' });
    expect(changed.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(await reviewOf('hy_driver', id)).toBe('3');
  });

  it('a refused edit re-opens nothing', async () => {
    const id = await one('hy_driver', '2');
    const refused = await edit('/hydriver/hyDriver', { id, licenseNo: 'LIC-X', validPeriodTo: 'not a date' });
    expect(refused.body.success).toBe(false);
    expect(await reviewOf('hy_driver', id)).toBe('2');
  });

  it('an approved customer whose licence validity changes goes back to 待审核', async () => {
    const id = await one('hy_customer', '2');
    const changed = await edit('/customer/hyCustomer', { id, creditCodeValidTo: '2039-12-31' });
    expect(changed.body.success, changed.body.message).toBe(true);
    expect(changed.body.message).toMatch(/已转为待审核$/);
    expect(await reviewOf('hy_customer', id)).toBe('1');
  });
});
