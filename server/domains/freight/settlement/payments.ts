/**
 * 回款 against a bill, as the ledger sees it (hy_bill_payment, migration 0300): a payment raises the bill's
 * `paid_amount` and moves it to 3 部分回款 or 4 已结清 in the transaction that records it. Amounts go to the database
 * as decimal text and are compared there (numeric), never as JS floats. The 回款 screen's add is the engine's, with
 * the checks in server/domains/freight/settlement.ts; the demo seed posts its payments here (postPayment).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SystemTables } from '../../../db/schema.ts';
import { momentOf } from './bills.ts';
import { newId } from '../../../core/ids.ts';

export interface Payment {
  tenantId: number;
  billId: string;
  customerId: string;
  /** Decimal text (moneyText), added as numeric. */
  amount: string;
  /** timestamptz text */
  payTime: string;
  sequenceCode: string | null;
  remark: string | null;
  createBy: string;
  orgCode: string | null;
  /** When it is recorded (timestamptz text; default now): the payment's create time and the bill's update time. */
  at?: string;
}

/**
 * Raises the bill's paid amount by a payment just recorded, settling it (4, overdue days 0) when nothing is left
 * open, else 3 部分回款. Run it in the transaction that locked the bill row and recorded the payment.
 */
export async function raiseBillPaid(
  tx: Kysely<SystemTables>,
  bill: { tenantId: number; billId: string; amount: string; by: string; at?: string },
): Promise<void> {
  const { tenantId, billId, amount } = bill;
  await sql`update hy_bill set paid_amount = paid_amount + ${amount}::numeric,
      bill_status = case when paid_amount + ${amount}::numeric >= payable_amount then '4' else '3' end,
      overdue_days = case when paid_amount + ${amount}::numeric >= payable_amount then 0 else overdue_days end,
      update_by = ${bill.by}, update_time = ${momentOf(bill.at)}
    where tenant_id = ${tenantId} and id = ${billId}`.execute(tx);
}

/** Records a payment the caller has checked (bill found, payable, amount fits) and raises the bill. Returns its id. */
export async function postPayment(tx: Transaction<SystemTables>, payment: Payment): Promise<string> {
  const id = newId();
  const { tenantId, billId, amount } = payment;
  await sql`insert into hy_bill_payment (id, tenant_id, create_by, create_time, sys_org_code, bill_id, customer_id, amount, pay_time, sequence_code, remark)
    values (${id}, ${tenantId}, ${payment.createBy}, ${momentOf(payment.at)}, ${payment.orgCode}, ${billId}, ${payment.customerId}, ${amount}::numeric,
      ${payment.payTime}::timestamptz, ${payment.sequenceCode}, ${payment.remark})`.execute(tx);
  await raiseBillPaid(tx, { tenantId, billId, amount, by: payment.createBy, at: payment.at });
  return id;
}
