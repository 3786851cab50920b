/**
 * Bank-receipt area migrations (0460_…). hy_bank_receipt is an engine table (schemas/entities/money); what is owned
 * here is the two file domains of 平台设置 (hy_config, a table the settings migrations own): where the browser loads
 * stored relative file paths from, bank receipts apart. Empty (null) means this server.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const receiptsMigrations: Record<string, Migration> = {
  '0460_hy_config_file_domains': {
    async up(db: Kysely<unknown>) {
      await sql`alter table hy_config add column static_domain varchar(255)`.execute(db);
      await sql`alter table hy_config add column bank_receipt_domain varchar(255)`.execute(db);
    },
  },
};
