/**
 * The driver fees actually PAID in a period: the one source 税务申报 drafts from (freight-domain §1.16).
 *
 * Today a waybill's driver fee is paid when the waybill list's 支付 operation runs (hy-shipping-note.entity.json
 * `pay`: pay_status '2', and a history row hy_shipping_note_log with event 'PAY' at eventTime); the income is the
 * waybill's driver_fee. When real fund flows (hy_fund_flow) land, this query is the one thing to switch: the rows
 * become the period's paid driver-fee flows grouped by driver, with the same answer shape.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SystemTables } from '../../../db/schema.ts';

type Db = Kysely<SystemTables> | Transaction<SystemTables>;

export interface PaidDriverFee {
  driverId: string;
  waybillCount: number;
  /** Two-decimal text summed by the database (never a JS number). */
  income: string;
}

/** Fees paid in [periodStart, periodEnd) (timestamptz texts), per driver with a positive total. */
export async function paidDriverFees(db: Db, tenantId: number, periodStart: string, periodEnd: string): Promise<PaidDriverFee[]> {
  const found = await sql<PaidDriverFee>`
    select n.driver_id as "driverId", count(*)::int as "waybillCount", sum(coalesce(n.driver_fee, 0))::numeric(14,2)::text as income
    from hy_shipping_note n
    join lateral (select max(l.event_time) as paid_at from hy_shipping_note_log l
      where l.tenant_id = n.tenant_id and l.shipping_note_id = n.id and l.event = 'PAY') p on true
    where n.tenant_id = ${tenantId} and n.pay_status = '2' and n.driver_id is not null
      and p.paid_at >= ${periodStart}::timestamptz and p.paid_at < ${periodEnd}::timestamptz
    group by n.driver_id
    having sum(coalesce(n.driver_fee, 0)) > 0
    order by n.driver_id`.execute(db);
  return found.rows;
}
