import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { schemasWithFixtures } from './helpers/fixture-schemas.ts';
import type { DictModel, Page, WireRecord } from '../../src/contracts/index.ts';

const P = '/jeecg-boot';

describe.each(BACKENDS)('table dictionaries on %s', (kind) => {
  let t: TestApp;
  let schemas: ReturnType<typeof schemasWithFixtures>;
  let ops: string;
  let driver: WireRecord;
  beforeAll(async () => {
    schemas = schemasWithFixtures();
    t = await startTestApp(kind, { schemasDir: schemas.dir });
    ops = await t.login('ops');
    driver = (await t.call<Page<WireRecord>>({ method: 'GET', url: `${P}/hydriver/hyDriver/list?pageSize=1&column=driverName&order=asc`, token: ops })).body.result.records[0];
  });
  afterAll(async () => {
    await t?.close();
    schemas?.remove();
  });

  it('searches rows by keyword, limited, and translates values back to texts', async () => {
    const name = String(driver.driverName);
    const found = await t.call<DictModel[]>({ method: 'GET', url: `${P}/sys/dict/loadDict/hy_driver_dict?keyword=${encodeURIComponent(name)}&pageSize=5`, token: ops });
    expect(found.body.result.length).toBeGreaterThan(0);
    expect(found.body.result.length).toBeLessThanOrEqual(5);
    expect(found.body.result.every((item) => item.text.includes(name))).toBe(true);
    expect(found.body.result.map((item) => item.value)).toContain(driver.id);
    const texts = await t.call<string[]>({ method: 'GET', url: `${P}/sys/dict/loadDictItem/hy_driver_dict?key=${driver.id},nope`, token: ops });
    expect(texts.body.result).toEqual([name, 'nope']);
    const wild = await t.call<DictModel[]>({ method: 'GET', url: `${P}/sys/dict/loadDict/hy_driver_dict?keyword=%25`, token: ops });
    expect(wild.body.result).toEqual([]);
  });

  it('shows the text beside stored values in lists and refuses values that are not rows', async () => {
    const add = await t.call({ method: 'POST', url: `${P}/test/hyDriverNote/add`, token: ops, payload: { driverId: driver.id, note: '夜间不接单' } });
    expect(add.body.success).toBe(true);
    const list = await t.call<Page<WireRecord>>({ method: 'GET', url: `${P}/test/hyDriverNote/list`, token: ops });
    expect(list.body.result.records[0]).toMatchObject({ driverId: driver.id, driverId_dictText: driver.driverName });
    const bad = await t.call({ method: 'POST', url: `${P}/test/hyDriverNote/add`, token: ops, payload: { driverId: 'no-such-driver', note: 'x' } });
    expect(bad.body).toMatchObject({ success: false, message: '司机：请从列表中选择' });
  });

  it('never takes a table or column from the client, and checks the source entity permission', async () => {
    for (const code of ['sys_user,username,password', 'sys_user', 'hy_driver,driver_name,id']) {
      const answer = await t.call({ method: 'GET', url: `${P}/sys/dict/loadDict/${encodeURIComponent(code)}?keyword=a`, token: ops });
      expect(answer.body).toMatchObject({ success: false, message: '字典Code格式不正确！' });
    }
    // Without the right to list drivers, their names are not readable through the dictionary either.
    const opsRole = await t.ctx.db.selectFrom('sys_role').select('id').where('role_code', '=', 'ops').executeTakeFirstOrThrow();
    await t.ctx.db.deleteFrom('sys_role_permission').where('role_id', '=', opsRole.id).where('permission_id', '=', 'perm:hydriver:hyDriver:list').execute();
    for (const url of ['loadDict/hy_driver_dict?keyword=a', 'loadDictItem/hy_driver_dict?key=1', 'getDictItems/hy_driver_dict']) {
      expect((await t.call({ method: 'GET', url: `${P}/sys/dict/${url}`, token: ops })).body).toMatchObject({ success: false, code: 510 });
    }
  });
});
