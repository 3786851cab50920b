/**
 * Wallet area migrations (0400_…). 钱包账户 (hy_wallet) and 钱包流水 (hy_wallet_txn) are owned here, not by the
 * engine, because only the ledger (ledger.ts) writes them and the database itself guards what the ledger promises:
 * one wallet per owner, numeric amounts, available = balance − frozen (a generated column), and a ledger row that
 * cannot name a missing wallet. 资金流水 (hy_fund_flow) belongs to the fund-flow module (../fund-flows/migrations.ts).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const walletMigrations: Record<string, Migration> = {
  '0400_hy_wallet': {
    async up(db: Kysely<unknown>) {
      await sql`create table hy_wallet (
        id varchar(32) primary key,
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz, sys_org_code varchar(64),
        tenant_id integer not null default 0,
        owner_type varchar(2) not null,
        owner_id varchar(32) not null,
        customer_id varchar(32),
        bank_channel varchar(32),
        sub_account_no varchar(64) not null,
        account_name varchar(200) not null,
        balance numeric(14,2) not null default 0,
        frozen_amount numeric(14,2) not null default 0 check (frozen_amount >= 0),
        available_amount numeric(14,2) generated always as (balance - frozen_amount) stored,
        credit_limit numeric(14,2) not null default 0 check (credit_limit >= 0),
        status varchar(2) not null default '1',
        remark varchar(200)
      )`.execute(db);
      // One wallet per owner (the platform's owner id is 'platform').
      await sql`create unique index uq_hy_wallet_owner on hy_wallet(tenant_id, owner_type, owner_id)`.execute(db);
      await sql`create index idx_hy_wallet_customer on hy_wallet(tenant_id, customer_id)`.execute(db);
    },
  },
  '0401_hy_wallet_txn': {
    async up(db: Kysely<unknown>) {
      await sql`create table hy_wallet_txn (
        id varchar(32) primary key,
        create_by varchar(50), create_time timestamptz not null default now(),
        update_by varchar(50), update_time timestamptz, sys_org_code varchar(64),
        tenant_id integer not null default 0,
        wallet_id varchar(32) not null references hy_wallet(id),
        customer_id varchar(32),
        txn_no varchar(32) not null,
        txn_type varchar(2) not null,
        amount numeric(14,2) not null check (amount <> 0),
        balance_after numeric(14,2) not null,
        biz_type varchar(32) not null,
        biz_id varchar(32),
        txn_time timestamptz not null,
        remark varchar(200)
      )`.execute(db);
      await sql`create index idx_hy_wallet_txn_wallet on hy_wallet_txn(tenant_id, wallet_id, txn_time)`.execute(db);
      await sql`create index idx_hy_wallet_txn_biz on hy_wallet_txn(tenant_id, biz_type, biz_id)`.execute(db);
    },
  },
};
