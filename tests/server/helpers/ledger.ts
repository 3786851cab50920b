/** Issue 25's ledger invariant, checked after every money scenario: each wallet's balance is the sum of its ledger rows. */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../../server/db/schema.ts';

/** Ids of wallets whose balance differs from the sum of their ledger rows (none, when the ledger holds). */
export async function walletsOffLedger(db: Kysely<SystemTables>): Promise<string[]> {
  const off = await sql<{ id: string }>`select w.id from hy_wallet w
    where w.balance <> coalesce((select sum(x.amount) from hy_wallet_txn x where x.wallet_id = w.id), 0)`.execute(db);
  return off.rows.map((row) => row.id);
}
