/**
 * What goes with the invoice's operations (hyInvoice `operations`; the engine has already locked the rows and checked
 * each one's state with `when`), inside the operation's transaction:
 * - 开票: the number is not another invoice's; the bills show 已开票;
 * - 驳回: the bills are free to be invoiced again;
 * - 红冲: the negative (红字) invoice referencing the original is created, already issued, with the original's lines
 *   negated, so the two sum to zero; the bills are free to be invoiced again.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../../db/schema.ts';
import type { Caller } from '../../../context.ts';
import { BusinessError, ValidationError } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import type { OperationEvent } from '../../../entity/hooks.ts';

/** Who acts: the operation's caller, or the demo seed's finance user. */
type Actor = Pick<Caller, 'tenantId' | 'username' | 'realname'>;

async function assertNumberFree(tx: Kysely<SystemTables>, tenantId: number, field: string, number: string): Promise<void> {
  const found = await sql<{ id: string }>`select id from hy_invoice where tenant_id = ${tenantId}
    and (invoice_no = ${number} or red_invoice_no = ${number}) limit 1`.execute(tx);
  if (found.rows.length > 0) throw new ValidationError([{ field, message: `发票号码${number}已存在` }]);
}

/** The invoice's bills: marked with `status` (已开票), or released (未申请) and the link ended. */
export async function markBills(tx: Kysely<SystemTables>, caller: Actor, invoiceId: string, status: '3' | '0'): Promise<void> {
  const bills = sql`select bill_id from hy_invoice_bill where tenant_id = ${caller.tenantId} and invoice_id = ${invoiceId} and live`;
  await sql`update hy_bill set invoice_status = ${status}, update_by = ${caller.username}, update_time = now()
    where tenant_id = ${caller.tenantId} and id in (${bills})`.execute(tx);
  if (status === '0') {
    await sql`update hy_invoice_bill set live = false where tenant_id = ${caller.tenantId} and invoice_id = ${invoiceId} and live`.execute(tx);
  }
}

export async function createRedInvoice(tx: Kysely<SystemTables>, caller: Actor, originalId: string, redNo: string): Promise<void> {
  const id = newId();
  await sql`insert into hy_invoice (id, tenant_id, create_by, create_time, invoice_apply_no, customer_id, bill_nos, invoice_kind,
      red_flag, buyer_name, buyer_tax_no, buyer_addr_phone, buyer_bank_account, seller_name, seller_tax_no, tax_rate,
      amount_excl_tax, tax_amount, total_amount, invoice_status, invoice_no, issue_date, remark, red_flush_of,
      apply_by, apply_time, issued_by, issue_time)
    select ${id}, tenant_id, ${caller.username}, now(), ${`HC${id.slice(-12)}`}, customer_id, bill_nos, invoice_kind,
      '1', buyer_name, buyer_tax_no, buyer_addr_phone, buyer_bank_account, seller_name, seller_tax_no, tax_rate,
      -amount_excl_tax, -tax_amount, -total_amount, '3', ${redNo}, (now() at time zone 'Asia/Shanghai')::date,
      ${'红冲原发票 '}|| coalesce(invoice_no, '') || '；' || coalesce(remark, ''), id,
      ${caller.realname || caller.username}, now(), ${caller.realname || caller.username}, now()
    from hy_invoice where tenant_id = ${caller.tenantId} and id = ${originalId}`.execute(tx);
  const lines = await sql<{ id: string }>`select id from hy_invoice_item where tenant_id = ${caller.tenantId} and invoice_id = ${originalId}
    order by line_no`.execute(tx);
  for (const line of lines.rows) {
    await sql`insert into hy_invoice_item (id, tenant_id, create_by, create_time, invoice_id, customer_id, line_no, bill_id,
        shipping_note_id, shipping_note_number, item_name, start_place, end_place, vehicle_number, goods_name,
        amount_excl_tax, tax_amount, total_amount)
      select ${newId()}, tenant_id, ${caller.username}, now(), ${id}, customer_id, line_no, bill_id, shipping_note_id,
        shipping_note_number, item_name, start_place, end_place, vehicle_number, goods_name,
        -amount_excl_tax, -tax_amount, -total_amount
      from hy_invoice_item where tenant_id = ${caller.tenantId} and id = ${line.id}`.execute(tx);
  }
}

export async function invoiceOperation({ tx, caller, operation, rows, inputs }: OperationEvent): Promise<void> {
  if (!['issue', 'reject', 'redFlush'].includes(operation.key)) return;
  // One invoice per call: a number is one invoice's.
  if (rows.length !== 1) throw new BusinessError(`一次只能${operation.label}一张发票`);
  const invoiceId = String(rows[0].id);
  if (operation.key === 'issue') {
    await assertNumberFree(tx, caller.tenantId, 'invoiceNo', String(inputs.invoiceNo));
    await markBills(tx, caller, invoiceId, '3');
  } else if (operation.key === 'reject') {
    await markBills(tx, caller, invoiceId, '0');
  } else {
    const redNo = String(inputs.redInvoiceNo);
    await assertNumberFree(tx, caller.tenantId, 'redInvoiceNo', redNo);
    await createRedInvoice(tx, caller, invoiceId, redNo);
    await markBills(tx, caller, invoiceId, '0');
  }
}
