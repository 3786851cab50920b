/**
 * Matching a bank receipt (回单) to the money record it evidences, by bank serial number and amount: same serial,
 * same amount and the same direction → 1 已匹配; same serial otherwise → 2 差异 (the record's amount kept beside the
 * receipt's, the reason in matchRemark); no record with the serial → 0 未匹配. Money in (收入) can only be a 回款 or
 * a top-up, money out (支出) only a fund flow, so each source names its direction. The records are a list of sources,
 * one line each; a source whose table (or column) this database does not have yet is skipped, so a source may be
 * listed before its area ships. Identifiers come only from this list; amounts are compared as numeric in SQL, never
 * as JS numbers.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../../db/schema.ts';

export type Direction = 'in' | 'out';

export interface MatchSource {
  /** Value of the `receipt_biz_type` dictionary written to the receipt's bizType. */
  bizType: string;
  /** Its text in that dictionary, for the 差异 reason. */
  label: string;
  /** Which way such a record's money moves (`fund_direction`): 回款 and top-ups come in, driver payments go out. */
  direction: Direction;
  table: string;
  serial: string;
  amount: string;
  customer: string;
}

export const MATCH_SOURCES: readonly MatchSource[] = [
  { bizType: 'billPayment', label: '回款', direction: 'in', table: 'hy_bill_payment', serial: 'sequence_code', amount: 'amount', customer: 'customer_id' },
  { bizType: 'walletRecharge', label: '钱包充值', direction: 'in', table: 'hy_wallet_recharge', serial: 'bank_serial_no', amount: 'amount', customer: 'customer_id' },
  { bizType: 'fundFlow', label: '资金流水', direction: 'out', table: 'hy_fund_flow', serial: 'sequence_code', amount: 'monetary_amount', customer: 'customer_id' },
];

export const UNMATCHED = '0';
export const MATCHED = '1';
export const DIFFERENT = '2';

export interface MatchResult {
  matchStatus: string;
  bizType: string | null;
  bizId: string | null;
  /** The record's amount (decimal text), shown beside the receipt's. */
  matchedAmount: string | null;
  customerId: string | null;
  /** Why a 差异 is one (a sentence shown in the list); null otherwise. */
  matchRemark: string | null;
}

const NO_MATCH: MatchResult = { matchStatus: UNMATCHED, bizType: null, bizId: null, matchedAmount: null, customerId: null, matchRemark: null };
const DIRECTION_TEXT: Record<string, string> = { in: '收入', out: '支出' };

/**
 * The match of one receipt (serial, amount as decimal text, direction) among the sources: a record of the receipt's
 * direction wins over one of the other, then an exact amount over a 差异.
 */
export async function matchReceipt(
  db: Kysely<SystemTables>,
  receipt: { tenantId: number; serial: string; amount: string; direction: string },
): Promise<MatchResult> {
  if (!receipt.serial.trim()) return NO_MATCH;
  const selects = MATCH_SOURCES.map(
    (s) => sql`select ${s.bizType} as "bizType", id::text as "bizId", ${sql.ref(s.amount)}::text as amount,
      ${sql.ref(s.customer)}::text as "customerId", ${sql.ref(s.amount)} = ${receipt.amount}::numeric as same,
      ${sql.lit(s.direction === receipt.direction)} as agrees
      from ${sql.table(s.table)} where tenant_id = ${receipt.tenantId} and ${sql.ref(s.serial)} = ${receipt.serial.trim()}`,
  );
  const found = await sql<{ bizType: string; bizId: string; amount: string; customerId: string | null; same: boolean; agrees: boolean }>`
    select * from (${sql.join(selects, sql` union all `)}) m order by agrees desc, same desc, "bizType", "bizId" limit 1`.execute(db);
  const row = found.rows[0];
  if (!row) return NO_MATCH;
  const source = MATCH_SOURCES.find((s) => s.bizType === row.bizType);
  const label = source?.label ?? '业务单据';
  const directionText = (direction: string | undefined) => DIRECTION_TEXT[direction ?? ''] ?? direction ?? '';
  let matchRemark: string | null = null;
  if (!row.agrees) matchRemark = `收支方向与${label}不符：回单为${directionText(receipt.direction)}，${label}为${directionText(source?.direction)}`;
  else if (!row.same) matchRemark = `金额与${label}不符`;
  return {
    matchStatus: matchRemark === null ? MATCHED : DIFFERENT,
    bizType: row.bizType,
    bizId: row.bizId,
    matchedAmount: row.amount,
    customerId: row.customerId,
    matchRemark,
  };
}

/** Writes a stored receipt's new match (重新匹配, and a money record recorded after its receipt). */
export async function storeMatch(tx: Kysely<SystemTables>, tenantId: number, id: string, match: MatchResult, by: string): Promise<void> {
  await sql`update hy_bank_receipt set match_status = ${match.matchStatus}, biz_type = ${match.bizType}, biz_id = ${match.bizId},
      matched_amount = ${match.matchedAmount}::numeric, customer_id = ${match.customerId}, match_remark = ${match.matchRemark},
      match_time = ${match.matchStatus === UNMATCHED ? null : sql`now()`}, update_by = ${by}, update_time = now()
    where tenant_id = ${tenantId} and id = ${id}`.execute(tx);
}

/**
 * A money record (回款, top-up, fund flow) just written with a bank serial: the receipts of that serial that are not
 * 已匹配 yet are matched again in the record's transaction, so a receipt uploaded first needs no 重新匹配.
 */
export async function rematchWaiting(tx: Kysely<SystemTables>, tenantId: number, serial: string, by: string): Promise<void> {
  if (!serial.trim()) return;
  const waiting = await sql<{ id: string; amount: string; direction: string }>`select id, amount::text as amount, direction from hy_bank_receipt
    where tenant_id = ${tenantId} and bank_serial_no = ${serial.trim()} and match_status <> ${MATCHED} order by id for update`.execute(tx);
  for (const row of waiting.rows) {
    await storeMatch(tx, tenantId, row.id, await matchReceipt(tx, { tenantId, serial, amount: row.amount, direction: row.direction }), by);
  }
}
