/**
 * Demo ETC toll invoices for a fresh database: ETC运单 for a share of the signed demo waybills (through the same
 * generator as 生成ETC运单, so plates, ETC colours and windows are the waybills'), spread over every status, and toll
 * invoices as an import would store them — most inside a waybill's window (matched by the same matching as the
 * import), one after its window and one for a plate with no ETC运单 (left 未匹配 for 手动匹配). Amounts are whole fen
 * turned into yuan text (fenToYuan), as the import does. Deterministic apart from ids.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { newId } from '../core/ids.ts';
import { fenToYuan } from '../../src/contracts/money.ts';
import { generateEtcWaybills, SIGNED_STATUSES } from '../domains/money/etc/generate.ts';
import { matchInvoice } from '../domains/money/etc/matching.ts';
import { DEMO_TENANT_ID } from './seed.ts';

/** Status by position: 未上报, 未结束, 开票中, (开票完成 through matched invoices) ×2, 失败. */
const CYCLE = ['0', '1', '2', 'invoiced', 'invoiced', '9'] as const;
const STATIONS = ['石家庄东', '保定南', '北京西站', '天津南', '济南西', '郑州东', '太原北', '邯郸'];
const SELLERS = [{ name: '河北高速公路集团有限公司', code: '91130000MA0A1B2C3D' }, { name: '京港澳高速公路有限公司', code: '91110000MA0B2C3D4E' }];

interface Window { id: string; plate: string; start: string; hours: number }

export async function seedDemoEtc(db: Kysely<SystemTables>): Promise<void> {
  const signed = sql.join(SIGNED_STATUSES.map((s) => sql`${s}`));
  // Every third signed waybill with a plate colour the toll service knows (blue, yellow, …) and a despatch time.
  const picked = await sql<{ id: string }>`select id from (select id, row_number() over (order by shipping_note_number) as n
      from hy_shipping_note where tenant_id = ${DEMO_TENANT_ID} and shipping_status in (${signed}) and vehicle_number is not null
        and vehicle_plate_color_code in ('1', '2', '3', '4', '93', '94') and despatch_actual_date_time is not null) s
    where n % 3 = 1 limit 24`.execute(db);
  if (picked.rows.length === 0) return;
  await db.transaction().execute(async (tx) => {
    await generateEtcWaybills(tx, { tenantId: DEMO_TENANT_ID, ids: picked.rows.map((r) => r.id), by: 'ops' });
    const made = await sql<Window>`select id, plate_num as plate, start_time::text as start,
        greatest(1, floor(extract(epoch from (coalesce(end_time, start_time + interval '1 day') - start_time)) / 3600))::int as hours
      from hy_etc_waybill where tenant_id = ${DEMO_TENANT_ID} order by waybill_num`.execute(tx);
    const invoiced: Window[] = [];
    for (const [i, w] of made.rows.entries()) {
      const state = CYCLE[i % CYCLE.length];
      if (state === 'invoiced') invoiced.push(w);
      const status = state === 'invoiced' ? '2' : state;
      await sql`update hy_etc_waybill set etc_waybill_status = ${status},
          report_time = case when ${status} = '0' then null else start_time - interval '30 minutes' end,
          info = ${status === '9' ? '车辆未在ETC开票平台注册' : null}
        where tenant_id = ${DEMO_TENANT_ID} and id = ${w.id}`.execute(tx);
    }
    let seq = 0;
    const add = async (plate: string, exTime: RawTime, fen: number) => {
      seq += 1;
      const seller = SELLERS[seq % SELLERS.length];
      // 3 % toll VAT: tax = round(total × 3 / 103) in whole fen (integer arithmetic).
      const tax = Math.floor((fen * 3 * 2 + 103) / (103 * 2));
      const id = newId();
      await sql`insert into hy_etc_invoice (id, tenant_id, create_by, create_time, plate_num, invoice_code, invoice_num, invoice_make_time,
          invoice_type, en_station, ex_station, ex_time, transaction_id, fee, amount, total_tax_amount, total_amount, tax_rate,
          seller_name, seller_taxpayer_code, match_status)
        values (${id}, ${DEMO_TENANT_ID}, 'ops', now(), ${plate}, '013002400111', ${`2611${String(10000000 + seq * 7919).slice(-8)}`},
          ${exTime.text}::timestamptz + interval '3 days', '通行费电子发票', ${STATIONS[seq % STATIONS.length]}, ${STATIONS[(seq + 3) % STATIONS.length]},
          ${exTime.text}::timestamptz + ${`${exTime.hours} hours`}::interval, ${`ETC${String(seq).padStart(10, '0')}`}, ${fenToYuan(String(fen))}::numeric,
          ${fenToYuan(String(fen - tax))}::numeric, ${fenToYuan(String(tax))}::numeric, ${fenToYuan(String(fen))}::numeric, 0.03,
          ${seller.name}, ${seller.code}, '0')`.execute(tx);
      await matchInvoice(tx, DEMO_TENANT_ID, id);
    };
    for (const [i, w] of invoiced.entries()) {
      for (let k = 0; k <= i % 3; k++) await add(w.plate, { text: w.start, hours: Math.floor((w.hours * (k + 1)) / 4) }, 3850 + i * 1137 + k * 461);
    }
    // Two for a person to resolve: one past its waybill's window, one for a plate without an ETC运单.
    const late = invoiced[0] ?? made.rows[0];
    await add(late.plate, { text: late.start, hours: late.hours + 30 }, 6120);
    await add('冀F9Z988', { text: late.start, hours: 2 }, 2350);
  });
}

interface RawTime { text: string; hours: number }
