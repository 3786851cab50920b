/**
 * Paying drivers (资金流水, issue 25) on both databases: ops pays a signed waybill's driver fee from the shipper's
 * wallet or the platform's through the 资金流水 add (Idempotency-Key): one debit, one fund flow with the waybill's
 * carrier and vehicle, the waybill 6 已支付; paying twice, an unsigned waybill, a missing authorised payee, cash or
 * an unaffordable amount are refused and leave nothing; the ledger still sums to every balance. 批量支付运费 pays
 * several waybills under one key, one fund flow each with numbered serials, all or none; parallel repeats of one
 * key (single or batch) move money once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { walletsOffLedger } from './helpers/ledger.ts';

const ADD = '/jeecg-boot/hyfund/hyFundFlow/add';
const BATCH = '/jeecg-boot/hyfund/hyFundFlow/batchPay';

describe.each(BACKENDS)('fund flows on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let keySeq = 0;
  const notes: Array<{ id: string; customerId: string; driverId: string; vehicleNumber: string; plateColor: string; driverName: string }> = [];
  const pay = (payload: Record<string, unknown>, key = `ff-${kind}-${++keySeq}-${Date.now()}`) =>
    t.call<{ id: string }>({ method: 'POST', url: ADD, token: ops, payload: { paySource: '1', payeeChoice: '1', paymentMeansCode: '32', sequenceCode: `BK${Date.now()}${keySeq}`, ...payload }, headers: { 'idempotency-key': key } });
  const flows = async (noteId: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from hy_fund_flow where shipping_note_id = ${noteId}`.execute(t.ctx.db)).rows[0].n;
  const walletBalance = async (customerId: string) =>
    (await sql<{ b: string }>`select balance::text as b from hy_wallet where customer_id = ${customerId}`.execute(t.ctx.db)).rows[0].b;
  const invariant = async () => expect(await walletsOffLedger(t.ctx.db)).toEqual([]);

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    const picked = await sql<(typeof notes)[number]>`select n.id, n.customer_id as "customerId", n.driver_id as "driverId", n.vehicle_number as "vehicleNumber",
        n.vehicle_plate_color_code as "plateColor", n.driver_name as "driverName"
      from hy_shipping_note n join hy_driver d on d.id = n.driver_id
      where n.tenant_id = 1 and n.customer_id is not null and not exists (select 1 from hy_fund_flow f where f.shipping_note_id = n.id) and n.vehicle_number is not null and n.vehicle_plate_color_code is not null
      order by n.shipping_note_number limit 9`.execute(t.ctx.db);
    notes.push(...picked.rows);
    for (const note of notes) {
      await sql`update hy_shipping_note set shipping_status = '4', pay_status = '0', driver_fee = 1500.25 where id = ${note.id}`.execute(t.ctx.db);
      await sql`update hy_driver set bank_card_no = '6222021234567890123', payee_name = null, payee_bank_card_no = null where id = ${note.driverId}`.execute(t.ctx.db);
    }
    await sql`update hy_shipping_note set shipping_status = '2' where id = ${notes[3].id}`.execute(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pays a signed waybill from the shipper wallet once, with the waybill carrier and vehicle', async () => {
    const note = notes[0];
    const before = await walletBalance(note.customerId);
    const key = `ff-once-${kind}-${Date.now()}`;
    const first = await pay({ shippingNoteId: note.id, monetaryAmount: 1, sequenceCode: `BKONCE${kind}` }, key);
    expect(first.body).toMatchObject({ success: true, message: '支付成功，已生成资金流水' });
    const repeat = await pay({ shippingNoteId: note.id, monetaryAmount: 1, sequenceCode: `BKONCE${kind}` }, key);
    expect(repeat.body.success).toBe(true);
    expect(await flows(note.id)).toBe(1);
    const flow = (await sql<Record<string, string>>`select carrier, vehicle_number, vehicle_plate_color_code, monetary_amount::text as amount,
        pay_status, payee_id, payment_means_code, shipping_note_list::text as list from hy_fund_flow where shipping_note_id = ${note.id}`.execute(t.ctx.db)).rows[0];
    expect(flow).toMatchObject({ carrier: note.driverName, vehicle_number: note.vehicleNumber, vehicle_plate_color_code: note.plateColor, amount: '1500.25',
      pay_status: '2', payee_id: note.driverId, payment_means_code: '32' });
    expect(flow.list).toContain('1500.25');
    const expected = (await sql<{ b: string }>`select (${before}::numeric - 1500.25)::text as b`.execute(t.ctx.db)).rows[0].b;
    expect(await walletBalance(note.customerId)).toBe(expected);
    const waybill = (await sql<{ s: string; p: string }>`select shipping_status as s, pay_status as p from hy_shipping_note where id = ${note.id}`.execute(t.ctx.db)).rows[0];
    expect(waybill).toEqual({ s: '6', p: '2' });
    expect((await pay({ shippingNoteId: note.id })).body).toMatchObject({ success: false, message: expect.stringContaining('已支付') });
    await invariant();
  });

  it('refuses unsigned waybills, a missing authorised payee, cash and an unaffordable amount, writing nothing', async () => {
    expect((await pay({ shippingNoteId: notes[3].id })).body).toMatchObject({ success: false, message: expect.stringContaining('尚未签收') });
    expect((await pay({ shippingNoteId: notes[1].id, payeeChoice: '2' })).body).toMatchObject({ success: false, message: expect.stringContaining('授权收款人') });
    expect((await pay({ shippingNoteId: notes[1].id, paymentMeansCode: '0' })).body.success).toBe(false);
    const walletId = (await sql<{ id: string }>`select id from hy_wallet where customer_id = ${notes[1].customerId}`.execute(t.ctx.db)).rows[0].id;
    const saved = await walletBalance(notes[1].customerId);
    await sql`update hy_shipping_note set driver_fee = ${saved}::numeric + 0.01 where id = ${notes[1].id}`.execute(t.ctx.db);
    expect((await pay({ shippingNoteId: notes[1].id })).body).toMatchObject({ success: false, message: expect.stringMatching(/^余额不足/) });
    expect(await flows(notes[1].id)).toBe(0);
    expect(await walletBalance(notes[1].customerId)).toBe(saved);
    expect(walletId).toBeTruthy();
    await invariant();
  });

  it('pays an authorised payee from the platform wallet', async () => {
    const note = notes[2];
    await sql`update hy_driver set payee_name = '王授权', payee_bank_card_no = '6228480000000000000', payee_bank_name = '农业银行' where id = ${note.driverId}`.execute(t.ctx.db);
    const paid = await pay({ shippingNoteId: note.id, paySource: '2', payeeChoice: '2' });
    expect(paid.body.success).toBe(true);
    const flow = (await sql<{ recipient: string; source: string }>`select recipient, pay_source as source from hy_fund_flow where shipping_note_id = ${note.id}`.execute(t.ctx.db)).rows[0];
    expect(flow).toEqual({ recipient: '王授权', source: '2' });
    await invariant();
  });

  const batch = (ids: string[], payload: Record<string, unknown>, key: string, token = ops) =>
    t.call<{ count: number; total: string }>({ method: 'PUT', url: BATCH, token, payload: { ids: ids.join(','), paySource: '1', payeeChoice: '1', paymentMeansCode: '32', ...payload },
      headers: { 'idempotency-key': key } });
  const serialsOf = async (ids: string[]) =>
    (await sql<{ serial: string }>`select f.sequence_code as serial from hy_fund_flow f join hy_shipping_note n on n.id = f.shipping_note_id
      where f.shipping_note_id in (${sql.join(ids)}) order by n.shipping_note_number`.execute(t.ctx.db)).rows.map((r) => r.serial);

  it('pays a batch of waybills under one key: one fund flow each, serials numbered in waybill order, a repeat pays nothing', async () => {
    const chosen = [notes[5].id, notes[4].id];
    const before = await walletBalance(notes[4].customerId);
    const key = `ff-batch-${kind}-${Date.now()}`;
    const first = await batch(chosen, { sequenceCode: `BATCH${kind}` }, key);
    expect(first.body).toMatchObject({ success: true, result: { count: 2, total: '3000.50' } });
    expect(first.body.message).toContain('2笔');
    const repeat = await batch(chosen, { sequenceCode: `BATCH${kind}` }, key);
    expect(repeat.body).toMatchObject({ success: true, result: { count: 2 } });
    expect(await serialsOf(chosen)).toEqual([`BATCH${kind}-001`, `BATCH${kind}-002`]);
    for (const id of chosen) {
      expect((await sql<{ s: string; p: string }>`select shipping_status as s, pay_status as p from hy_shipping_note where id = ${id}`.execute(t.ctx.db)).rows[0]).toEqual({ s: '6', p: '2' });
    }
    if (notes[4].customerId === notes[5].customerId) {
      expect(await walletBalance(notes[4].customerId)).toBe((await sql<{ b: string }>`select (${before}::numeric - 3000.50)::text as b`.execute(t.ctx.db)).rows[0].b);
    }
    await invariant();
  });

  it('pays none of a batch when one waybill cannot be paid, naming that waybill', async () => {
    const unsigned = (await sql<{ no: string }>`select shipping_note_number as no from hy_shipping_note where id = ${notes[3].id}`.execute(t.ctx.db)).rows[0].no;
    const refused = await batch([notes[6].id, notes[3].id], { sequenceCode: `BATCHNO${kind}` }, `ff-batch-no-${kind}-${Date.now()}`);
    expect(refused.body).toMatchObject({ success: false, message: expect.stringContaining(unsigned) });
    expect(refused.body.message).toContain('尚未签收');
    expect(await flows(notes[6].id)).toBe(0);
    const bad = await batch([notes[6].id], { sequenceCode: 'x' }, `ff-batch-bad-${kind}-${Date.now()}`);
    expect(bad.body).toMatchObject({ success: false });
    expect(JSON.stringify(bad.body)).toContain('sequenceCode');
    const shipper = await t.login('shipper');
    expect((await batch([notes[6].id], { sequenceCode: `BATCHSH${kind}` }, `ff-batch-sh-${kind}-${Date.now()}`, shipper)).body).toMatchObject({ success: false });
    expect(await flows(notes[6].id)).toBe(0);
    await invariant();
  });

  it('moves money once when the same key arrives several times at once, single or batch', async () => {
    const single = `ff-par-${kind}-${Date.now()}`;
    const singles = await Promise.all([1, 2, 3].map(() => pay({ shippingNoteId: notes[6].id, sequenceCode: `PAR${kind}` }, single)));
    expect(singles.filter((r) => r.body.success).length).toBeGreaterThanOrEqual(1);
    // A repeat is answered with the first result, or (PGlite runs one transaction at a time) refused as already paid.
    for (const r of singles) if (!r.body.success) expect(r.body.message).toMatch(/已支付|幂等/);
    expect(await flows(notes[6].id)).toBe(1);
    const many = `ff-parb-${kind}-${Date.now()}`;
    const batches = await Promise.all([1, 2, 3].map(() => batch([notes[7].id, notes[8].id], { sequenceCode: `PARB${kind}` }, many)));
    expect(batches.filter((r) => r.body.success).length).toBeGreaterThanOrEqual(1);
    for (const r of batches) if (!r.body.success) expect(r.body.message).toMatch(/已支付|幂等/);
    expect(await flows(notes[7].id)).toBe(1);
    expect(await flows(notes[8].id)).toBe(1);
    await invariant();
  });
});
