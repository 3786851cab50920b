/**
 * Demo settlement for a fresh database (issue 8: "every screen shows something on first start"): the bills the daily
 * 生成结算账单 run would have made over the demo waybills' history — replayed day by day through the real run
 * (server/domains/freight/settlement/bills.ts), so 趟结, 月结 and 垫付 bills, their items and the waybills' bill marks follow the same
 * rules as in production and 批结 waybills stay for an operator to bill — then what the shippers did with them:
 * confirmed, paid in full or in part (real 回款 rows through the same posting as the 回款 form), some left open past
 * their due date, with overdue days as the 结算到期重算 run sets them. Deterministic for (seed, today), apart from ids.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { generateDueBills, recalculateOverdueDays } from '../domains/freight/settlement/bills.ts';
import { postPayment } from '../domains/freight/settlement/payments.ts';
import { DEMO_REFERENCE_DATE } from './demo-drivers.ts';
import { beijing, beijingDay, beijingMidnight, DAY, HOUR, money, random, type Random } from './demo-freight-steps.ts';
import { DEMO_TENANT_ID } from './seed.ts';

export const DEFAULT_SETTLEMENT_SEED = 20261126;

export interface SettlementOptions {
  seed?: number;
  /** The demo's "now" (YYYY-MM-DD, 09:30 Beijing time), as for the demo freight. */
  today?: string;
}

interface OpenBill {
  id: string;
  customerId: string;
  /** Decimal text, as PostgreSQL has it. */
  payable: string;
  generated: number;
  due: number;
}

/** The daily run's time: 00:05 Beijing (its cron '0 5 0 * * ?' in server/domains/system/jobs/migrations.ts). */
const RUN_OFFSET = 5 * 60_000;
const PAYERS = ['网银转账', '对公转账', '银行承兑汇票', '电汇'];

/** Exact cents of a decimal text ("6816.5" → 681650). */
function cents(text: string): number {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** Replays the daily bill run from the day after the first signed waybill up to `today`. */
async function replayBillRuns(db: Kysely<SystemTables>, todayMs: number): Promise<void> {
  // Epoch milliseconds: timestamps come back as wall-clock text in the session's zone (server/db/database.ts).
  const first = await sql<{ signed: number | null }>`select extract(epoch from min(goods_receipt_date_time)) * 1000 as signed
    from hy_shipping_note where tenant_id = ${DEMO_TENANT_ID}`.execute(db);
  const signed = first.rows[0]?.signed;
  if (signed === null || signed === undefined) return;
  for (let midnight = beijingMidnight(signed) + DAY; midnight <= todayMs; midnight += DAY) {
    const at = midnight + RUN_OFFSET;
    await generateDueBills(db, beijing(at).slice(0, 10), beijing(at));
  }
}

/** A moment between `from` and `to` (ms), on a whole minute, in office hours when the span allows. */
function between(rnd: Random, from: number, to: number): number {
  const at = from + rnd.next() * Math.max(0, to - from);
  const hour = Number(beijing(at).slice(11, 13));
  const office = hour < 9 ? at + (9 - hour) * HOUR : hour >= 18 ? at - (hour - 16) * HOUR : at;
  return Math.floor(Math.min(Math.max(office, from), to) / 60_000) * 60_000;
}

function serial(rnd: Random, at: number): string {
  // A bank-style prefix: a bare 17-digit number reads as a record id on screen (银行回单 lists these serials).
  return `HQ${beijingDay(at)}${String(rnd.int(0, 999_999_999)).padStart(9, '0')}`;
}

async function pay(tx: Transaction<SystemTables>, rnd: Random, bill: OpenBill, amountCents: number, at: number): Promise<void> {
  await postPayment(tx, {
    tenantId: DEMO_TENANT_ID, billId: bill.id, customerId: bill.customerId, amount: money(amountCents), payTime: beijing(at),
    sequenceCode: serial(rnd, at), remark: rnd.pick(PAYERS), createBy: 'ops', orgCode: 'A01A01', at: beijing(at),
  });
}

/**
 * What happened to one bill by `todayMs`: confirmed a few hours to a day after it was made (the newest may still
 * wait), then paid — mostly in full around its due date, sometimes in part, sometimes not at all yet.
 */
async function settle(tx: Transaction<SystemTables>, rnd: Random, bill: OpenBill, todayMs: number): Promise<void> {
  const confirmed = between(rnd, bill.generated + 2 * HOUR, bill.generated + 30 * HOUR);
  if (confirmed >= todayMs - HOUR || rnd.next() < 0.05) return; // still 待货主确认
  await sql`update hy_bill set bill_status = '2', confirm_time = ${beijing(confirmed)}::timestamptz, update_by = 'shipper', update_time = ${beijing(confirmed)}::timestamptz
    where tenant_id = ${DEMO_TENANT_ID} and id = ${bill.id}`.execute(tx);
  const total = cents(bill.payable);
  const pastDue = bill.due + DAY <= todayMs;
  const draw = rnd.next();
  const outcome = pastDue ? (draw < 0.75 ? 'full' : draw < 0.9 ? 'part' : 'none') : draw < 0.25 ? 'full' : draw < 0.4 ? 'part' : 'none';
  if (outcome === 'none' || total === 0) return;
  // Paid by the due date or a few days after it, never after "now".
  const latest = Math.min(todayMs - HOUR, Math.max(bill.due + rnd.int(0, 5) * DAY, confirmed + HOUR));
  const firstAt = between(rnd, confirmed + HOUR, latest);
  if (outcome === 'part') return pay(tx, rnd, bill, Math.round(total * rnd.real(0.3, 0.7)), firstAt);
  if (rnd.next() < 0.5 || total < 200 || latest - firstAt < 2 * HOUR) return pay(tx, rnd, bill, total, firstAt);
  // In two instalments, the second the exact remainder.
  const part = Math.round(total * rnd.real(0.4, 0.7));
  await pay(tx, rnd, bill, part, firstAt);
  await pay(tx, rnd, bill, total - part, between(rnd, firstAt + HOUR, latest));
}

/** Bills, payments and overdue days for the demo tenant's waybills; does nothing when it has no signed waybill. */
export async function seedDemoSettlement(db: Kysely<SystemTables>, options: SettlementOptions = {}): Promise<void> {
  const { seed = DEFAULT_SETTLEMENT_SEED, today = DEMO_REFERENCE_DATE } = options;
  const todayMs = Date.parse(`${today}T09:30:00+08:00`);
  await replayBillRuns(db, todayMs);
  const rnd = random(seed);
  await db.transaction().execute(async (tx) => {
    const bills = await sql<Omit<OpenBill, 'due'> & { due: string }>`
      select id, customer_id as "customerId", payable_amount::text as payable,
        extract(epoch from generated_time) * 1000 as generated, to_char(due_date, 'YYYY-MM-DD') as due
      from hy_bill where tenant_id = ${DEMO_TENANT_ID} and bill_status = '1' order by generated_time, bill_no`.execute(tx);
    for (const row of bills.rows) {
      const bill: OpenBill = { ...row, due: Date.parse(`${row.due}T00:00:00+08:00`) };
      await settle(tx, rnd, bill, todayMs);
    }
    await recalculateOverdueDays(tx);
  });
}
