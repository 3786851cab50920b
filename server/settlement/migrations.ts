/**
 * Settlement area migrations (0300_…). hy_bill / hy_bill_item are engine tables (schemas/entities/freight); the
 * payments table is owned here because posting a payment also moves the bill (server/settlement/payments.ts).
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
};
