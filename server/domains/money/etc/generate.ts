/**
 * 生成ETC运单: ETC waybill records (hy_etc_waybill) for signed waybills, one per waybill (unique shipping_note_id).
 * Plate and plate colour come from the waybill (colour mapped to the ETC code), the toll class from the vehicle,
 * the window from the despatch and receipt times. The whole call is refused, naming the waybills, when one is not
 * signed, has no despatch time, has a plate colour without ETC code, or already has a record.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../../db/schema.ts';
import { BusinessError } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { etcPlateColor, etcVehicleClass } from './plates.ts';

/** 已签收, 待支付, 已支付, 已完成 (the waybill state machine, freight-domain §2). */
export const SIGNED_STATUSES = ['4', '5', '6', '7'];

interface NoteRow {
  id: string;
  number: string;
  customerId: string | null;
  status: string;
  plate: string | null;
  color: string | null;
  start: string | null;
  end: string | null;
  sourceAddr: string | null;
  destAddr: string | null;
  fee: string | null;
  axles: number | null;
  grossMass: string | null;
  registered: boolean;
}

const names = (rows: NoteRow[]) => rows.slice(0, 5).map((r) => r.number).join('、') + (rows.length > 5 ? ` 等${rows.length}条` : '');

/** Writes the records inside `tx` (the caller's transaction); returns how many. `at`: the records' create time. */
export async function generateEtcWaybills(
  tx: Kysely<SystemTables>,
  input: { tenantId: number; ids: string[]; by: string; at?: string },
): Promise<number> {
  const ids = sql.join(input.ids.map((id) => sql`${id}`));
  // Locks the waybills: two people generating at once wait for each other, and the second sees the first's records.
  const found = await sql<NoteRow>`select n.id, n.shipping_note_number as number, n.customer_id as "customerId",
      n.shipping_status as status, n.vehicle_number as plate, n.vehicle_plate_color_code as color,
      coalesce(n.despatch_actual_date_time, n.consignment_date_time)::text as start, n.goods_receipt_date_time::text as "end",
      n.place_of_loading as "sourceAddr", n.goods_receipt_place as "destAddr",
      coalesce(n.total_fee, n.customer_fee)::text as fee, v.axle_count as axles, v.gross_mass::text as "grossMass",
      exists (select 1 from hy_etc_waybill w where w.tenant_id = n.tenant_id and w.shipping_note_id = n.id) as registered
    from hy_shipping_note n left join hy_vehicle v on v.tenant_id = n.tenant_id and v.id = n.vehicle_id
    where n.tenant_id = ${input.tenantId} and n.id in (${ids}) for update of n`.execute(tx);
  const rows = found.rows;
  if (rows.length < input.ids.length) throw new BusinessError('所选运单不存在或已删除');
  const unsigned = rows.filter((r) => !SIGNED_STATUSES.includes(r.status));
  if (unsigned.length > 0) throw new BusinessError(`只有已签收的运单可以生成ETC运单：${names(unsigned)}`);
  const registered = rows.filter((r) => r.registered);
  if (registered.length > 0) throw new BusinessError(`运单已生成过ETC运单：${names(registered)}`);
  const noStart = rows.filter((r) => !r.start || !r.plate);
  if (noStart.length > 0) throw new BusinessError(`运单缺少车牌号或发车时间，不能生成ETC运单：${names(noStart)}`);
  const noColor = rows.filter((r) => etcPlateColor(r.color) === null);
  if (noColor.length > 0) throw new BusinessError(`车牌颜色没有对应的ETC车牌颜色（仅蓝、黄、黑、白、渐变绿、黄绿）：${names(noColor)}`);
  const at = input.at === undefined ? sql`now()` : sql`${input.at}::timestamptz`;
  for (const r of rows) {
    await sql`insert into hy_etc_waybill (id, tenant_id, create_by, create_time, shipping_note_id, waybill_num, customer_id, plate_num,
        plate_color, etc_vehicle_class, start_time, source_addr, dest_addr, end_time, real_dest_addr, fee, etc_waybill_status,
        invoice_count, invoice_amount)
      values (${newId()}, ${input.tenantId}, ${input.by}, ${at}, ${r.id}, ${r.number}, ${r.customerId}, ${r.plate},
        ${etcPlateColor(r.color)}, ${etcVehicleClass(r.axles, r.grossMass)}, ${r.start}::timestamptz, ${r.sourceAddr}, ${r.destAddr},
        ${r.end}::timestamptz, ${r.end ? r.destAddr : null}, ${r.fee}::numeric, '0', 0, 0)`.execute(tx);
  }
  return rows.length;
}
