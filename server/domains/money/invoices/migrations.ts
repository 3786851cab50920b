/**
 * Invoice area migrations (0420_…). hy_invoice / hy_invoice_item are engine tables (schemas/entities/money); the
 * link of an invoice to its bills is the domain's own: its partial unique index is the database's word that a bill
 * is in at most one live invoice (待审核 or 已开票), whatever the code above it does.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const invoiceMigrations: Record<string, Migration> = {
  '0420_hy_invoice_bill': {
    async up(db: Kysely<unknown>) {
      await sql`create table hy_invoice_bill (
        tenant_id integer not null,
        invoice_id varchar(32) not null,
        bill_id varchar(32) not null,
        live boolean not null default true,
        create_time timestamptz not null default now(),
        primary key (tenant_id, invoice_id, bill_id)
      )`.execute(db);
      await sql`create unique index uq_hy_invoice_bill_live on hy_invoice_bill(tenant_id, bill_id) where live`.execute(db);
    },
  },
  // invoice_status 4 first read 已驳回; the domain names it 开票失败. The start-up sync never rewrites an item it
  // seeded (an admin's edit must survive), so databases seeded before are renamed here — only if still the old text.
  '0421_invoice_status_failed_text': {
    async up(db: Kysely<unknown>) {
      await sql`update sys_dict_item set item_text = '开票失败'
        where item_value = '4' and item_text = '已驳回' and dict_id in (select id from sys_dict where dict_code = 'invoice_status')`.execute(db);
    },
  },
};
