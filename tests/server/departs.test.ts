import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUserDeparts, SelectDepartResult } from '../../src/contracts/departs.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const DEPARTS = '/jeecg-boot/sys/user/getCurrentUserDeparts';
const SELECT = '/jeecg-boot/sys/selectDepart';

describe.each(BACKENDS)('the caller’s departments on %s', (kind) => {
  let t: TestApp;
  let opsId: string;

  async function orgCodeOfOps(): Promise<string | null> {
    const row = await t.ctx.db.selectFrom('sys_user').select('org_code').where('id', '=', opsId).executeTakeFirstOrThrow();
    return row.org_code;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    const ops = await t.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'ops').executeTakeFirstOrThrow();
    opsId = ops.id;
    // The seed gives ops one department (运营部, A01A01); a second one makes the choice real.
    await t.ctx.db.insertInto('sys_user_depart').values({ user_id: opsId, dep_id: 'd-finance' }).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a session', async () => {
    expect((await t.call({ method: 'GET', url: DEPARTS })).status).toBe(401);
    expect((await t.call({ method: 'PUT', url: SELECT, payload: { orgCode: 'A01A02' } })).status).toBe(401);
  });

  it('lists both departments of a user with two, and the current one', async () => {
    const token = await t.login('ops');
    const { body } = await t.call<CurrentUserDeparts>({ method: 'GET', url: DEPARTS, token });
    expect(body.success).toBe(true);
    expect(body.result.orgCode).toBe('A01A01');
    expect(body.result.list).toEqual([
      { id: 'd-ops', departName: '运营部', orgCode: 'A01A01' },
      { id: 'd-finance', departName: '财务部', orgCode: 'A01A02' },
    ]);
  });

  it('refuses a department the caller does not belong to, bad input, or someone else’s account, and changes nothing', async () => {
    const token = await t.login('ops');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ orgCode: 'A02' }, '您不属于该部门'],
      [{ orgCode: 'A01' }, '您不属于该部门'],
      [{ orgCode: "A01A02' or '1'='1" }, '您不属于该部门'],
      [{}, '请选择部门'],
      [{ orgCode: 42 }, '请选择部门'],
      [{ orgCode: 'A01A02', username: 'admin' }, '只能切换自己的部门'],
    ];
    for (const [payload, message] of cases) {
      const { status, body } = await t.call({ method: 'PUT', url: SELECT, token, payload });
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, message });
    }
    expect(await orgCodeOfOps()).toBe('A01A01');
  });

  it('switches to one of the caller’s own departments and answers with the login-shaped userInfo', async () => {
    const token = await t.login('ops');
    const { body } = await t.call<SelectDepartResult>({ method: 'PUT', url: SELECT, token, payload: { orgCode: 'A01A02', username: 'ops' } });
    expect(body.success).toBe(true);
    expect(body.result.userInfo).toMatchObject({ username: 'ops', realname: '运营专员', orgCode: 'A01A02', userType: 1 });
    expect(body.result.userInfo).not.toHaveProperty('password_hash');
    expect(await orgCodeOfOps()).toBe('A01A02');
    const { body: again } = await t.call<CurrentUserDeparts>({ method: 'GET', url: DEPARTS, token });
    expect(again.result.orgCode).toBe('A01A02');
  });
});
