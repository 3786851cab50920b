/**
 * Settlement area migrations (0300_…). hy_bill / hy_bill_item are engine tables (schemas/entities/freight); the
 * payments table is owned here because posting a payment also moves the bill (server/domains/freight/settlement/payments.ts).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const settlementMigrations: Record<string, Migration> = {
  '0300_hy_bill_payment': {
    async up(db: Kysely<unknown>) {
      await sql`create table hy_bill_payment (
        id varchar(32) primary key,
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz, sys_org_code varchar(64),
        tenant_id integer not null default 0,
        bill_id varchar(32) not null,
        customer_id varchar(32),
        amount numeric(14,2) not null check (amount > 0),
        pay_time timestamptz not null,
        sequence_code varchar(50),
        remark varchar(200)
      )`.execute(db);
      await sql`create index idx_hy_bill_payment_bill on hy_bill_payment(tenant_id, bill_id, create_time)`.execute(db);
    },
  },
  // 垫付还款 (server/domains/freight/settlement.ts): one repayment per advanced waybill, which the unique index
  // guarantees even when two people record it at the same moment.
  '0301_hy_advance_repayment': {
    async up(db: Kysely<unknown>) {
      await sql`create table hy_advance_repayment (
        id varchar(32) primary key,
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz, sys_org_code varchar(64),
        tenant_id integer not null default 0,
        shipping_note_id varchar(32) not null,
        customer_id varchar(32),
        amount numeric(14,2) not null check (amount > 0),
        repay_time timestamptz not null,
        voucher varchar(1000),
        remark varchar(200)
      )`.execute(db);
      await sql`create unique index uq_hy_advance_repayment_note on hy_advance_repayment(tenant_id, shipping_note_id)`.execute(db);
    },
  },
  // Idempotency keys of money-moving writes (server/core/idempotency.ts): the first request with a key claims it in
  // its own transaction and stores its answer there; a repeat gets that answer instead of a second write.
  '0302_sys_idempotency_key': {
    async up(db: Kysely<unknown>) {
      await sql`create table sys_idempotency_key (
        tenant_id integer not null,
        idem_key varchar(64) not null,
        user_id varchar(32) not null,
        fingerprint varchar(64) not null,
        result jsonb,
        create_time timestamptz not null default now(),
        primary key (tenant_id, idem_key)
      )`.execute(db);
    },
  },
};
