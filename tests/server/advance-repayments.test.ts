/**
 * 垫付还款 (issue 22, item 1) on both databases: the list names the shipper (table dictionary text, not its id);
 * a repayment is recorded through the openForm add with an idempotency key — numeric two decimals, at least the
 * advance, all or nothing, once per key and once per advance even under parallel calls — and the advance then reads
 * 已还款 and is never billed; the menu entry is only for shippers settling by 垫付.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import type { MenuNode } from '../../src/contracts/menu.ts';
import { createBill } from '../../server/domains/freight/settlement/bills.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const ADVANCES = '/jeecg-boot/plateform/cost/list';
const REPAY = '/jeecg-boot/plateform/cost/repayment/add';
const MENU = '/jeecg-boot/sys/permission/getUserPermissionByToken';
const VOUCHER = 'advance-repayment/test-voucher.png';

describe.each(BACKENDS)('垫付还款 on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  /** Demo waybills made 垫付 advances the platform has paid: [0] for the flow, [1] for races, [2] billed, [3] unpaid. */
  const notes: Array<{ id: string; no: string; customerId: string }> = [];
  let keySeq = 0;
  const newKey = () => `test-key-${kind}-${++keySeq}-${Date.now()}`;

  const repay = (payload: Record<string, unknown>, key: string | null = newKey(), token = ops) =>
    t.call<{ id: string }>({ method: 'POST', url: REPAY, token, payload, headers: key === null ? {} : { 'idempotency-key': key } });
  const repayments = async (noteId: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from hy_advance_repayment where shipping_note_id = ${noteId}`.execute(t.ctx.db)).rows[0].n;
  const advance = async (no: string) =>
    (await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${ADVANCES}?shippingNoteNumber=${no}`, token: ops })).body.result.records[0];

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    const picked = await sql<{ id: string; no: string; customerId: string }>`select id, shipping_note_number as no, customer_id as "customerId"
      from hy_shipping_note where tenant_id = 1 and customer_id is not null order by shipping_note_number limit 4`.execute(t.ctx.db);
    notes.push(...picked.rows);
    for (const note of notes) {
      await sql`update hy_shipping_note set settlement_type = '4', pay_status = '2', bill_id = null, bill_flag = '0', shipping_status = '6',
        driver_fee = 1234.50 where id = ${note.id}`.execute(t.ctx.db);
    }
    await sql`update hy_shipping_note set bill_id = 'some-bill', bill_flag = '1' where id = ${notes[2].id}`.execute(t.ctx.db);
    await sql`update hy_shipping_note set pay_status = '0' where id = ${notes[3].id}`.execute(t.ctx.db);
    await sql`insert into sys_file (path, tenant_id, original_name, mime, size) values (${VOUCHER}, 1, 'voucher.png', 'image/png', 10)`.execute(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the shipper by name, as the waybill list does', async () => {
    const row = await advance(notes[0].no);
    const name = await sql<{ name: string }>`select customer_name as name from hy_customer where id = ${notes[0].customerId}`.execute(t.ctx.db);
    expect(row).toMatchObject({ customerId: notes[0].customerId, customerId_dictText: name.rows[0].name, repayStatus: '0', repayStatus_dictText: '未还款' });
  });

  it('refuses a repayment without a key, below the advance or with three decimals, writing nothing', async () => {
    const payload = { shippingNoteId: notes[0].id, amount: 1234.5, repayTime: '2026-11-20 10:00:00', voucher: VOUCHER };
    expect((await repay(payload, null)).body).toMatchObject({ success: false, message: expect.stringContaining('Idempotency-Key') });
    const key = newKey();
    const low = await repay({ ...payload, amount: 1234.49 }, key);
    expect(low.body).toMatchObject({ success: false, message: '还款金额不能少于垫付金额 1234.50 元' });
    expect((await repay({ ...payload, amount: 1234.505 })).body.success).toBe(false);
    expect((await repay({ ...payload, voucher: undefined })).body).toMatchObject({ success: false, message: expect.stringContaining('还款凭证') });
    expect(await repayments(notes[0].id)).toBe(0);
    // A refused submission leaves its key unused: the corrected one goes through with it.
    const fixed = await repay(payload, key);
    expect(fixed.body).toMatchObject({ success: true, message: '还款成功!' });
    expect(await repayments(notes[0].id)).toBe(1);
  });

  it('marks the advance repaid with amount, time and voucher, keeps it off bills, and answers a repeat with the first result', async () => {
    expect(await advance(notes[0].no)).toMatchObject({ repayStatus: '1', repayStatus_dictText: '已还款', repayAmount: 1234.5, repayTime: '2026-11-20 10:00:00', repayVoucher: VOUCHER });
    const exact = await sql<{ amount: string }>`select amount::text as amount from hy_advance_repayment where shipping_note_id = ${notes[0].id}`.execute(t.ctx.db);
    expect(exact.rows[0].amount).toBe('1234.50');
    expect((await repay({ shippingNoteId: notes[0].id, amount: 1300, repayTime: '2026-11-21 10:00:00', voucher: VOUCHER })).body).toMatchObject({ success: false, message: '该垫付运单已还款' });
    const billed = await createBill(t.ctx.db, { tenantId: 1, customerId: notes[0].customerId, settlementType: '4', noteIds: [notes[0].id], periodStart: null, periodEnd: null, dueDate: '2026-12-31', createBy: 'test' });
    expect(billed).toBeNull();

    const key = newKey();
    const payload = { shippingNoteId: notes[1].id, amount: 1234.5, repayTime: '2026-11-20 11:00:00', voucher: VOUCHER };
    const first = await repay(payload, key);
    const again = await repay(payload, key);
    expect(again.body).toMatchObject({ success: true, result: { id: first.body.result.id } });
    expect((await repay({ ...payload, amount: 2000 }, key)).body).toMatchObject({ success: false, message: expect.stringContaining('幂等键') });
    expect(await repayments(notes[1].id)).toBe(1);
  });

  it('records one repayment per advance under parallel calls, with one key or with many', async () => {
    await sql`delete from hy_advance_repayment where shipping_note_id = ${notes[1].id}`.execute(t.ctx.db);
    const payload = { shippingNoteId: notes[1].id, amount: 1234.5, repayTime: '2026-11-20 12:00:00', voucher: VOUCHER };
    const key = newKey();
    const sameKey = await Promise.all(Array.from({ length: 6 }, () => repay(payload, key)));
    expect(sameKey.map((r) => r.body.success)).toEqual([true, true, true, true, true, true]);
    expect(new Set(sameKey.map((r) => r.body.result.id)).size).toBe(1);
    expect(await repayments(notes[1].id)).toBe(1);

    await sql`delete from hy_advance_repayment where shipping_note_id = ${notes[1].id}`.execute(t.ctx.db);
    const manyKeys = await Promise.all(Array.from({ length: 6 }, () => repay(payload)));
    expect(manyKeys.filter((r) => r.body.success)).toHaveLength(1);
    expect(manyKeys.filter((r) => !r.body.success).map((r) => r.body.message)).toEqual(Array(5).fill('该垫付运单已还款'));
    expect(await repayments(notes[1].id)).toBe(1);
  });

  it('answers a repeat from the request as sent, not from server defaults such as the time now', async () => {
    await sql`delete from hy_advance_repayment where shipping_note_id = ${notes[1].id}`.execute(t.ctx.db);
    const key = newKey();
    // No 还款时间: the server fills in the moment, which differs between the two sends.
    const payload = { shippingNoteId: notes[1].id, amount: 1234.5, voucher: VOUCHER };
    const first = await repay(payload, key);
    expect(first.body.success).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await repay(payload, key);
    expect(again.body).toMatchObject({ success: true, result: { id: first.body.result.id } });
    expect(await repayments(notes[1].id)).toBe(1);
  });

  it('refuses billed and not yet advanced waybills, and shippers', async () => {
    const payload = { amount: 1234.5, repayTime: '2026-11-20 10:00:00', voucher: VOUCHER };
    expect((await repay({ ...payload, shippingNoteId: notes[2].id })).body).toMatchObject({ success: false, message: '该垫付运单已出账，请在账单中回款' });
    expect((await repay({ ...payload, shippingNoteId: notes[3].id })).body).toMatchObject({ success: false, message: expect.stringContaining('还没有垫付') });
    const shipper = await t.login('shipper');
    expect((await repay({ ...payload, shippingNoteId: notes[3].id }, newKey(), shipper)).body.success).toBe(false);
    expect(await repayments(notes[2].id) + (await repayments(notes[3].id))).toBe(0);
  });

  it('puts 垫付还款 in the menu of shippers settling by 垫付 only; staff always have it', async () => {
    const hasAdvances = async (token: string) => {
      const menu = (await t.call<{ menu: MenuNode[] }>({ method: 'GET', url: MENU, token })).body.result.menu;
      const paths = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children ?? [])]);
      return paths(menu).includes('/plateform/cost/paylist');
    };
    expect(await hasAdvances(ops)).toBe(true);
    const monthly = await sql<{ id: string }>`select id from hy_customer where tenant_id = 1 and settlement_type = '1' order by id limit 1`.execute(t.ctx.db);
    const advancing = await sql<{ id: string }>`select id from hy_customer where tenant_id = 1 and settlement_type = '4' order by id limit 1`.execute(t.ctx.db);
    await sql`update sys_user set customer_id = ${monthly.rows[0].id} where username = 'shipper'`.execute(t.ctx.db);
    expect(await hasAdvances(await t.login('shipper'))).toBe(false);
    await sql`update sys_user set customer_id = ${advancing.rows[0].id} where username = 'shipper'`.execute(t.ctx.db);
    expect(await hasAdvances(await t.login('shipper'))).toBe(true);
  });
});
