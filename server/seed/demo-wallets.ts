/**
 * Demo wallets for a fresh database (issue 25): the platform's wallet and one per demo shipper, with a history that
 * matches the demo waybills already paid — every waybill the demo history shows as paid (pay_status 2) gets its
 * 资金流水 row and the debit of the wallet it was paid from (垫付 waybills: the platform's; others: the shipper's),
 * at the time of its PAY step. Shippers' wallets are filled beforehand by confirmed top-ups, the platform's by a
 * 调账 credit; all of it through postLedger (server/domains/money/wallets/ledger.ts), so the ledger sums to the
 * balances. Then a couple of top-ups wait for finance (待到账) and one was rejected.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { newId } from '../core/ids.ts';
import { customerWallet, platformWallet, postLedger, TXN } from '../domains/money/wallets/ledger.ts';
import { DEMO_TENANT_ID } from './seed.ts';
import { fenOf as exactFen } from '../../src/contracts/money.ts';
import { sealSecret } from '../core/secret-box.ts';

const BY = 'ops';
const VOUCHER = 'wallet-recharge/demo-voucher.png';
const BANKS = ['中国工商银行', '中国建设银行', '招商银行', '中国农业银行', '交通银行'];

interface Paid {
  id: string; number: string; customerId: string | null; advance: boolean; fee: string; paidAt: string;
  driverId: string; driverName: string; idCard: string; bankCardNo: string | null; bankName: string | null;
  vehicleNumber: string; plateColor: string;
}

/** Whole yuan above `fen` rounded up to ten thousand, plus a cushion — a plausible transfer amount. */
const topUpFor = (fen: bigint): string => `${((fen / 100n / 10000n) + 2n) * 10000n}.00`;
const fenOf = (amount: string): bigint => exactFen(amount) ?? 0n;

async function recharge(tx: Transaction<SystemTables>, i: number, row: { customerId: string; walletId: string; amount: string; at: string; status: string; payer: string; reason?: string }): Promise<string> {
  const id = newId();
  const serial = `DEMO${String(20260000 + i)}${id.slice(-6)}`;
  await sql`insert into hy_wallet_recharge (id, tenant_id, create_by, create_time, recharge_no, customer_id, wallet_id, amount, payer_name,
      payer_account, payer_bank, bank_serial_no, recharge_time, voucher_img, recharge_status, audit_by, audit_time, reject_reason)
    values (${id}, ${DEMO_TENANT_ID}, ${BY}, ${row.at}::timestamptz, ${'CZ' + id.slice(-14)}, ${row.customerId}, ${row.walletId}, ${row.amount}::numeric,
      ${row.payer}, ${`6222${String(100000000000 + i * 7919).slice(0, 12)}`}, ${BANKS[i % BANKS.length]}, ${serial}, ${row.at}::timestamptz, ${VOUCHER},
      ${row.status}, ${row.status === '0' ? null : '运营专员'}, ${row.status === '0' ? null : sql`${row.at}::timestamptz + interval '2 hours'`},
      ${row.reason ?? null})`.execute(tx);
  if (row.status === '1') {
    await postLedger(tx, { tenantId: DEMO_TENANT_ID, walletId: row.walletId, amount: row.amount, txnType: TXN.recharge, bizType: 'recharge', bizId: id,
      remark: `充值到账 ${serial}`, by: BY, at: `${row.at}` });
  }
  return id;
}

/**
 * 钱包配置: the bank channel the demo wallets run on (enabled) and a second one being set up (disabled). The secret is
 * sealed as the `secret` field type stores it (made-up values). No 接口地址 yet: no bank is called until its adapter exists.
 */
async function seedWalletConfigs(tx: Transaction<SystemTables>): Promise<void> {
  const channels = [
    { code: 'pingan_jzb', merchant: 'PA880012345', account: '15000098765432', name: '鄂尔多斯鑫源供应链管理有限公司', bank: '平安银行鄂尔多斯分行',
      mode: '1', single: '5000000.00', daily: '20000000.00', enabled: '1', remark: '见证宝子账户，司机运费代付' },
    { code: 'citic', merchant: 'ZX660098765', account: '8110701012345678', name: '鄂尔多斯鑫源供应链管理有限公司', bank: '中信银行鄂尔多斯分行',
      mode: '2', single: '1000000.00', daily: '5000000.00', enabled: '0', remark: '备用通道，联调中' },
  ];
  for (const [i, c] of channels.entries()) {
    await sql`insert into hy_wallet_config (id, tenant_id, create_by, create_time, channel_code, merchant_no, platform_account_no, platform_account_name,
        open_bank_name, api_url, app_id, secret, callback_url, recharge_mode, withdraw_fee_rate, single_limit, daily_limit, enabled, remark)
      values (${newId()}, ${DEMO_TENANT_ID}, 'admin', now() - ${`${30 - i} days`}::interval, ${c.code}, ${c.merchant}, ${c.account}, ${c.name}, ${c.bank},
        null, ${`app-${c.code}`}, ${sealSecret(`demo-secret-${c.code}`)}, null,
        ${c.mode}, 0.1, ${c.single}::numeric, ${c.daily}::numeric, ${c.enabled}, ${c.remark})`.execute(tx);
  }
}

export async function seedDemoWallets(db: Kysely<SystemTables>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await seedWalletConfigs(tx);
    const platform = await platformWallet(tx, DEMO_TENANT_ID, BY);
    const customers = await sql<{ id: string; name: string }>`select id, customer_name as name from hy_customer
      where tenant_id = ${DEMO_TENANT_ID} order by create_time, id`.execute(tx);
    const wallets = new Map<string, string>();
    for (const customer of customers.rows) wallets.set(customer.id, await customerWallet(tx, DEMO_TENANT_ID, customer.id, BY));

    const paid = await sql<Paid>`select n.id, n.shipping_note_number as number, n.customer_id as "customerId", n.settlement_type = '4' as advance,
        n.driver_fee::text as fee,
        to_char(coalesce((select max(l.event_time) from hy_shipping_note_log l where l.shipping_note_id = n.id and l.event = 'PAY'),
          n.goods_receipt_date_time, n.create_time) at time zone 'Asia/Shanghai', 'YYYY-MM-DD"T"HH24:MI:SS"+08:00"') as "paidAt",
        n.driver_id as "driverId", coalesce(n.driver_name, d.driver_name) as "driverName", d.id_card as "idCard",
        d.bank_card_no as "bankCardNo", d.bank_name as "bankName", n.vehicle_number as "vehicleNumber", n.vehicle_plate_color_code as "plateColor"
      from hy_shipping_note n join hy_driver d on d.id = n.driver_id
      where n.tenant_id = ${DEMO_TENANT_ID} and n.pay_status = '2' and coalesce(n.driver_fee, 0) > 0
        and n.vehicle_number is not null and n.vehicle_plate_color_code is not null
      order by 6, n.shipping_note_number`.execute(tx);

    // What each wallet pays out, so the top-ups before the first payment cover it.
    const owed = new Map<string, { fen: bigint; first: string }>();
    for (const note of paid.rows) {
      const walletId = note.advance || !note.customerId ? platform : (wallets.get(note.customerId) ?? platform);
      const known = owed.get(walletId);
      owed.set(walletId, { fen: (known?.fen ?? 0n) + fenOf(note.fee), first: known && known.first < note.paidAt ? known.first : note.paidAt });
    }
    let i = 0;
    for (const customer of customers.rows) {
      const walletId = wallets.get(customer.id) ?? '';
      const need = owed.get(walletId);
      const first = need ? sql`${need.first}::timestamptz - interval '3 days'` : sql`now() - interval '20 days'`;
      const at = (await sql<{ at: string }>`select to_char((${first}) at time zone 'Asia/Shanghai', 'YYYY-MM-DD"T"HH24:MI:SS"+08:00"') as at`.execute(tx)).rows[0].at;
      await recharge(tx, ++i, { customerId: customer.id, walletId, amount: topUpFor(need?.fen ?? 0n), at, status: '1', payer: customer.name });
    }
    const platformNeed = owed.get(platform);
    const platformAt = platformNeed ? sql`${platformNeed.first}::timestamptz - interval '3 days'` : sql`now() - interval '20 days'`;
    const at = (await sql<{ at: string }>`select to_char((${platformAt}) at time zone 'Asia/Shanghai', 'YYYY-MM-DD"T"HH24:MI:SS"+08:00"') as at`.execute(tx)).rows[0].at;
    await postLedger(tx, { tenantId: DEMO_TENANT_ID, walletId: platform, amount: topUpFor((platformNeed?.fen ?? 0n) * 2n), txnType: TXN.adjust,
      bizType: 'adjust', bizId: null, remark: '平台自有资金划入（垫付备付金）', by: BY, at });

    for (const note of paid.rows) {
      const walletId = note.advance || !note.customerId ? platform : (wallets.get(note.customerId) ?? platform);
      const id = newId();
      await postLedger(tx, { tenantId: DEMO_TENANT_ID, walletId, amount: `-${note.fee}`, txnType: TXN.payFreight, bizType: 'fund_flow', bizId: id,
        remark: `支付运单 ${note.number} 司机运费`, by: BY, at: note.paidAt });
      const sub = await sql<{ no: string }>`select sub_account_no as no from hy_wallet where id = ${walletId}`.execute(tx);
      const list = JSON.stringify([{ shippingNoteNumber: note.number, serialNumber: '0000', totalMonetaryAmount: note.fee }]);
      await sql`insert into hy_fund_flow (id, tenant_id, create_by, create_time, document_number, flow_type, shipping_note_id, customer_id, pay_source,
          wallet_id, payer_account_id, carrier, actual_carrier_id, vehicle_number, vehicle_plate_color_code, shipping_note_list, payment_means_code,
          payee_choice, payee_type, payee_id, recipient, receipt_account, bank_code, sequence_code, monetary_amount, date_time, pay_status)
        values (${id}, ${DEMO_TENANT_ID}, ${BY}, ${note.paidAt}::timestamptz, ${'ZJ' + note.paidAt.slice(2, 10).replaceAll('-', '') + id.slice(-10)}, '01',
          ${note.id}, ${note.customerId}, ${walletId === platform ? '2' : '1'}, ${walletId}, ${sub.rows[0].no}, ${note.driverName}, ${note.idCard},
          ${note.vehicleNumber}, ${note.plateColor}, ${list}::jsonb, '32', '1', '1', ${note.driverId}, ${note.driverName},
          ${note.bankCardNo ?? '6222020000000000000'}, ${note.bankName}, ${'B' + id.slice(-15)}, ${note.fee}::numeric, ${note.paidAt}::timestamptz, '2')`.execute(tx);
    }

    // Waiting for finance, and one refused (the serial number did not arrive).
    const some = customers.rows.slice(0, 3);
    for (const [k, customer] of some.entries()) {
      const walletId = wallets.get(customer.id) ?? '';
      const when = (await sql<{ at: string }>`select to_char((now() - ${`${k + 1} hours`}::interval) at time zone 'Asia/Shanghai', 'YYYY-MM-DD"T"HH24:MI:SS"+08:00"') as at`.execute(tx)).rows[0].at;
      await recharge(tx, 100 + k, { customerId: customer.id, walletId, amount: ['50000.00', '128000.50', '8800.00'][k], at: when, payer: customer.name,
        status: k === 2 ? '2' : '0', reason: k === 2 ? '未查询到该笔银行流水，请核对流水号后重新提交' : undefined });
    }
  });
}
