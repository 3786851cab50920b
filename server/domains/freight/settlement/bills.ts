/**
 * Platform bills (freight-domain §1.10, §2.3). A bill gathers signed waybills of one customer; every amount is
 * summed by the database over numeric columns (never JS numbers), and the waybills get `bill_id` / `bill_flag` in
 * the same transaction, so a waybill is billed at most once.
 *
 * What the scheduled run bills (definitions recorded in docs/decisions.md):
 * - 趟结 (3): one bill per signed waybill, due the day after the run (T+1);
 * - 月结 (1) and 垫付 (4): on the customer's `billDay`, one bill of the waybills signed before this month
 *   (period = the previous calendar month), due run date + `creditDays`;
 * - 批结 (2): never by the job; an operator picks signed waybills (生成账单), due that day + `creditDays`.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SystemTables } from '../../../db/schema.ts';
import { newId } from '../../../core/ids.ts';
import { BusinessError } from '../../../core/errors.ts';
import { REPAID } from './advances.ts';

type Db = Kysely<SystemTables> | Transaction<SystemTables>;

/** Shipping statuses counted as signed for billing: 已签收, 待支付, 已支付, 已完成. */
export const SIGNED_STATUSES = ['4', '5', '6', '7'] as const;

export interface BillDraft {
  tenantId: number;
  customerId: string;
  settlementType: string;
  noteIds: string[];
  periodStart: string | null;
  periodEnd: string | null;
  /** `YYYY-MM-DD` */
  dueDate: string;
  createBy: string;
  /** When the bill is made (timestamptz text; default now): its generated and record times and its number's month. */
  at?: string;
}

const signedList = sql.join(SIGNED_STATUSES.map((s) => sql`${s}`));

/** The moment `at` (timestamptz text), or the statement's now() without one. */
export const momentOf = (at: string | undefined) => (at === undefined ? sql`now()` : sql`${at}::timestamptz`);

/** ZD + yyyyMM of `at` + 4-digit sequence within the tenant and month. */
async function nextBillNo(db: Db, tenantId: number, at: string | undefined): Promise<string> {
  const month = await sql<{ ym: string }>`select to_char(${momentOf(at)}, 'YYYYMM') as ym`.execute(db);
  const prefix = `ZD${month.rows[0].ym}`;
  const last = await sql<{ no: string | null }>`select max(bill_no) as no from hy_bill
    where tenant_id = ${tenantId} and bill_no like ${`${prefix}%`}`.execute(db);
  const seq = last.rows[0]?.no ? Number(last.rows[0].no.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(seq).padStart(4, '0')}`;
}

/**
 * Writes one bill and its items from the given waybills (still unbilled and signed, re-checked under lock), and
 * marks them billed. Returns the bill id, or null when none of the waybills is billable any more.
 */
export async function createBill(db: Kysely<SystemTables>, draft: BillDraft): Promise<string | null> {
  return db.transaction().execute(async (tx) => {
    const ids = sql.join(draft.noteIds.map((id) => sql`${id}`));
    // A 垫付 advance the shipper has repaid directly (垫付还款) is settled: it goes on no bill.
    const locked = await sql<{ id: string }>`select id from hy_shipping_note n
      where tenant_id = ${draft.tenantId} and customer_id = ${draft.customerId} and id in (${ids})
        and bill_id is null and shipping_status in (${signedList}) and not ${REPAID(sql`n`)} for update`.execute(tx);
    if (locked.rows.length === 0) return null;
    const billable = sql.join(locked.rows.map((r) => sql`${r.id}`));
    const billId = newId();
    const billNo = await nextBillNo(tx, draft.tenantId, draft.at);
    const at = momentOf(draft.at);
    await sql`insert into hy_bill (id, tenant_id, create_by, create_time, bill_no, customer_id, settlement_type, period_start, period_end,
        waybill_count, total_weight, customer_fee_total, driver_fee_total, payable_amount, paid_amount, bill_status,
        generated_time, due_date, overdue_days)
      select ${billId}, ${draft.tenantId}, ${draft.createBy}, ${at}, ${billNo}, ${draft.customerId}, ${draft.settlementType},
        ${draft.periodStart}::date, ${draft.periodEnd}::date, count(*), sum(settle_weight), coalesce(sum(customer_fee), 0),
        coalesce(sum(driver_fee), 0), coalesce(sum(coalesce(total_fee, customer_fee)), 0), 0, '1', ${at}, ${draft.dueDate}::date, 0
      from hy_shipping_note where tenant_id = ${draft.tenantId} and id in (${billable})`.execute(tx);
    for (const { id } of locked.rows) {
      await sql`insert into hy_bill_item (id, tenant_id, create_by, create_time, bill_id, customer_id, shipping_note_id, shipping_note_number,
          settle_weight, customer_fee, driver_fee, sign_time)
        select ${newId()}, tenant_id, ${draft.createBy}, ${at}, ${billId}, customer_id, id, shipping_note_number, settle_weight,
          customer_fee, driver_fee, goods_receipt_date_time
        from hy_shipping_note where tenant_id = ${draft.tenantId} and id = ${id}`.execute(tx);
    }
    // Never earlier than a later step the waybill already took (a replayed run of the past; now() is never earlier).
    await sql`update hy_shipping_note set bill_id = ${billId}, bill_flag = '1', update_time = greatest(update_time, ${at})
      where tenant_id = ${draft.tenantId} and id in (${billable})`.execute(tx);
    return billId;
  });
}

interface Candidate {
  id: string;
  tenantId: number;
  customerId: string;
  settlementType: string;
  creditDays: number | null;
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The previous calendar month of `date` as [first day, last day]. */
function previousMonth(date: string): [string, string] {
  const d = new Date(`${date}T00:00:00Z`);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0));
  return [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)];
}

/**
 * Waybills of voided bills (作废, status 9) become unbilled again, so the next run or 批结 bills them anew; the
 * voided bill keeps its items as history. (The 作废 operation is a plain state change, so the release is here.)
 */
export async function releaseVoidedBills(db: Db, tenantId?: number): Promise<void> {
  await sql`update hy_shipping_note n set bill_id = null, bill_flag = '0', update_time = now()
    from hy_bill b where b.id = n.bill_id and b.tenant_id = n.tenant_id and b.bill_status = '9'
      ${tenantId === undefined ? sql`` : sql`and n.tenant_id = ${tenantId}`}`.execute(db);
}

/**
 * The scheduled run: bills every tenant's due 趟结 waybills, and 月结/垫付 customers whose billDay is `runDate`'s day.
 * `at` runs it as of an earlier moment (the demo seed replays the daily runs of its history): only waybills signed
 * before then are billed, and the bills carry that time. By default it is now, when every signed waybill qualifies.
 */
export async function generateDueBills(db: Kysely<SystemTables>, runDate: string, at?: string): Promise<{ bills: number; waybills: number }> {
  await releaseVoidedBills(db);
  const signedBefore = at === undefined ? sql`` : sql`and coalesce(n.goods_receipt_date_time, n.update_time, n.create_time) < ${at}::timestamptz`;
  const found = await sql<Candidate>`select n.id, n.tenant_id as "tenantId", n.customer_id as "customerId",
      coalesce(n.settlement_type, c.settlement_type) as "settlementType", c.credit_days as "creditDays"
    from hy_shipping_note n join hy_customer c on c.id = n.customer_id and c.tenant_id = n.tenant_id
    where n.bill_id is null and n.shipping_status in (${signedList}) ${signedBefore}
      and (coalesce(n.settlement_type, c.settlement_type) = '3'
        or (coalesce(n.settlement_type, c.settlement_type) in ('1', '4')
          and c.bill_day = extract(day from ${runDate}::date)
          and coalesce(n.goods_receipt_date_time, n.update_time, n.create_time) < date_trunc('month', ${runDate}::date)))
    order by n.tenant_id, n.customer_id, n.create_time, n.id`.execute(db);
  const groups = new Map<string, Candidate[]>();
  for (const row of found.rows) {
    // 趟结: one bill per waybill; 月结/垫付: one per customer and type.
    const key = row.settlementType === '3' ? `w:${row.id}` : `${row.tenantId}:${row.customerId}:${row.settlementType}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const [periodStart, periodEnd] = previousMonth(runDate);
  let bills = 0;
  let waybills = 0;
  for (const rows of groups.values()) {
    const head = rows[0];
    const monthly = head.settlementType !== '3';
    const billId = await createBill(db, {
      tenantId: head.tenantId, customerId: head.customerId, settlementType: head.settlementType, noteIds: rows.map((r) => r.id),
      periodStart: monthly ? periodStart : null, periodEnd: monthly ? periodEnd : null,
      dueDate: addDays(runDate, monthly ? Number(head.creditDays ?? 0) : 1), createBy: 'system', at,
    });
    if (billId) {
      bills += 1;
      waybills += rows.length;
    }
  }
  return { bills, waybills };
}

/**
 * Sets `overdue_days` of the open bills (待货主确认, 已确认, 部分回款) to today − due date, 0 until due (freight-domain
 * §2.3); settled and voided bills keep their figure. Returns how many bills changed.
 */
export async function recalculateOverdueDays(db: Db): Promise<number> {
  const result = await sql`update hy_bill
    set overdue_days = greatest(0, current_date - due_date)
    where due_date is not null and bill_status in ('1', '2', '3')
      and coalesce(paid_amount, 0) < coalesce(payable_amount, 0)
      and overdue_days is distinct from greatest(0, current_date - due_date)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * 批结: the operator's chosen waybills become one bill per customer. Refused unless every one is signed, unbilled
 * and of a single customer; returns the bill id.
 */
export async function batchBill(db: Kysely<SystemTables>, tenantId: number, noteIds: string[], createBy: string): Promise<string> {
  if (noteIds.length === 0) throw new BusinessError('请选择运单');
  await releaseVoidedBills(db, tenantId);
  const ids = sql.join(noteIds.map((id) => sql`${id}`));
  const rows = await sql<{ id: string; customerId: string; billId: string | null; shippingStatus: string; creditDays: number | null; settlementType: string | null }>`
    select n.id, n.customer_id as "customerId", n.bill_id as "billId", n.shipping_status as "shippingStatus",
      c.credit_days as "creditDays", coalesce(n.settlement_type, c.settlement_type) as "settlementType"
    from hy_shipping_note n left join hy_customer c on c.id = n.customer_id and c.tenant_id = n.tenant_id
    where n.tenant_id = ${tenantId} and n.id in (${ids})`.execute(db);
  if (rows.rows.length !== new Set(noteIds).size) throw new BusinessError('运单不存在');
  if (rows.rows.some((r) => r.billId)) throw new BusinessError('所选运单已出账');
  if (rows.rows.some((r) => !(SIGNED_STATUSES as readonly string[]).includes(r.shippingStatus))) throw new BusinessError('只有已签收的运单可以生成账单');
  const customers = new Set(rows.rows.map((r) => r.customerId));
  if (customers.size !== 1) throw new BusinessError('所选运单须属于同一货主');
  const today = await sql<{ d: string }>`select to_char(current_date, 'YYYY-MM-DD') as d`.execute(db);
  const head = rows.rows[0];
  const billId = await createBill(db, {
    tenantId, customerId: head.customerId, settlementType: head.settlementType ?? '2', noteIds,
    periodStart: null, periodEnd: null, dueDate: addDays(today.rows[0].d, Number(head.creditDays ?? 0)), createBy,
  });
  if (!billId) throw new BusinessError('所选运单已出账');
  return billId;
}
