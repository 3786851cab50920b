/**
 * Demo invoices for a fresh database (issue 25: "invoices in every state including a red reversal"): shippers apply
 * over some of their confirmed demo bills through the same code as 申请开票 (applyForInvoice), and finance's answers
 * follow the operations' own side effects (lifecycle.ts): issued with a 20-digit number and a small PDF, rejected with
 * a reason, one red-flushed into its negative invoice, the rest left 待审核. The demo shipper's customer comes first,
 * so the shipper's own 发票管理 shows every state. Dates follow the bills' confirmations, never past now.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { newId } from '../core/ids.ts';
import { DirectoryStore } from '../files/store.ts';
import { applyForInvoice } from '../domains/money/invoices/apply.ts';
import { createRedInvoice, markBills } from '../domains/money/invoices/lifecycle.ts';
import { DEMO_TENANT_ID } from './seed.ts';

type Fate = 'issued' | 'red' | 'pending' | 'rejected';
/** What finance did with the applications, in turn across all of them (the demo shipper's first). */
const FATES: Fate[] = ['issued', 'pending', 'red', 'rejected'];
const PER_CUSTOMER = 4;
const OTHER_CUSTOMERS = 3;
const FINANCE = { username: 'ops', realname: '运营' };

/** A one-page PDF (ASCII text only) standing in for the tax system's invoice file. */
export function tinyPdf(lines: string[]): Buffer {
  const text = lines.map((line, i) => `BT /F1 12 Tf 50 ${780 - i * 20} Td (${line.replace(/[()\\]/g, '')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Stores a demo PDF as an upload would (the bytes under `biz/demo/…`, its sys_file row with the name a person sees)
 * and returns the relative path a file field keeps.
 */
export async function storeDemoPdf(db: Kysely<SystemTables>, store: DirectoryStore, file: { biz: string; name: string; lines: string[] }): Promise<string> {
  const key = `${file.biz}/demo/${newId()}.pdf`;
  const data = tinyPdf(file.lines);
  await store.put(key, data);
  await sql`insert into sys_file (path, tenant_id, original_name, mime, size, create_by)
    values (${key}, ${DEMO_TENANT_ID}, ${file.name}, 'application/pdf', ${data.length}, 'ops')`.execute(db);
  return key;
}

function storePdf(db: Kysely<SystemTables>, store: DirectoryStore, invoiceNo: string, total: string): Promise<string> {
  return storeDemoPdf(db, store, {
    biz: 'invoice', name: `发票${invoiceNo}.pdf`, lines: ['VAT invoice (freight transport service)', `No. ${invoiceNo}`, `Total CNY ${total}`],
  });
}

/** The customers whose confirmed bills get invoices: the demo shipper's first, then those with the most bills. */
async function customersToInvoice(db: Kysely<SystemTables>): Promise<string[]> {
  const found = await sql<{ customerId: string }>`select b.customer_id as "customerId" from hy_bill b
    left join sys_user u on u.username = 'shipper' and u.customer_id = b.customer_id
    where b.tenant_id = ${DEMO_TENANT_ID} and b.bill_status in ('2', '3', '4')
    group by b.customer_id order by max(case when u.id is null then 0 else 1 end) desc, count(*) desc, b.customer_id
    limit ${OTHER_CUSTOMERS + 1}`.execute(db);
  return found.rows.map((r) => r.customerId);
}

/** Invoices in every state over the demo tenant's confirmed bills; nothing when there are none. */
export async function seedDemoInvoices(db: Kysely<SystemTables>, uploadDir: string): Promise<void> {
  const store = new DirectoryStore(uploadDir);
  let number = 0;
  let turn = 0;
  for (const [rank, customerId] of (await customersToInvoice(db)).entries()) {
    const bills = await sql<{ id: string }>`select id from hy_bill where tenant_id = ${DEMO_TENANT_ID} and customer_id = ${customerId}
      and bill_status in ('2', '3', '4') and coalesce(invoice_status, '0') = '0' order by generated_time, bill_no`.execute(db);
    const ids = bills.rows.map((r) => r.id);
    for (let index = 0; index < PER_CUSTOMER && ids.length > 0; index += 1) {
      const fate = FATES[turn++ % FATES.length];
      // Now and then an application covers two bills.
      const billIds = ids.splice(0, index === 1 && ids.length >= 3 ? 2 : 1);
      await db.transaction().execute(async (tx) => {
        const applicant = rank === 0 ? { username: 'shipper', realname: '货主' } : FINANCE;
        const { id } = await applyForInvoice(tx, { tenantId: DEMO_TENANT_ID, billIds, scope: [], caller: applicant });
        // The application a day after the (latest) confirmation, finance's answer a day later; never in the future.
        await sql`update hy_invoice v set apply_time = t.at, create_time = t.at from (
            select least(now() - interval '2 days', max(coalesce(b.confirm_time, b.generated_time)) + interval '1 day') as at
            from hy_bill b where b.id in (${sql.join(billIds)})) t
          where v.id = ${id}`.execute(tx);
        await sql`update hy_invoice set invoice_apply_no = 'FP' || to_char(apply_time, 'YYYYMMDD') || right(invoice_apply_no, 6)
          where id = ${id}`.execute(tx);
        const caller = { tenantId: DEMO_TENANT_ID, ...FINANCE };
        if (fate === 'rejected') {
          await sql`update hy_invoice set invoice_status = '4', reject_reason = '购买方税号与营业执照不一致，请核对后重新申请',
            update_by = 'ops', update_time = apply_time + interval '1 day' where id = ${id}`.execute(tx);
          await markBills(tx, caller, id, '0');
        }
        if (fate === 'issued' || fate === 'red') {
          number += 1;
          const invoiceNo = `263200000${String(number).padStart(11, '0')}`;
          const total = (await sql<{ t: string }>`select total_amount::text as t from hy_invoice where id = ${id}`.execute(tx)).rows[0].t;
          const pdf = await storePdf(tx, store, invoiceNo, total);
          await sql`update hy_invoice set invoice_status = '3', invoice_no = ${invoiceNo}, pdf_file = ${pdf},
              issue_date = (apply_time + interval '1 day')::date, issue_time = apply_time + interval '1 day', issued_by = ${FINANCE.realname},
              update_by = 'ops', update_time = apply_time + interval '1 day'
            where id = ${id}`.execute(tx);
          await markBills(tx, caller, id, '3');
        }
        if (fate === 'red') {
          number += 1;
          const redNo = `263200000${String(number).padStart(11, '0')}`;
          await sql`update hy_invoice set invoice_status = '5', red_invoice_no = ${redNo}, red_reason = '开票有误：货物名称填写错误',
            update_time = apply_time + interval '1 day' where id = ${id}`.execute(tx);
          await createRedInvoice(tx, caller, id, redNo);
          await sql`update hy_invoice r set apply_time = o.update_time, issue_time = o.update_time, create_time = o.update_time,
              issue_date = o.update_time::date from hy_invoice o where o.id = ${id} and r.red_flush_of = o.id`.execute(tx);
          await markBills(tx, caller, id, '0');
        }
      });
    }
  }
}
