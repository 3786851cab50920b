/**
 * Matching an ETC invoice (hy_etc_invoice) to the ETC waybill (hy_etc_waybill) of the same tenant whose window
 * [start_time, end_time] holds the toll's exit time, for the same plate (spaces and case ignored); a waybill with
 * no end yet is open-ended, a failed one (9) takes none. One candidate → matched; none or several → left 未匹配 with
 * the reason, for a person to resolve (手动匹配). A waybill's invoice count and toll total are summed in SQL over its
 * matched invoices, and its first invoice moves it from 未结束/开票中 to 开票完成.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../../db/schema.ts';
import { BusinessError } from '../../../core/errors.ts';

type Db = Kysely<SystemTables>;

const plateKey = (column: ReturnType<typeof sql.ref>) => sql`upper(replace(${column}, ' ', ''))`;

export const NO_WINDOW = '没有车牌与通行时间相符的ETC运单';

/** Matches one stored, unmatched invoice if exactly one window fits; returns the waybill id or null. */
export async function matchInvoice(tx: Db, tenantId: number, invoiceId: string): Promise<string | null> {
  // The candidate waybills are locked so their sums are refreshed by one writer at a time.
  const found = await sql<{ id: string; num: string }>`select w.id, w.waybill_num as num
    from hy_etc_invoice i join hy_etc_waybill w on w.tenant_id = i.tenant_id
      and ${plateKey(sql.ref('w.plate_num'))} = ${plateKey(sql.ref('i.plate_num'))}
      and i.ex_time >= w.start_time and (w.end_time is null or i.ex_time <= w.end_time) and w.etc_waybill_status <> '9'
    where i.tenant_id = ${tenantId} and i.id = ${invoiceId}
    order by w.start_time for update of w`.execute(tx);
  const candidates = found.rows;
  if (candidates.length !== 1) {
    const remark = candidates.length === 0 ? NO_WINDOW
      : `有${candidates.length}条ETC运单的时间窗口包含通行时间（${candidates.slice(0, 3).map((c) => c.num).join('、')}），请手动匹配`;
    await sql`update hy_etc_invoice set match_status = '0', etc_waybill_id = null, match_remark = ${remark}
      where tenant_id = ${tenantId} and id = ${invoiceId}`.execute(tx);
    return null;
  }
  await linkInvoice(tx, tenantId, invoiceId, candidates[0].id);
  return candidates[0].id;
}

/** Records the match and refreshes the waybill (whose row the caller has locked). */
export async function linkInvoice(tx: Db, tenantId: number, invoiceId: string, waybillId: string): Promise<void> {
  await sql`update hy_etc_invoice set match_status = '1', etc_waybill_id = ${waybillId}, match_remark = null
    where tenant_id = ${tenantId} and id = ${invoiceId}`.execute(tx);
  await refreshWaybill(tx, tenantId, waybillId);
}

/** Count and total of the waybill's matched invoices (numeric sums in SQL), and 开票完成 once it has one. */
export async function refreshWaybill(tx: Db, tenantId: number, waybillId: string): Promise<void> {
  await sql`update hy_etc_waybill w set invoice_count = s.n, invoice_amount = s.total,
      etc_waybill_status = case when s.n > 0 and w.etc_waybill_status in ('1', '2') then '3' else w.etc_waybill_status end
    from (select count(*)::int as n, coalesce(sum(total_amount), 0) as total from hy_etc_invoice
      where tenant_id = ${tenantId} and etc_waybill_id = ${waybillId} and match_status = '1') s
    where w.tenant_id = ${tenantId} and w.id = ${waybillId}`.execute(tx);
}

/**
 * 手动匹配: the picked waybill must be the tenant's, not failed, and carry the invoice's plate; then the invoice is
 * linked to it (the operation's own write repeats the same values).
 */
export async function resolveInvoice(tx: Db, tenantId: number, invoice: { id: string; plateNum: string }, waybillId: string): Promise<void> {
  const found = await sql<{ plate: string; status: string; same: boolean }>`select plate_num as plate, etc_waybill_status as status,
      ${plateKey(sql.ref('plate_num'))} = upper(replace(${invoice.plateNum}, ' ', '')) as same
    from hy_etc_waybill where tenant_id = ${tenantId} and id = ${waybillId} for update`.execute(tx);
  const waybill = found.rows[0];
  if (!waybill) throw new BusinessError('所选ETC运单不存在');
  if (waybill.status === '9') throw new BusinessError('所选ETC运单已失败，不能匹配发票');
  if (!waybill.same) throw new BusinessError(`发票车牌号“${invoice.plateNum}”与ETC运单车牌号“${waybill.plate}”不一致，不能匹配`);
  await linkInvoice(tx, tenantId, invoice.id, waybillId);
}
