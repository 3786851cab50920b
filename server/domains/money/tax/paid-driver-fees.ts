/**
 * The driver fees actually PAID in a period: the one source 税务申报 drafts from (freight-domain §1.16).
 *
 * A driver fee is paid when a 资金流水 (hy_fund_flow, server/domains/money/fund-flows) of type 01 运费支付 succeeds
 * (pay_status '2'): money left a wallet in the same transaction. The moment is the flow's date_time, the amount its
 * monetary_amount, and the income is the waybill's driver's — the actual carrier — even when an authorised payee
 * received it. The waybill list's older 支付 operation (a status change that moves no money) counts for nothing here.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SystemTables } from '../../../db/schema.ts';

type Db = Kysely<SystemTables> | Transaction<SystemTables>;

/** `flow_type` 01 运费支付 and `pay_status` 2 已支付 (schemas/dicts). */
const FREIGHT_PAYMENT = '01';
const PAID = '2';

export interface PaidDriverFee {
  driverId: string;
  waybillCount: number;
  /** Two-decimal text summed by the database (never a JS number). */
  income: string;
}

/** Fees paid in [periodStart, periodEnd) (timestamptz texts), per driver with a positive total. */
export async function paidDriverFees(db: Db, tenantId: number, periodStart: string, periodEnd: string): Promise<PaidDriverFee[]> {
  const found = await sql<PaidDriverFee>`
    select n.driver_id as "driverId", count(distinct f.shipping_note_id)::int as "waybillCount",
      sum(f.monetary_amount)::numeric(14,2)::text as income
    from hy_fund_flow f
    join hy_shipping_note n on n.tenant_id = f.tenant_id and n.id = f.shipping_note_id
    where f.tenant_id = ${tenantId} and f.flow_type = ${FREIGHT_PAYMENT} and f.pay_status = ${PAID} and n.driver_id is not null
      and f.date_time >= ${periodStart}::timestamptz and f.date_time < ${periodEnd}::timestamptz
    group by n.driver_id
    having sum(f.monetary_amount) > 0
    order by n.driver_id`.execute(db);
  return found.rows;
}
