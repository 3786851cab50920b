/**
 * Data scopes on both backends: a customer-scoped entity (declared in a schema file written for the test) and
 * JeecgBoot data rules on the drivers' menu page. Scope comes from the session only; out-of-scope rows can be
 * neither read nor changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { NO_CUSTOMER_MESSAGE } from '../../server/entity/data-scope.ts';

const CARGO = '/jeecg-boot/test/testCargo';
const DRIVERS = '/jeecg-boot/hydriver/hyDriver';
const NOT_FOUND = '未找到对应数据';
const ALL = ['list', 'add', 'edit', 'delete', 'exportXls'];

function schemasWithCargo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freight-schemas-'));
  fs.cpSync(path.resolve('schemas'), dir, { recursive: true });
  fs.mkdirSync(path.join(dir, 'entities', 'test'), { recursive: true });
  const cargo = {
    kind: 'entity', name: 'testCargo', title: '货物', table: 'test_cargo', api: '/test/testCargo', permissionPrefix: 'test:testCargo',
    fields: {
      customerId: { label: '货主', type: 'string', maxLength: 32 },
      cargoName: { label: '货物名称', type: 'string', required: true },
      // Picks another cargo through a table dictionary over this same customer-scoped entity.
      parentCargo: { label: '上级货物', type: 'string', dict: 'test_cargo_dict' },
    },
    list: { columns: ['customerId', 'cargoName'] },
    form: { fields: ['customerId', 'cargoName'] },
    menu: { parent: 'wlhy', path: '/test/TestCargoList', component: 'test/TestCargoList', order: 99 },
    actions: ['list', 'add', 'edit', 'delete', 'exportXls'],
    defaultGrants: { ops: ALL, shipper: ALL, shipperadmin: ALL },
    dataScope: { customer: 'customerId' },
  };
  fs.writeFileSync(path.join(dir, 'entities', 'test', 'test-cargo.entity.json'), JSON.stringify(cargo));
  const pickers = { dictionaries: [], tableDictionaries: [{ code: 'test_cargo_dict', name: '货物', entity: 'testCargo', text: 'cargoName', value: 'id' }] };
  fs.writeFileSync(path.join(dir, 'dicts', 'test.dicts.json'), JSON.stringify(pickers));
  return dir;
}

describe.each(BACKENDS)('data scopes on %s', (kind) => {
  let t: TestApp;
  let schemasDir: string;
  let ops: string;
  let shipper: string;
  let shipperAdmin: string;
  const cargo: Record<string, string> = {};

  beforeAll(async () => {
    schemasDir = schemasWithCargo();
    t = await startTestApp(kind, { schemasDir });
    await sql`update sys_user set customer_id = 'C1' where username = 'shipper'`.execute(t.ctx.db);
    // The demo seed links shipperadmin to the first demo customer; here it stands for an account without one.
    await sql`update sys_user set customer_id = null where username = 'shipperadmin'`.execute(t.ctx.db);
    [ops, shipper, shipperAdmin] = [await t.login('ops'), await t.login('shipper'), await t.login('shipperadmin')];
    for (const [name, customerId] of [['c1-a', 'C1'], ['c1-b', 'C1'], ['c2-a', 'C2']]) {
      const { body } = await t.call<{ id: string }>({ method: 'POST', url: `${CARGO}/add`, token: ops, payload: { customerId, cargoName: name } });
      expect(body.success, body.message).toBe(true);
      cargo[name] = body.result.id;
    }
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(schemasDir, { recursive: true, force: true });
  });

  const list = (token: string, query = '') => t.call<Page<WireRecord>>({ method: 'GET', url: `${CARGO}/list?pageSize=100&${query}`, token });
  const rowOf = async (id: string) => (await sql<{ customer_id: string; cargo_name: string }>`select customer_id, cargo_name from test_cargo where id = ${id}`.execute(t.ctx.db)).rows[0];
  const q = encodeURIComponent;

  it('shows a customer only their own rows, and staff all of them', async () => {
    expect((await list(ops)).body.result.total).toBe(3);
    const mine = (await list(shipper)).body.result.records;
    expect(mine.map((r) => r.cargoName).sort()).toEqual(['c1-a', 'c1-b']);
  });

  it('offers and accepts in pickers only the rows the caller may see', async () => {
    const offered = async (token: string) =>
      (await t.call<Array<{ text: string }>>({ method: 'GET', url: `/jeecg-boot/sys/dict/loadDict/test_cargo_dict?keyword=c`, token })).body.result.map((i) => i.text).sort();
    expect(await offered(ops)).toEqual(['c1-a', 'c1-b', 'c2-a']);
    expect(await offered(shipper)).toEqual(['c1-a', 'c1-b']);
    const all = await t.call<Array<{ text: string }>>({ method: 'GET', url: `/jeecg-boot/sys/dict/getDictItems/test_cargo_dict`, token: shipper });
    expect(all.body.result.map((i) => i.text).sort()).toEqual(['c1-a', 'c1-b']);
    const foreign = await t.call({ method: 'POST', url: `${CARGO}/add`, token: shipper, payload: { cargoName: 'x', parentCargo: cargo['c2-a'] } });
    expect(foreign.body).toMatchObject({ success: false });
    expect(JSON.stringify(foreign.body)).toContain('上级货物');
    const own = await t.call({ method: 'POST', url: `${CARGO}/add`, token: shipper, payload: { cargoName: 'x', parentCargo: cargo['c1-a'] } });
    expect(own.body.success).toBe(true);
    await sql`delete from test_cargo where cargo_name = 'x'`.execute(t.ctx.db);
  });

  it('cannot be widened by forged parameters, advanced queries or headers', async () => {
    expect((await list(shipper, 'customerId=C2')).body.result.total).toBe(0);
    const orQuery = q(JSON.stringify([{ field: 'customerId', rule: 'eq', val: 'C2' }, { field: 'cargoName', rule: 'like', val: 'c' }]));
    expect((await list(shipper, `superQueryParams=${orQuery}&superQueryMatchType=or`)).body.result.total).toBe(2);
    const forged = await t.call<Page<WireRecord>>({ method: 'GET', url: `${CARGO}/list?cid=C2&customer_id=C2`, token: shipper, headers: { cid: 'C2', 'x-customer-id': 'C2' } });
    expect(forged.body.result.records.every((r) => r.customerId === 'C1')).toBe(true);
  });

  it('answers 未找到对应数据 for another customer’s row on read, edit and delete, changing nothing', async () => {
    const other = cargo['c2-a'];
    expect((await t.call({ method: 'GET', url: `${CARGO}/queryById?id=${other}`, token: shipper })).body).toMatchObject({ success: false, message: NOT_FOUND });
    const edit = await t.call({ method: 'PUT', url: `${CARGO}/edit`, token: shipper, payload: { id: other, cargoName: 'stolen' } });
    expect(edit.body).toMatchObject({ success: false, message: NOT_FOUND });
    expect((await t.call({ method: 'DELETE', url: `${CARGO}/delete?id=${other}`, token: shipper })).body).toMatchObject({ success: false, message: NOT_FOUND });
    expect((await t.call({ method: 'DELETE', url: `${CARGO}/deleteBatch?ids=${other}`, token: shipper })).body).toMatchObject({ success: false, message: NOT_FOUND });
    expect(await rowOf(other)).toEqual({ customer_id: 'C2', cargo_name: 'c2-a' });
  });

  it('deletes only the customer’s own rows from a mixed batch', async () => {
    const { body } = await t.call<{ id: string }>({ method: 'POST', url: `${CARGO}/add`, token: ops, payload: { customerId: 'C1', cargoName: 'c1-tmp' } });
    const res = await t.call({ method: 'DELETE', url: `${CARGO}/deleteBatch?ids=${body.result.id},${cargo['c2-a']}`, token: shipper });
    expect(res.body.success).toBe(true);
    expect(await rowOf(body.result.id)).toBeUndefined();
    expect(await rowOf(cargo['c2-a'])).toBeDefined();
  });

  it('stamps the caller’s own customer on adds and edits, whatever the body says', async () => {
    const added = await t.call<{ id: string }>({ method: 'POST', url: `${CARGO}/add`, token: shipper, payload: { customerId: 'C2', cargoName: 'mine' } });
    expect(added.body.success, added.body.message).toBe(true);
    expect((await rowOf(added.body.result.id)).customer_id).toBe('C1');
    const moved = await t.call({ method: 'PUT', url: `${CARGO}/edit`, token: shipper, payload: { id: cargo['c1-a'], customerId: 'C2' } });
    expect(moved.body.success, moved.body.message).toBe(true);
    expect((await rowOf(cargo['c1-a'])).customer_id).toBe('C1');
  });

  it('gives a customer account without a current customer nothing at all', async () => {
    expect((await list(shipperAdmin)).body.result.total).toBe(0);
    const add = await t.call({ method: 'POST', url: `${CARGO}/add`, token: shipperAdmin, payload: { customerId: 'C1', cargoName: 'x' } });
    expect(add.body).toMatchObject({ success: false, message: NO_CUSTOMER_MESSAGE });
  });

  it('exports only the rows in scope', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${CARGO}/exportXls`, headers: { 'x-access-token': shipper } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const names: string[] = [];
    book.worksheets[0].eachRow((row, line) => { if (line > 1) names.push(String(row.getCell(2).value)); });
    expect(names.sort()).toEqual((await list(shipper)).body.result.records.map((r) => String(r.cargoName)).sort());
    expect(names).not.toContain('c2-a');
  });

  describe('data rules on the drivers page', () => {
    const addRule = async (id: string, column: string, condition: string, value: string, status = '1') => {
      await sql`insert into sys_permission_data_rule (id, permission_id, rule_name, rule_column, rule_conditions, rule_value, status)
        values (${id}, 'page:hyDriver', ${id}, ${column}, ${condition}, ${value}, ${status})`.execute(t.ctx.db);
    };
    const bindToOps = async (ruleIds: string) => {
      await sql`update sys_role_permission set data_rule_ids = ${ruleIds}
        where permission_id = 'page:hyDriver' and role_id = (select id from sys_role where role_code = 'ops')`.execute(t.ctx.db);
    };
    const driverTotal = async (token: string) => (await t.call<Page<WireRecord>>({ method: 'GET', url: `${DRIVERS}/list?pageSize=100`, token })).body.result.total;
    let admin: string;
    let elsewhere: string[];

    beforeAll(async () => {
      admin = await t.login('admin');
      const ids = (await sql<{ id: string }>`select id from hy_driver order by id limit 5`.execute(t.ctx.db)).rows.map((r) => r.id);
      await sql`update hy_driver set sys_org_code = 'A01A02' where id in (${sql.join(ids)})`.execute(t.ctx.db);
      elsewhere = ids;
      await addRule('r_org', 'sysOrgCode', '=', '#{sys_org_code}');
      await addRule('r_badcol', 'no_such_column', '=', 'x');
      await addRule('r_sql', 'sysOrgCode', 'USE_SQL_RULES', '1=1) or (1=1');
      await addRule('r_off', 'sysOrgCode', '=', 'ZZZ', '0');
      await addRule('r_unknown_var', 'createBy', '=', '#{no_such_var}');
      await addRule('r_prefix', 'sys_org_code', 'RIGHT_LIKE', 'A01');
    });

    it('restricts a bound role with #{sys_org_code}, ignoring unknown columns, SQL rules and disabled rules', async () => {
      expect(await driverTotal(ops)).toBe(40);
      await bindToOps('r_org,r_badcol,r_sql,r_off');
      expect(await driverTotal(ops)).toBe(35);
      // Roles not bound to the rule are not restricted.
      expect(await driverTotal(admin)).toBe(40);
    });

    it('fails closed when a rule value names something the session lacks', async () => {
      await bindToOps('r_unknown_var');
      expect(await driverTotal(ops)).toBe(0);
      await bindToOps('r_prefix');
      expect(await driverTotal(ops)).toBe(40);
    });

    it('keeps out-of-rule rows out of reach for edit and delete', async () => {
      await bindToOps('r_org');
      const target = elsewhere[0];
      expect((await t.call({ method: 'GET', url: `${DRIVERS}/queryById?id=${target}`, token: ops })).body).toMatchObject({ success: false, message: NOT_FOUND });
      const edit = await t.call({ method: 'PUT', url: `${DRIVERS}/edit`, token: ops, payload: { id: target, remark: 'changed' } });
      expect(edit.body).toMatchObject({ success: false, message: NOT_FOUND });
      expect((await t.call({ method: 'DELETE', url: `${DRIVERS}/delete?id=${target}`, token: ops })).body).toMatchObject({ success: false, message: NOT_FOUND });
      expect((await t.call({ method: 'DELETE', url: `${DRIVERS}/deleteBatch?ids=${elsewhere.join(',')}`, token: ops })).body).toMatchObject({ success: false, message: NOT_FOUND });
      // Custom operations (审核通过) are confined the same way.
      await sql`update hy_driver set review_status = '1' where id = ${target}`.execute(t.ctx.db);
      expect((await t.call({ method: 'PUT', url: `${DRIVERS}/approve`, token: ops, payload: { ids: target } })).body).toMatchObject({ success: false, message: NOT_FOUND });
      const rows = await sql<{ remark: string | null }>`select remark from hy_driver where id in (${sql.join(elsewhere)})`.execute(t.ctx.db);
      expect(rows.rows).toHaveLength(5);
      expect(rows.rows.every((r) => r.remark !== 'changed')).toBe(true);
      const status = await sql<{ review_status: string }>`select review_status from hy_driver where id = ${target}`.execute(t.ctx.db);
      expect(status.rows[0].review_status).toBe('1');
    });
  });
});
