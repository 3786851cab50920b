/**
 * Line items saved with their parent (schema `children`): one transaction, rows checked with the child's rules and
 * named by row, the foreign key and positions set by the server, rows of other parents never reachable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { schemasWithFixtures } from './helpers/fixture-schemas.ts';
import type { WireRecord } from '../../src/contracts/envelope.ts';

const API = '/jeecg-boot/test/testOrder';
const LINES = `${API}/queryTestOrderLineListByMainId`;

describe.each(BACKENDS)('child tables on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ops: string;
  const schemas = schemasWithFixtures();

  beforeAll(async () => {
    t = await startTestApp(kind, { schemasDir: schemas.dir });
    admin = await t.login('admin');
    ops = await t.login('ops');
  });
  afterAll(async () => {
    await t?.close();
    schemas.remove();
  });

  const lineCount = async () => (await sql<{ n: number }>`select count(*)::int as n from test_order_line`.execute(t.ctx.db)).rows[0].n;
  const orderCount = async () => (await sql<{ n: number }>`select count(*)::int as n from test_order`.execute(t.ctx.db)).rows[0].n;
  const idOf = async (orderNo: string) =>
    (await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${API}/list?orderNo=${orderNo}`, token: admin })).body.result.records[0].id as string;
  const lines = async (id: string, token = admin) => t.call<WireRecord[]>({ method: 'GET', url: `${LINES}?id=${id}`, token });

  it('adds an order with its lines in one go, positions and parent set by the server', async () => {
    const { body } = await t.call({
      method: 'POST',
      url: `${API}/add`,
      token: admin,
      payload: {
        orderNo: 'SO-1',
        lineList: [
          { goods: '钢材', weight: 12.5, amount: 1000.1, orderId: 'forged', orderNum: 9 },
          { goods: '水泥', weight: 3, amount: 20 },
        ],
      },
    });
    expect(body.success, body.message).toBe(true);
    const id = await idOf('SO-1');
    const { body: listed } = await lines(id);
    expect(listed.result.map((r) => [r.goods, r.orderNum, r.orderId, r.amount])).toEqual([
      ['钢材', 1, id, 1000.1],
      ['水泥', 2, id, 20],
    ]);
  });

  it('refuses a bad line by row and field, and writes neither the order nor any line', async () => {
    const [orders, linesBefore] = [await orderCount(), await lineCount()];
    const { body } = await t.call<null>({
      method: 'POST',
      url: `${API}/add`,
      token: admin,
      payload: { orderNo: 'SO-BAD', lineList: [{ goods: '好行', weight: 1 }, { goods: '', weight: 500 }] },
    });
    expect(body.success).toBe(false);
    const errors = (body as unknown as { result: { errors: Array<{ field: string; message: string }> } }).result.errors;
    expect(errors.map((e) => e.field)).toEqual(['lineList[1].goods', 'lineList[1].weight']);
    expect(errors[0].message).toMatch(/^货物明细第2行：货物名称/);
    expect([await orderCount(), await lineCount()]).toEqual([orders, linesBefore]);
  });

  it('on edit keeps, updates, deletes and adds lines; an id of another order’s line is taken as a new row', async () => {
    await t.call({ method: 'POST', url: `${API}/add`, token: admin, payload: { orderNo: 'SO-2', lineList: [{ goods: '木材' }] } });
    const other = (await lines(await idOf('SO-2'))).body.result[0];
    const id = await idOf('SO-1');
    const [steel, cement] = (await lines(id)).body.result;
    const { body } = await t.call({
      method: 'PUT',
      url: `${API}/edit`,
      token: admin,
      payload: { id, orderNo: 'SO-1', lineList: [{ id: cement.id, goods: '水泥（袋装）', weight: 3 }, { goods: '玻璃' }, { id: other.id, goods: '偷来的行' }] },
    });
    expect(body.success, body.message).toBe(true);
    const after = (await lines(id)).body.result;
    expect(after.map((r) => [r.goods, r.orderNum])).toEqual([
      ['水泥（袋装）', 1],
      ['玻璃', 2],
      ['偷来的行', 3],
    ]);
    expect(after[0].id).toBe(cement.id);
    expect(after.map((r) => r.id)).not.toContain(steel.id);
    expect(after.map((r) => r.id)).not.toContain(other.id);
    // The other order still has its own line, untouched.
    expect((await lines(await idOf('SO-2'))).body.result.map((r) => [r.id, r.goods])).toEqual([[other.id, '木材']]);
  });

  it('leaves the lines alone when an edit does not send them, and deletes them with their order', async () => {
    const id = await idOf('SO-1');
    await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id, orderNo: 'SO-1', remark: '只改备注' } });
    expect((await lines(id)).body.result).toHaveLength(3);
    const { body } = await t.call({ method: 'DELETE', url: `${API}/delete?id=${id}`, token: admin });
    expect(body.success, body.message).toBe(true);
    expect((await sql<{ n: number }>`select count(*)::int as n from test_order_line where order_id = ${id}`.execute(t.ctx.db)).rows[0].n).toBe(0);
  });

  it('shows lines to whoever may read the order, and no one else', async () => {
    const id = await idOf('SO-2');
    expect((await lines(id, ops)).body.success).toBe(true);
    const shipper = await t.login('shipper');
    expect((await lines(id, shipper)).body.success).toBe(false);
    expect((await t.call({ method: 'GET', url: `${LINES}?id=nope`, token: admin })).body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('refuses more lines than the schema allows', async () => {
    const lineList = Array.from({ length: 51 }, (_, i) => ({ goods: `货${i}` }));
    const { body } = await t.call({ method: 'POST', url: `${API}/add`, token: admin, payload: { orderNo: 'SO-MANY', lineList } });
    expect(body).toMatchObject({ success: false, message: '货物明细最多50行' });
  });
});
