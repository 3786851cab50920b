/**
 * Fund-flow migrations (0410_…): 资金流水 (hy_fund_flow) carries the WLHY_ZJ1001 fields (freight-domain §1.11). Owned
 * here because only the pay-driver write (payments.ts) fills it, together with the ledger row it debits. The
 * bank-receipt and tax modules read sequence_code, monetary_amount, pay_status, date_time and payee_id: keep them.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const fundFlowMigrations: Record<string, Migration> = {
  '0410_hy_fund_flow': {
    async up(db: Kysely<unknown>) {
      await sql`create table hy_fund_flow (
        id varchar(32) primary key,
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz, sys_org_code varchar(64),
        tenant_id integer not null default 0,
        document_number varchar(35) not null,
        flow_type varchar(2) not null,
        shipping_note_id varchar(32),
        customer_id varchar(32),
        pay_source varchar(2) not null,
        wallet_id varchar(32) not null,
        payer_account_id varchar(64),
        carrier varchar(512) not null,
        actual_carrier_id varchar(50) not null,
        vehicle_number varchar(35) not null,
        vehicle_plate_color_code varchar(2) not null,
        shipping_note_list jsonb not null,
        payment_means_code varchar(3) not null check (payment_means_code <> '' ),
        payee_choice varchar(2) not null,
        payee_type varchar(2) not null,
        payee_id varchar(32) not null,
        recipient varchar(512) not null,
        receipt_account varchar(512) not null,
        bank_code varchar(64),
        sequence_code varchar(50) not null,
        monetary_amount numeric(18,2) not null check (monetary_amount > 0),
        date_time timestamptz not null,
        pay_status varchar(2) not null,
        remark varchar(200)
      )`.execute(db);
      await sql`create unique index uq_hy_fund_flow_doc on hy_fund_flow(tenant_id, document_number)`.execute(db);
      await sql`create index idx_hy_fund_flow_note on hy_fund_flow(tenant_id, shipping_note_id)`.execute(db);
      await sql`create index idx_hy_fund_flow_seq on hy_fund_flow(tenant_id, sequence_code)`.execute(db);
    },
  },
};
