/**
 * 申请开票 (freight-domain §1.14): one invoice over one or more confirmed bills of one shipper, inside the caller's
 * transaction. The bills are locked (`for update`, in id order so two applications never deadlock) and read after
 * the lock, so of two applications over the same bill the second sees the first's mark and is refused; the link
 * table's partial unique index (migrations.ts) says the same once more. Lines are the bills' waybills; amounts in
 * integer fen (amounts.ts) at 平台设置's VAT rate; the freight remark is made from the same waybills (remark.ts).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SystemTables } from '../../../db/schema.ts';
import type { Caller } from '../../../context.ts';
import { BusinessError } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { rateFraction, splitLines } from './amounts.ts';
import { fenOf, yuanText } from '../../../../src/contracts/money.ts';
import { freightRemark, type RemarkLine } from './remark.ts';

/** Bill states an invoice may cover: confirmed by the shipper (已确认), partly or fully paid (部分回款, 已结清). */
export const INVOICEABLE_BILL_STATES = ['2', '3', '4'];
/** The goods/service name of every line (税收分类 交通运输服务 › 货物运输服务). */
export const FREIGHT_ITEM_NAME = '*运输服务*货物运输服务';
export const MAX_BILLS_PER_INVOICE = 50;

interface LockedBill {
  id: string;
  billNo: string;
  customerId: string;
  billStatus: string;
  invoiceStatus: string | null;
  payable: string;
}

interface Waybill extends RemarkLine {
  billId: string;
  shippingNoteId: string;
  shippingNoteNumber: string;
  total: string;
}

export interface Application {
  tenantId: number;
  billIds: string[];
  /** The bill list's reach for the caller (its data scope): a shipper names only its own bills. */
  scope: Array<RawBuilder<unknown>>;
  caller: Pick<Caller, 'username' | 'realname'>;
}

const and = (conditions: Parameters<typeof sql.join>[0]) => sql.join(conditions, sql` and `);

async function lockBills(tx: Kysely<SystemTables>, app: Application): Promise<LockedBill[]> {
  const found = await sql<LockedBill>`
    select id, bill_no as "billNo", customer_id as "customerId", bill_status as "billStatus",
      invoice_status as "invoiceStatus", coalesce(payable_amount, 0)::text as payable
    from hy_bill where ${and([sql`tenant_id = ${app.tenantId}`, sql`id in (${sql.join(app.billIds)})`, ...app.scope])}
    order by id for update`.execute(tx);
  return found.rows;
}

function assertBills(bills: LockedBill[], app: Application): void {
  if (bills.length !== app.billIds.length) throw new BusinessError('账单不存在，或无权为其申请开票');
  if (new Set(bills.map((b) => b.customerId)).size > 1) throw new BusinessError('一张发票只能包含同一货主的账单');
  for (const bill of bills) {
    if (!INVOICEABLE_BILL_STATES.includes(bill.billStatus)) throw new BusinessError(`账单${bill.billNo}尚未确认，不能申请开票`);
    if ((bill.invoiceStatus ?? '0') !== '0') throw new BusinessError(`账单${bill.billNo}已申请开票或已开票，不能重复申请`);
  }
}

async function waybillsOf(tx: Kysely<SystemTables>, tenantId: number, bills: LockedBill[]): Promise<Waybill[]> {
  const found = await sql<Waybill>`
    select i.bill_id as "billId", i.shipping_note_id as "shippingNoteId",
      coalesce(n.shipping_note_number, i.shipping_note_number) as "shippingNoteNumber",
      coalesce(n.place_of_loading, '') as "startPlace", coalesce(n.goods_receipt_place, '') as "endPlace",
      coalesce(n.vehicle_number, '') as "vehicleNumber", coalesce(n.goods_name, '') as "goodsName",
      coalesce(n.total_fee, n.customer_fee, i.customer_fee, 0)::text as total
    from hy_bill_item i join hy_bill b on b.tenant_id = i.tenant_id and b.id = i.bill_id
      left join hy_shipping_note n on n.tenant_id = i.tenant_id and n.id = i.shipping_note_id
    where i.tenant_id = ${tenantId} and i.bill_id in (${sql.join(bills.map((b) => b.id))})
    order by b.bill_no, i.sign_time nulls last, i.shipping_note_number, i.id`.execute(tx);
  return found.rows;
}

/** Each bill's waybills add up to at most what the bill asks the shipper to pay. */
function assertWithinPayable(bills: LockedBill[], lines: Waybill[]): bigint[] {
  const totals = lines.map((line) => {
    const fen = fenOf(line.total);
    if (fen === null || fen < 0n) throw new BusinessError(`运单${line.shippingNoteNumber}的运费金额有误，不能开票`);
    return fen;
  });
  for (const bill of bills) {
    const invoiced = lines.reduce((sum, line, i) => (line.billId === bill.id ? sum + totals[i] : sum), 0n);
    if (invoiced === 0n) throw new BusinessError(`账单${bill.billNo}没有可开票的运单金额`);
    const payable = fenOf(bill.payable) ?? 0n;
    if (invoiced > payable) throw new BusinessError(`账单${bill.billNo}的开票金额 ${yuanText(invoiced)} 元不能超过其应收金额 ${yuanText(payable)} 元`);
  }
  return totals;
}

/** Today in Beijing as YYYYMMDD (the apply number's date). */
async function beijingDay(tx: Kysely<SystemTables>): Promise<string> {
  const found = await sql<{ day: string }>`select to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') as day`.execute(tx);
  return found.rows[0]?.day ?? '';
}

/** Creates the invoice (待审核) with its lines and marks its bills; answers the new invoice's id and number. */
export async function applyForInvoice(tx: Kysely<SystemTables>, app: Application): Promise<{ id: string; invoiceApplyNo: string }> {
  const bills = await lockBills(tx, app);
  assertBills(bills, app);
  const live = await sql<{ billId: string }>`select bill_id as "billId" from hy_invoice_bill
    where tenant_id = ${app.tenantId} and live and bill_id in (${sql.join(bills.map((b) => b.id))}) limit 1`.execute(tx);
  if (live.rows.length > 0) throw new BusinessError('所选账单已在另一张发票中');
  const waybills = await waybillsOf(tx, app.tenantId, bills);
  const totals = assertWithinPayable(bills, waybills);
  const config = (await sql<{ rate: string | null; sellerName: string | null; sellerTaxNo: string | null }>`
    select vat_rate::text as rate, coalesce(nullif(company_name, ''), platform_name) as "sellerName", credit_code as "sellerTaxNo"
    from hy_config where id = 'hyconfig'`.execute(tx)).rows[0];
  const rate = config?.rate ? rateFraction(config.rate) : null;
  if (!rate) throw new BusinessError('平台设置中的增值税率未设置，不能开票');
  const split = splitLines(totals, rate);
  const customerId = bills[0].customerId;
  const id = newId();
  const invoiceApplyNo = `FP${await beijingDay(tx)}${id.slice(-6)}`;
  const billNos = bills.map((b) => b.billNo).sort().join(',');
  await sql`insert into hy_invoice (id, tenant_id, create_by, create_time, invoice_apply_no, customer_id, bill_nos, invoice_kind,
      red_flag, buyer_name, buyer_tax_no, buyer_addr_phone, buyer_bank_account, seller_name, seller_tax_no, tax_rate,
      amount_excl_tax, tax_amount, total_amount, invoice_status, remark, apply_by, apply_time)
    select ${id}, ${app.tenantId}, ${app.caller.username}, now(), ${invoiceApplyNo}, c.id, ${billNos}, '01', '0',
      coalesce(nullif(c.invoice_title, ''), c.customer_name), coalesce(nullif(c.invoice_tax_no, ''), c.credit_code),
      coalesce(nullif(c.invoice_addr_phone, ''), nullif(concat_ws(' ', c.address, c.contact_phone), '')), c.invoice_bank_account,
      ${config?.sellerName ?? null}, ${config?.sellerTaxNo ?? null}, ${config?.rate ?? null}::numeric,
      ${yuanText(split.exclFen)}::numeric, ${yuanText(split.taxFen)}::numeric, ${yuanText(split.totalFen)}::numeric, '1',
      ${freightRemark(waybills)}, ${app.caller.realname || app.caller.username}, now()
    from hy_customer c where c.tenant_id = ${app.tenantId} and c.id = ${customerId}`.execute(tx);
  for (const [index, waybill] of waybills.entries()) {
    const line = split.lines[index];
    await sql`insert into hy_invoice_item (id, tenant_id, create_by, create_time, invoice_id, customer_id, line_no, bill_id,
        shipping_note_id, shipping_note_number, item_name, start_place, end_place, vehicle_number, goods_name,
        amount_excl_tax, tax_amount, total_amount)
      values (${newId()}, ${app.tenantId}, ${app.caller.username}, now(), ${id}, ${customerId}, ${index + 1}, ${waybill.billId},
        ${waybill.shippingNoteId}, ${waybill.shippingNoteNumber}, ${FREIGHT_ITEM_NAME}, ${waybill.startPlace.slice(0, 255)},
        ${waybill.endPlace.slice(0, 255)}, ${waybill.vehicleNumber.slice(0, 35)}, ${waybill.goodsName.slice(0, 255)},
        ${yuanText(line.exclFen)}::numeric, ${yuanText(line.taxFen)}::numeric, ${yuanText(line.totalFen)}::numeric)`.execute(tx);
  }
  for (const bill of bills) {
    await sql`insert into hy_invoice_bill (tenant_id, invoice_id, bill_id, live) values (${app.tenantId}, ${id}, ${bill.id}, true)`.execute(tx);
  }
  await sql`update hy_bill set invoice_status = '1', update_by = ${app.caller.username}, update_time = now()
    where tenant_id = ${app.tenantId} and id in (${sql.join(bills.map((b) => b.id))})`.execute(tx);
  return { id, invoiceApplyNo };
}
