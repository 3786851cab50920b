/**
 * Migrations of this area, named 0140_… (then 0141_…, 0142_…) so they sort after the core ones in
 * server/db/migrations.ts and apart from the other areas'. Never edit one that has shipped: add a new one.
 */
import type { Migration } from 'kysely';

export const menusMigrations: Record<string, Migration> = {};
