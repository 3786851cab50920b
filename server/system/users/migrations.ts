/**
 * Migrations of this area, named 0100_… (then 0101_…, 0102_…) so they sort after the core ones in
 * server/db/migrations.ts and apart from the other areas'. Never edit one that has shipped: add a new one.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const usersMigrations: Record<string, Migration> = {
  '0100_user_sex': {
    async up(db: Kysely<unknown>) {
      // JeecgBoot's SysUser.sex (1 男, 2 女); the user form asks for it.
      await sql`alter table sys_user add column sex smallint`.execute(db);
    },
  },
};
