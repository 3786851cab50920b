/**
 * The wallet ledger (freight-domain §1.12): the ONE place a wallet balance changes. postLedger locks the wallet row
 * (`select … for update`) in the caller's transaction, refuses a debit the wallet cannot afford (balance + amount
 * below −creditLimit), writes the append-only hy_wallet_txn row and moves the balance — so at every commit a
 * wallet's balance is the sum of its ledger rows. Amounts are decimal text, added and compared as numeric in SQL.
 * Callers: 充值到账 (recharges.ts), 支付司机运费 (../fund-flows/payments.ts), the demo seed.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../../db/schema.ts';
import { BusinessError } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { moneyLabel } from '../../../../src/contracts/money.ts';

/** `wallet_txn_type` codes (schemas/dicts/wallets.dicts.json). */
export const TXN = { recharge: '1', freeze: '2', unfreeze: '3', payFreight: '4', refund: '5', withdraw: '6', serviceFee: '7', adjust: '8' } as const;
export type TxnType = (typeof TXN)[keyof typeof TXN];

/** `wallet_owner_type` codes; the platform's own wallet has owner id PLATFORM_OWNER_ID. */
export const OWNER = { platform: '1', customer: '2' } as const;
export const PLATFORM_OWNER_ID = 'platform';
/** `wallet_status`: only a 正常 wallet moves money. */
export const WALLET_ACTIVE = '1';

export interface LedgerEntry {
  tenantId: number;
  walletId: string;
  /** Signed decimal text with at most two places: positive credits, negative debits. Never zero. */
  amount: string;
  txnType: TxnType;
  /** What caused it (`recharge`, `fund_flow`, …) and that record's id. */
  bizType: string;
  bizId: string | null;
  remark?: string | null;
  /** Username recorded as create_by. */
  by: string;
  /** When it happens (timestamptz text); default now. */
  at?: string;
}

export interface Posted {
  txnId: string;
  txnNo: string;
  /** The wallet's balance after this row, decimal text. */
  balanceAfter: string;
  customerId: string | null;
}

const SIGNED_MONEY = /^-?\d{1,12}(\.\d{1,2})?$/;
const moment = (at: string | undefined) => (at === undefined ? sql`now()` : sql`${at}::timestamptz`);

/**
 * Posts one ledger row and moves the wallet's balance, inside `tx` (the caller's write transaction). Throws a
 * BusinessError — so the caller's whole write rolls back — when the wallet is missing, not 正常, or cannot afford a
 * debit: 余额不足，可用余额 X 元.
 */
export async function postLedger(tx: Kysely<SystemTables>, entry: LedgerEntry): Promise<Posted> {
  const { tenantId, walletId, amount } = entry;
  if (!SIGNED_MONEY.test(amount) || /^-?0+(\.0+)?$/.test(amount)) throw new Error(`ledger amount must be non-zero two-decimal text: ${amount}`);
  // The lock serialises every movement of this wallet: a concurrent debit waits here and then sees this balance.
  const found = await sql<{ status: string; customerId: string | null; available: string; fits: boolean; accountName: string }>`
    select status, customer_id as "customerId", (balance - frozen_amount + credit_limit)::text as available,
      (${amount}::numeric > 0 or balance + ${amount}::numeric - frozen_amount >= -credit_limit) as fits, account_name as "accountName"
    from hy_wallet where tenant_id = ${tenantId} and id = ${walletId} for update`.execute(tx);
  const wallet = found.rows[0];
  if (!wallet) throw new BusinessError('钱包不存在');
  if (wallet.status !== WALLET_ACTIVE) throw new BusinessError(`钱包（${wallet.accountName}）已冻结或注销，不能收付款`);
  if (!wallet.fits) throw new BusinessError(`余额不足，可用余额 ${moneyLabel(wallet.available)} 元，需支付 ${moneyLabel(amount.replace(/^-/, ''))} 元`);
  const moved = await sql<{ balance: string }>`update hy_wallet set balance = balance + ${amount}::numeric,
      update_by = ${entry.by}, update_time = ${moment(entry.at)}
    where tenant_id = ${tenantId} and id = ${walletId} returning balance::text as balance`.execute(tx);
  const balanceAfter = moved.rows[0].balance;
  const txnId = newId();
  const txnNo = await sql<{ no: string }>`select 'LS' || to_char(${moment(entry.at)}, 'YYYYMMDD') || ${txnId.slice(-10)} as no`.execute(tx);
  await sql`insert into hy_wallet_txn (id, tenant_id, create_by, create_time, wallet_id, customer_id, txn_no, txn_type, amount,
      balance_after, biz_type, biz_id, txn_time, remark)
    values (${txnId}, ${tenantId}, ${entry.by}, ${moment(entry.at)}, ${walletId}, ${wallet.customerId}, ${txnNo.rows[0].no},
      ${entry.txnType}, ${amount}::numeric, ${balanceAfter}::numeric, ${entry.bizType}, ${entry.bizId}, ${moment(entry.at)},
      ${entry.remark ?? null})`.execute(tx);
  return { txnId, txnNo: txnNo.rows[0].no, balanceAfter, customerId: wallet.customerId };
}

export interface WalletOpening {
  tenantId: number;
  ownerType: string;
  ownerId: string;
  customerId: string | null;
  accountName: string;
  bankChannel?: string | null;
  by: string;
  at?: string;
}

/** The owner's wallet id, opening one (balance 0) when it has none yet. Safe against two openings at once. */
export async function ensureWallet(tx: Kysely<SystemTables>, opening: WalletOpening): Promise<string> {
  const id = newId();
  const subAccountNo = `${opening.ownerType === OWNER.platform ? 'PT' : 'HZ'}${id.slice(-12)}`;
  await sql`insert into hy_wallet (id, tenant_id, create_by, create_time, owner_type, owner_id, customer_id, bank_channel,
      sub_account_no, account_name)
    values (${id}, ${opening.tenantId}, ${opening.by}, ${moment(opening.at)}, ${opening.ownerType}, ${opening.ownerId},
      ${opening.customerId}, ${opening.bankChannel ?? 'pingan_jzb'}, ${subAccountNo}, ${opening.accountName})
    on conflict (tenant_id, owner_type, owner_id) do nothing`.execute(tx);
  const row = await sql<{ id: string }>`select id from hy_wallet
    where tenant_id = ${opening.tenantId} and owner_type = ${opening.ownerType} and owner_id = ${opening.ownerId}`.execute(tx);
  return row.rows[0].id;
}

/** A shipper's wallet, opened on first use (a shipper added before wallets existed). */
export async function customerWallet(tx: Kysely<SystemTables>, tenantId: number, customerId: string, by: string): Promise<string> {
  const customer = await sql<{ name: string }>`select customer_name as name from hy_customer
    where tenant_id = ${tenantId} and id = ${customerId}`.execute(tx);
  if (!customer.rows[0]) throw new BusinessError('货主不存在');
  return ensureWallet(tx, { tenantId, ownerType: OWNER.customer, ownerId: customerId, customerId, accountName: customer.rows[0].name, by });
}

/** The platform's own wallet, opened on first use. */
export async function platformWallet(tx: Kysely<SystemTables>, tenantId: number, by: string): Promise<string> {
  return ensureWallet(tx, { tenantId, ownerType: OWNER.platform, ownerId: PLATFORM_OWNER_ID, customerId: null, accountName: '平台自有账户', by });
}
