/**
 * Drafting 税务申报 (freight-domain §1.16): one row of hy_tax_declaration per driver and period (declareType 1 代开增值税,
 * which carries the surcharges and the 个税委托代征 of the same income, as the bureau's 代开/代征 template does).
 *
 * Amounts are computed by the database over numeric with the rates stored in 平台设置 (hy_config), rounded half-up to
 * the fen per tax (round() on positive numerics):
 * - 增值税 = income × vatRate / (1 + vatRate): the driver fee is the price including VAT (small-scale 代开);
 * - 城建税 / 教育费附加 / 地方教育附加 = VAT × their rates; 附加税费 = their sum;
 * - 个人所得税 = income × iitDeemedRate (核定征收 on the income).
 * Re-running for a period never duplicates: under a per-tenant-and-period lock, a driver's live row (any status but
 * 9 已作废) that is still 1 待申报 is recomputed, one already declared or paid is left alone, and a driver with no
 * live row gets a new draft.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../../db/schema.ts';
import { newId } from '../../../core/ids.ts';
import { paidDriverFees } from './paid-driver-fees.ts';

export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Month boundaries in China time, where the bureau's periods are. */
const CHINA = '+08:00';

export interface DraftResult {
  created: number;
  updated: number;
  kept: number;
}

/** [first moment, first moment of the next month) of `yyyy-MM` as timestamptz texts, and the period's dates. */
export function periodBounds(period: string): { start: string; end: string; firstDay: string; lastDay: string } {
  const [year, month] = period.split('-').map(Number);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: `${period}-01T00:00:00${CHINA}`, end: `${next}-01T00:00:00${CHINA}`, firstDay: `${period}-01`, lastDay: `${period}-${String(lastDay).padStart(2, '0')}` };
}

/** The calendar month before `at` (default now) in China time, as yyyy-MM. */
export async function previousPeriod(db: Kysely<SystemTables>, at?: string): Promise<string> {
  const moment = at === undefined ? sql`now()` : sql`${at}::timestamptz`;
  // The UTC wall clock plus 8 hours is China's (no time-zone database needed; China has no summer time).
  const found = await sql<{ p: string }>`select to_char((${moment} at time zone 'UTC') + interval '8 hours' - interval '1 month', 'YYYY-MM') as p`.execute(db);
  return found.rows[0].p;
}

const RATES = sql`driver_vat_rate as vr, urban_maintenance_rate as ur, education_surcharge_rate as er,
  local_education_rate as lr, iit_deemed_rate as ir, tax_authority as authority`;

/** Drafts (or recomputes) the period's declarations of one tenant from the driver fees paid in it. */
export async function draftDeclarations(db: Kysely<SystemTables>, tenantId: number, period: string, by: string): Promise<DraftResult> {
  const bounds = periodBounds(period);
  return db.transaction().execute(async (tx) => {
    // Two runs for the same tenant and period (the job and a person) take turns, so neither inserts a second row.
    await sql`select pg_advisory_xact_lock(hashtext(${`hy_tax_declaration:${tenantId}:${period}`}))`.execute(tx);
    const fees = await paidDriverFees(tx, tenantId, bounds.start, bounds.end);
    const result: DraftResult = { created: 0, updated: 0, kept: 0 };
    for (const fee of fees) {
      const live = await sql<{ id: string; declareStatus: string }>`select id, declare_status as "declareStatus" from hy_tax_declaration
        where tenant_id = ${tenantId} and period = ${period} and driver_id = ${fee.driverId} and declare_status <> '9'
        order by create_time limit 1 for update`.execute(tx);
      const row = live.rows[0];
      if (row && row.declareStatus !== '1') {
        result.kept += 1;
        continue;
      }
      const id = row?.id ?? newId();
      // One statement computes every amount from the income and the stored rates (numeric throughout).
      const computed = sql`with r as (select ${RATES} from hy_config where id = 'hyconfig'),
          d as (select driver_name, id_card from hy_driver where tenant_id = ${tenantId} and id = ${fee.driverId}),
          v as (select round(${fee.income}::numeric * r.vr / (1 + r.vr), 2) as vat, r.* from r),
          s as (select v.*, round(v.vat * v.ur, 2) as urban, round(v.vat * v.er, 2) as edu, round(v.vat * v.lr, 2) as local,
            round(${fee.income}::numeric * v.ir, 2) as iit from v)
        select s.*, (s.urban + s.edu + s.local) as surcharge, (s.vat + s.urban + s.edu + s.local + s.iit) as total,
          d.driver_name, d.id_card from s left join d on true`;
      if (row) {
        await sql`with c as (${computed}) update hy_tax_declaration t set
            waybill_count = ${fee.waybillCount}, income_amount = ${fee.income}::numeric, vat_rate = c.vr, vat_amount = c.vat,
            urban_tax_amount = c.urban, education_amount = c.edu, local_education_amount = c.local, surcharge_amount = c.surcharge,
            iit_rate = c.ir, iit_amount = c.iit, tax_total = c.total, driver_name = c.driver_name, id_card = c.id_card,
            draft_time = now(), update_by = ${by}, update_time = now()
          from c where t.tenant_id = ${tenantId} and t.id = ${id}`.execute(tx);
        result.updated += 1;
      } else {
        await sql`with c as (${computed}) insert into hy_tax_declaration (id, tenant_id, create_by, create_time, period, period_start, period_end,
            declare_type, tax_authority, driver_id, driver_name, id_card, waybill_count, income_amount, vat_rate, vat_amount,
            urban_tax_amount, education_amount, local_education_amount, surcharge_amount, iit_rate, iit_amount, tax_total,
            declare_status, draft_time)
          select ${id}, ${tenantId}, ${by}, now(), ${period}, ${bounds.firstDay}::date, ${bounds.lastDay}::date, '1', c.authority,
            ${fee.driverId}, c.driver_name, c.id_card, ${fee.waybillCount}, ${fee.income}::numeric, c.vr, c.vat, c.urban, c.edu, c.local,
            c.surcharge, c.ir, c.iit, c.total, '1', now() from c`.execute(tx);
        result.created += 1;
      }
    }
    return result;
  });
}

/** The job's run: every tenant with paid waybills drafts `period`. */
export async function draftAllTenants(db: Kysely<SystemTables>, period: string): Promise<DraftResult> {
  const tenants = await sql<{ tenantId: number }>`select distinct tenant_id as "tenantId" from hy_shipping_note where pay_status = '2'
    order by 1`.execute(db);
  const total: DraftResult = { created: 0, updated: 0, kept: 0 };
  for (const { tenantId } of tenants.rows) {
    const one = await draftDeclarations(db, tenantId, period, 'system');
    total.created += one.created;
    total.updated += one.updated;
    total.kept += one.kept;
  }
  return total;
}
