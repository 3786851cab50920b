/**
 * Wallets, the ledger and top-ups (issue 25) on both databases: the seeded ledger sums to every balance; a shipper's
 * top-up is confirmed once (also under parallel confirms) and credits its wallet, a rejection needs a reason; a
 * serial number is used once; an Idempotency-Key moves money once; 20 parallel debits over the balance leave exactly
 * the affordable ones; no endpoint edits a wallet or a ledger row; a shipper sees only its own wallet; a wallet
 * config's secret is encrypted at rest and never sent back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { postLedger, TXN } from '../../server/domains/money/wallets/ledger.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { walletsOffLedger } from './helpers/ledger.ts';

const API = '/jeecg-boot/hywallet';
const VOUCHER = 'wallet-recharge/test-voucher.png';

describe.each(BACKENDS)('wallets on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let shipper: string;
  let shipperCustomer: string;
  let keySeq = 0;
  const newKey = () => `wallet-key-${kind}-${++keySeq}-${Date.now()}`;
  const serial = () => `SN${kind}${Date.now()}${++keySeq}`;

  const balanceOf = async (walletId: string) =>
    (await sql<{ b: string }>`select balance::text as b from hy_wallet where id = ${walletId}`.execute(t.ctx.db)).rows[0].b;
  const walletOfCustomer = async (customerId: string) =>
    (await sql<{ id: string }>`select id from hy_wallet where customer_id = ${customerId}`.execute(t.ctx.db)).rows[0].id;
  const addRecharge = (payload: Record<string, unknown>, token = shipper, key: string | null = newKey()) =>
    t.call<{ id: string }>({ method: 'POST', url: `${API}/hyWalletRecharge/add`, token, payload, headers: key ? { 'idempotency-key': key } : {} });
  const operate = (key: string, id: string, payload: Record<string, unknown> = {}) =>
    t.call({ method: 'PUT', url: `${API}/hyWalletRecharge/${key}`, token: ops, payload: { id, ...payload } });
  const rechargeBody = (amount: unknown = '1000.50') => ({ amount, payerName: '测试付款方', payerAccount: '6222000011112222', payerBank: '招商银行',
    bankSerialNo: serial(), rechargeTime: '2026-11-20 10:00:00', voucherImg: VOUCHER });
  const invariant = async () => expect(await walletsOffLedger(t.ctx.db)).toEqual([]);

  beforeAll(async () => {
    t = await startTestApp(kind);
    ops = await t.login('ops');
    shipper = await t.login('shipper');
    shipperCustomer = (await sql<{ c: string }>`select customer_id as c from sys_user where username = 'shipper'`.execute(t.ctx.db)).rows[0].c;
    await sql`insert into sys_file (path, tenant_id, original_name, mime, size) values (${VOUCHER}, 1, 'voucher.png', 'image/png', 10)`.execute(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds a wallet for the platform and every shipper whose ledger sums to its balance', async () => {
    const counts = await sql<{ w: number; c: number; t: number }>`select (select count(*)::int from hy_wallet) as w,
      (select count(*)::int from hy_customer) as c, (select count(*)::int from hy_wallet_txn) as t`.execute(t.ctx.db);
    expect(counts.rows[0].w).toBe(counts.rows[0].c + 1);
    expect(counts.rows[0].t).toBeGreaterThan(counts.rows[0].c);
    const negative = await sql<{ n: number }>`select count(*)::int as n from hy_wallet where balance < 0`.execute(t.ctx.db);
    expect(negative.rows[0].n).toBe(0);
    await invariant();
  });

  it('lets a shipper see only its own wallet, ledger and top-ups', async () => {
    const list = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${API}/hyWallet/list?pageSize=100`, token: shipper });
    expect(list.body.result.records.length).toBe(1);
    expect(list.body.result.records[0]).toMatchObject({ customerId: shipperCustomer });
    const txns = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${API}/hyWalletTxn/list?pageSize=100`, token: shipper });
    expect(txns.body.result.records.every((row) => row.customerId === shipperCustomer)).toBe(true);
    const all = await t.call<{ records: WireRecord[]; total: number }>({ method: 'GET', url: `${API}/hyWallet/list?pageSize=100`, token: ops });
    expect(all.body.result.total).toBeGreaterThan(1);
  });

  it('refuses every write to wallets and ledger rows', async () => {
    for (const entity of ['hyWallet', 'hyWalletTxn']) {
      for (const [method, action] of [['POST', 'add'], ['PUT', 'edit'], ['DELETE', 'delete?id=1'], ['DELETE', 'deleteBatch?ids=1'], ['POST', 'importExcel']] as const) {
        const response = await t.call({ method, url: `${API}/${entity}/${action}`, token: ops, payload: { id: '1', balance: 999999, amount: 5 } });
        expect(response.body.success !== true, `${entity}/${action}`).toBe(true);
      }
    }
    await invariant();
  });

  it('records a top-up as 待到账 for the shipper itself and confirms it once, crediting the wallet', async () => {
    const walletId = await walletOfCustomer(shipperCustomer);
    const before = await balanceOf(walletId);
    expect((await addRecharge({ ...rechargeBody(), amount: '0' })).body.success).toBe(false);
    expect((await addRecharge({ ...rechargeBody(), amount: '10.555' })).body.success).toBe(false);
    expect((await addRecharge(rechargeBody(), shipper, null)).body.success).toBe(false);
    const added = await addRecharge({ ...rechargeBody(), rechargeStatus: '1' });
    expect(added.body).toMatchObject({ success: true });
    const id = added.body.result.id;
    const row = (await sql<{ status: string; customer: string }>`select recharge_status as status, customer_id as customer from hy_wallet_recharge where id = ${id}`.execute(t.ctx.db)).rows[0];
    expect(row).toEqual({ status: '0', customer: shipperCustomer });
    expect(await balanceOf(walletId)).toBe(before);
    // The shipper cannot confirm its own top-up.
    expect((await t.call({ method: 'PUT', url: `${API}/hyWalletRecharge/confirm`, token: shipper, payload: { id } })).body.success).toBe(false);
    const [a, b] = await Promise.all([operate('confirm', id), operate('confirm', id)]);
    expect([a.body.success, b.body.success].filter(Boolean).length).toBe(1);
    const expected = (await sql<{ b: string }>`select (${before}::numeric + 1000.50)::text as b`.execute(t.ctx.db)).rows[0].b;
    expect(await balanceOf(walletId)).toBe(expected);
    const credits = await sql<{ n: number }>`select count(*)::int as n from hy_wallet_txn where biz_type = 'recharge' and biz_id = ${id}`.execute(t.ctx.db);
    expect(credits.rows[0].n).toBe(1);
    await invariant();
  });

  it('rejects only with a reason, uses a serial number once and moves money once per key', async () => {
    const added = await addRecharge(rechargeBody('20.00'));
    const id = added.body.result.id;
    expect((await operate('reject', id)).body.success).toBe(false);
    expect((await operate('reject', id, { rejectReason: '流水号不符' })).body.success).toBe(true);
    expect((await operate('confirm', id)).body.success).toBe(false);
    const body = rechargeBody('30.00');
    expect((await addRecharge(body)).body.success).toBe(true);
    const again = await addRecharge({ ...body, amount: '31.00' });
    expect(again.body).toMatchObject({ success: false });
    const key = newKey();
    const twice = rechargeBody('40.00');
    const answers = await Promise.all([addRecharge(twice, shipper, key), addRecharge(twice, shipper, key)]);
    // Money moves once whichever way the repeat is answered (PGlite runs the two one after the other).
    expect(answers.some((r) => r.body.success)).toBe(true);
    const rows = await sql<{ n: number }>`select count(*)::int as n from hy_wallet_recharge where bank_serial_no = ${twice.bankSerialNo}`.execute(t.ctx.db);
    expect(rows.rows[0].n).toBe(1);
  });

  it('lets 20 parallel debits over the balance commit exactly the affordable ones', async () => {
    const walletId = await walletOfCustomer(shipperCustomer);
    await sql`update hy_wallet set balance = 0 where id = ${walletId}`.execute(t.ctx.db);
    await sql`delete from hy_wallet_txn where wallet_id = ${walletId}`.execute(t.ctx.db);
    await t.ctx.db.transaction().execute((tx) => postLedger(tx, { tenantId: 1, walletId, amount: '1000.00', txnType: TXN.adjust, bizType: 'adjust', bizId: null, by: 'test' }));
    const results = await Promise.allSettled(Array.from({ length: 20 }, () =>
      t.ctx.db.transaction().execute((tx) => postLedger(tx, { tenantId: 1, walletId, amount: '-150.10', txnType: TXN.payFreight, bizType: 'adjust', bizId: null, by: 'test' }))));
    const done = results.filter((r) => r.status === 'fulfilled').length;
    expect(done).toBe(6);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason.message)).toMatch(/^余额不足，可用余额 99\.40 元/);
    expect(await balanceOf(walletId)).toBe('99.40');
    await invariant();
  });

  it('keeps a wallet config secret encrypted and never sends it back', async () => {
    const add = await t.call<{ id?: string }>({ method: 'POST', url: `${API}/hyWalletConfig/add`, token: await t.login('admin'),
      payload: { channelCode: 'cmb', merchantNo: 'M001', platformAccountNo: '755900001', platformAccountName: '平台', enabled: '1', secret: 'TopSecret-123' } });
    expect(add.body.success).toBe(true);
    const stored = await sql<{ id: string; secret: string }>`select id, secret from hy_wallet_config where channel_code = 'cmb'`.execute(t.ctx.db);
    expect(stored.rows[0].secret).toMatch(/^enc:v1:/);
    expect(stored.rows[0].secret).not.toContain('TopSecret');
    const admin = await t.login('admin');
    const list = await t.call({ method: 'GET', url: `${API}/hyWalletConfig/list`, token: admin });
    const byId = await t.call({ method: 'GET', url: `${API}/hyWalletConfig/queryById?id=${stored.rows[0].id}`, token: admin });
    expect(JSON.stringify(list.body)).not.toMatch(/TopSecret|enc:v1/);
    expect(JSON.stringify(byId.body)).not.toMatch(/TopSecret|enc:v1/);
    const edit = await t.call({ method: 'PUT', url: `${API}/hyWalletConfig/edit`, token: admin, payload: { id: stored.rows[0].id, merchantNo: 'M002', secret: '' } });
    expect(edit.body.success).toBe(true);
    const kept = await sql<{ secret: string }>`select secret from hy_wallet_config where id = ${stored.rows[0].id}`.execute(t.ctx.db);
    expect(kept.rows[0].secret).toBe(stored.rows[0].secret);
  });
});
