/**
 * Demo 税务申报 for a fresh database: the monthly drafting run (server/domains/money/tax/drafts.ts) over the three
 * months before the demo's today, from the demo waybills' 支付 history — then what staff did with them: the oldest
 * month declared and paid, the middle one declared (one 申报失败), the last one still 待申报 (one 作废).
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { draftDeclarations } from '../domains/money/tax/drafts.ts';
import { DEMO_REFERENCE_DATE } from './demo-drivers.ts';
import { DEMO_TENANT_ID } from './seed.ts';

/** The `count` months before `today` (yyyy-MM-DD), oldest first. */
function monthsBefore(today: string, count: number): string[] {
  const [year, month] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (count - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

export async function seedDemoTax(db: Kysely<SystemTables>, today = DEMO_REFERENCE_DATE): Promise<void> {
  const [oldest, middle, last] = monthsBefore(today, 3);
  for (const period of [oldest, middle, last]) await draftDeclarations(db, DEMO_TENANT_ID, period, 'system');
  // Declared on the 10th of the next month (the bureau's deadline is the 15th), numbered per period.
  const declare = (period: string) => sql`update hy_tax_declaration d set declare_status = '3',
      declare_no = 'SB' || replace(${period}, '-', '') || lpad(x.n::text, 4, '0'),
      declare_time = (d.period_end + interval '10 days' + interval '10 hours')::timestamp at time zone 'UTC' - interval '8 hours'
    from (select id, row_number() over (order by income_amount desc, id) as n from hy_tax_declaration
      where tenant_id = ${DEMO_TENANT_ID} and period = ${period}) x
    where d.id = x.id`;
  await declare(oldest).execute(db);
  await sql`update hy_tax_declaration set declare_status = '5', pay_time = declare_time + interval '2 days'
    where tenant_id = ${DEMO_TENANT_ID} and period = ${oldest}`.execute(db);
  await declare(middle).execute(db);
  await sql`update hy_tax_declaration set declare_status = '4', declare_no = null, declare_time = null, remark = '身份证件信息与税务系统不一致，退回'
    where id = (select id from hy_tax_declaration where tenant_id = ${DEMO_TENANT_ID} and period = ${middle} order by income_amount, id limit 1)`.execute(db);
  await sql`update hy_tax_declaration set declare_status = '9', void_reason = '司机运费退回重算'
    where id = (select id from hy_tax_declaration where tenant_id = ${DEMO_TENANT_ID} and period = ${last} order by income_amount, id limit 1)`.execute(db);
}
