import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import type { PermissionResult } from '../../src/contracts/menu.ts';
import { idCardCheckChar } from '../../src/contracts/validation/formats.ts';

const API = '/jeecg-boot/hydriver/hyDriver';

interface DriverState {
  review_status: string;
  review_remark: string | null;
  update_by: string | null;
  driver_name: string;
  credit_score: number | null;
}

describe.each(BACKENDS)('declared entity operations (driver review) on %s', (kind) => {
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

  /** A new driver in the given review state, added through the API; returns its id. */
  async function driver(reviewStatus: string): Promise<string> {
    serial += 1;
    const first17 = `1101011990010${String(100 + serial).padStart(3, '0')}1`;
    const { body } = await t.call<{ id: string }>({
      method: 'POST',
      url: `${API}/add`,
      token: ops,
      payload: {
        driverName: `审核测试${serial}`,
        idCard: first17 + idCardCheckChar(first17),
        telephone: `137${String(10000000 + serial)}`,
        vehicleClass: 'A2',
        ownerType: '1',
      },
    });
    expect(body.success, body.message).toBe(true);
    // A new driver starts 待审核; other states come only from operations, so the fixture sets them directly.
    if (reviewStatus !== '1') await sql`update hy_driver set review_status = ${reviewStatus} where id = ${body.result.id}`.execute(t.ctx.db);
    return body.result.id;
  }

  const state = async (id: string) =>
    (
      await sql<DriverState>`select review_status, review_remark, update_by, driver_name, credit_score from hy_driver where id = ${id}`.execute(t.ctx.db)
    ).rows[0];

  const run = (key: string, payload: Record<string, unknown>, token = ops) =>
    t.call<{ count: number } | { errors: Array<{ field: string; message: string }> }>({ method: 'PUT', url: `${API}/${key}`, token, payload });

  it('creates a button permission per operation, granted to admin and ops only', async () => {
    const menu = async (token: string) =>
      (await t.call<PermissionResult>({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token })).body.result;
    const opsAuth = (await menu(ops)).auth.map((a) => a.action);
    expect(opsAuth).toEqual(expect.arrayContaining(['hydriver:hyDriver:approve', 'hydriver:hyDriver:reject']));
    const shipperMenu = await menu(shipper);
    expect(shipperMenu.auth.map((a) => a.action)).not.toContain('hydriver:hyDriver:approve');
    expect(shipperMenu.allAuth.find((a) => a.action === 'hydriver:hyDriver:approve')?.describe).toBe('审核通过司机');
  });

  it('refuses callers without the permission code, changing nothing', async () => {
    const id = await driver('1');
    const { body } = await run('approve', { id }, shipper);
    expect(body).toMatchObject({ success: false, code: 510 });
    expect((await state(id)).review_status).toBe('1');
    const anonymous = await t.call({ method: 'PUT', url: `${API}/approve`, payload: { id } });
    expect(anonymous.status).toBe(401);
  });

  it('approves a pending driver, writing the declared values and who did it', async () => {
    const id = await driver('1');
    await sql`update hy_driver set review_remark = '旧的驳回原因' where id = ${id}`.execute(t.ctx.db);
    const { body } = await run('approve', { id });
    expect(body).toMatchObject({ success: true, message: '审核通过成功!', result: { count: 1 } });
    expect(await state(id)).toMatchObject({ review_status: '2', review_remark: null, update_by: 'ops' });
    // POST works as well as PUT (JeecgBoot clients use either for writes).
    const again = await t.call({ method: 'POST', url: `${API}/approve`, token: ops, payload: { id } });
    expect(again.body).toMatchObject({ success: false, message: '只有待审核的记录可以审核通过' });
  });

  it('refuses a row whose state fails the guard, naming the state', async () => {
    const id = await driver('3');
    const { body } = await run('approve', { id });
    expect(body).toMatchObject({ success: false, message: '只有待审核的记录可以审核通过' });
    expect(await state(id)).toMatchObject({ review_status: '3', update_by: null });
  });

  it('changes nothing in a batch when one row fails the guard', async () => {
    const pending = await driver('1');
    const approved = await driver('2');
    const refused = await run('approve', { ids: `${pending},${approved}` });
    expect(refused.body).toMatchObject({ success: false, message: '只有待审核的记录可以审核通过' });
    expect((await state(pending)).review_status).toBe('1');

    const other = await driver('1');
    const ok = await run('approve', { ids: `${pending}, ${other}` });
    expect(ok.body).toMatchObject({ success: true, result: { count: 2 } });
    expect((await state(pending)).review_status).toBe('2');
    expect((await state(other)).review_status).toBe('2');
  });

  it('validates the input with the field rules and the operation\'s required flag', async () => {
    const id = await driver('1');
    for (const payload of [{ id }, { id, reviewRemark: '   ' }]) {
      const { body } = await run('reject', payload);
      expect(body).toMatchObject({ success: false, message: '驳回原因：请输入驳回原因' });
      expect(body.result).toMatchObject({ errors: [{ field: 'reviewRemark', message: '驳回原因：请输入驳回原因' }] });
    }
    const long = await run('reject', { id, reviewRemark: '证'.repeat(201) });
    expect(long.body).toMatchObject({ success: false, message: '驳回原因：驳回原因不能超过200个字符' });
    expect(await state(id)).toMatchObject({ review_status: '1', review_remark: null });

    // Only declared inputs and `set` are written: other body properties are ignored.
    const { body } = await run('reject', { id, reviewRemark: ' 证件模糊，请重新上传 ', driverName: '改名', creditScore: 1, tenant_id: 2 });
    expect(body).toMatchObject({ success: true, message: '驳回成功!' });
    expect(await state(id)).toMatchObject({ review_status: '3', review_remark: '证件模糊，请重新上传', driver_name: expect.stringMatching(/^审核测试/), credit_score: 100 });
  });

  it('answers another tenant\'s row as not found and leaves it alone', async () => {
    await t.ctx.db.insertInto('sys_tenant').values({ id: 2, name: '另一平台', status: 1 }).onConflict((oc) => oc.column('id').doNothing()).execute();
    await sql`insert into hy_driver (id, driver_name, id_card, telephone, vehicle_class, owner_type, review_status, tenant_id)
      values ('other-tenant-driver', '别家司机', '110101199001011237', '13600000000', 'A2', '1', '1', 2)`.execute(t.ctx.db);
    const mine = await driver('1');
    for (const payload of [{ id: 'other-tenant-driver' }, { ids: `${mine},other-tenant-driver` }]) {
      const { body } = await run('approve', payload);
      expect(body).toMatchObject({ success: false, message: '未找到对应数据' });
    }
    expect((await state('other-tenant-driver')).review_status).toBe('1');
    expect((await state(mine)).review_status).toBe('1');
  });

  it('asks for rows, refuses `all` on an operation without a toolbar button', async () => {
    for (const payload of [{}, { ids: ' , ' }, { all: true }]) {
      const { body } = await run('approve', payload);
      expect(body).toMatchObject({ success: false, message: '请选择要操作的记录' });
    }
  });
});
