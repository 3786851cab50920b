/**
 * Wallets (freight-domain §1.12) on the engine. 钱包配置 (hyWalletConfig) is plain engine CRUD with its secret
 * encrypted by the `secret` field type. 钱包账户 and 钱包流水 are read-only engine entities over tables this module's
 * migrations own; their balances move only through postLedger (ledger.ts). What is the domain's own:
 * - 钱包充值 add (Idempotency-Key): the row's shipper is the caller's own for shippers (engine dataScope), its wallet
 *   is found or opened, the number made, the state forced to 0 待到账;
 * - 确认到账 (operation `confirm`, permission hywallet:hyWalletRecharge:confirm — finance: admin and ops): inside
 *   the operation's transaction, on the locked row that passed `when` (待到账), the wallet is credited (ledger row
 *   bizType recharge). Two confirms at once: the second waits for the row lock, then fails `when` — one credit;
 * - 驳回 (operation `reject`) takes a required reason and moves no money;
 * - a shipper added on 货主管理 gets its wallet in the add's transaction (afterWrite on hyCustomer), so every shipper
 *   has one without an extra step; older shippers get theirs on first use (customerWallet).
 */
import { sql } from 'kysely';
import type { DomainModule, EntityHooks } from '../../../entity/hooks.ts';
import { BusinessError, ValidationError } from '../../../core/errors.ts';
import { moneyText } from '../../../../src/contracts/money.ts';
import { customerWallet, postLedger, TXN } from './ledger.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

const rechargeHooks: EntityHooks = {
  async beforeWrite({ tx, caller, record, id, existing }) {
    if (existing) throw new BusinessError('充值记录不能修改');
    const amount = moneyText(record.amount);
    if (amount === null || /^0+(\.0+)?$/.test(amount)) throw new ValidationError([{ field: 'amount', message: '充值金额应大于0，最多两位小数' }]);
    const customerId = text(record.customerId);
    if (!customerId) throw new ValidationError([{ field: 'customerId', message: '请选择货主' }]);
    record.amount = amount;
    record.walletId = await customerWallet(tx, caller.tenantId, customerId, caller.username);
    const no = await sql<{ no: string }>`select 'CZ' || to_char(now(), 'YYYYMMDD') || ${id.slice(-10)} as no`.execute(tx);
    record.rechargeNo = no.rows[0].no;
    record.rechargeStatus = '0';
    record.auditBy = null;
    record.auditTime = null;
    record.rejectReason = null;
  },
  async beforeOperation({ tx, caller, operation, rows }) {
    if (operation.key !== 'confirm') return;
    for (const row of rows) {
      // The stored numeric as text (the wire row's money may be a JS number).
      const found = await sql<{ amount: string; walletId: string; serial: string }>`select amount::text as amount,
          wallet_id as "walletId", bank_serial_no as serial
        from hy_wallet_recharge where tenant_id = ${caller.tenantId} and id = ${text(row.id)}`.execute(tx);
      const recharge = found.rows[0];
      if (!recharge) throw new BusinessError('充值记录不存在');
      await postLedger(tx, {
        tenantId: caller.tenantId, walletId: recharge.walletId, amount: recharge.amount, txnType: TXN.recharge, bizType: 'recharge',
        bizId: text(row.id), remark: `充值到账 ${recharge.serial}`, by: caller.username,
      });
    }
  },
  texts: { add: '充值已提交，等待财务确认到账' },
};

const customerHooks: EntityHooks = {
  async afterWrite({ tx, caller, id, existing }) {
    if (!existing) await customerWallet(tx, caller.tenantId, id, caller.username);
  },
};

export const walletsDomain: DomainModule = {
  name: 'money/wallets',
  hooks: { hyWalletRecharge: rechargeHooks, hyCustomer: customerHooks },
};
