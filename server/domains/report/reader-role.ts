/**
 * On PostgreSQL every report runs as `freight_report_reader` (`set_config('role', …, true)` inside its transaction):
 * a NOLOGIN role that may only read the engine's entity tables. Whatever the SQL guard misses — a function with side
 * effects, a table it did not know, a superuser-only function — PostgreSQL itself refuses, because SET ROLE also
 * drops the connecting user's superuser rights for the rest of the transaction.
 *
 * PGlite is skipped: it is one embedded single-user database in this process (no roles to log in as, nothing
 * outside the app to protect), and its read-only transaction already refuses writes.
 *
 * The role is cluster-wide, table grants are per database: both are prepared once per process and database handle,
 * on the first report run (after start-up's schema sync, and entities do not change while the server runs), so a
 * report request pays no extra round-trip afterwards.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../db/schema.ts';

export const REPORT_READER_ROLE = 'freight_report_reader';

type Db = Kysely<SystemTables>;

/** Serialises grants of two server processes on one database (advisory locks are per database). */
const GRANT_LOCK_KEY = 0x46524e52; // 'FRNR'

const prepared = new WeakMap<Db, Promise<void>>();

/**
 * Creates the role if missing and lets the connecting user switch to it. Safe when test databases of one cluster
 * race: a concurrent create surfaces as duplicate_object or unique_violation and means the role now exists.
 */
async function ensureRole(db: Db): Promise<void> {
  await sql.raw(`do $$
    begin
      if not exists (select from pg_roles where rolname = '${REPORT_READER_ROLE}') then
        create role ${REPORT_READER_ROLE} nologin;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`).execute(db);
  // A superuser may SET ROLE to any role; anyone else needs membership (and on PostgreSQL 16+, the SET option).
  await sql.raw(`do $$
    declare
      may_set boolean;
    begin
      if (select rolsuper from pg_roles where rolname = current_user) then return; end if;
      if current_setting('server_version_num')::int >= 160000 then
        may_set := pg_has_role(current_user, '${REPORT_READER_ROLE}', 'SET');
      else
        may_set := pg_has_role(current_user, '${REPORT_READER_ROLE}', 'MEMBER');
      end if;
      if not may_set then
        grant ${REPORT_READER_ROLE} to current_user;
      end if;
    exception when unique_violation then null;
    end $$`).execute(db);
}

interface TablePrivilege {
  name: string;
  privilege: string | null;
}

/** SELECT on exactly the given tables of the current schema; any other grant the role holds there is revoked. */
async function grantTables(db: Db, tables: readonly string[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${GRANT_LOCK_KEY})`.execute(tx);
    // Every table of the schema with each privilege the role holds on it directly (null: none).
    const rows = await sql<TablePrivilege>`select c.relname as name, a.privilege_type as privilege
      from pg_class c
      left join lateral aclexplode(c.relacl) a on a.grantee = (select oid from pg_roles where rolname = ${REPORT_READER_ROLE}::name)
      where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')`.execute(tx);
    const wanted = new Set(tables);
    const existing = new Set(rows.rows.map((r) => r.name));
    const readable = new Set(rows.rows.filter((r) => r.privilege === 'SELECT').map((r) => r.name));
    const stale = new Set(rows.rows.filter((r) => r.privilege && (r.privilege !== 'SELECT' || !wanted.has(r.name))).map((r) => r.name));
    const missing = [...wanted].filter((t) => existing.has(t) && !readable.has(t));
    const ids = (names: Iterable<string>) => sql.join([...names].map((n) => sql.id(n)));
    if (stale.size) await sql`revoke all on table ${ids(stale)} from ${sql.id(REPORT_READER_ROLE)}`.execute(tx);
    // Revoking all also dropped SELECT from wanted tables among the stale ones: grant those again.
    const regrant = [...new Set([...missing, ...[...stale].filter((t) => wanted.has(t))])];
    if (regrant.length) await sql`grant select on table ${ids(regrant)} to ${sql.id(REPORT_READER_ROLE)}`.execute(tx);
    const usage = await sql<{ ok: boolean }>`select has_schema_privilege(${REPORT_READER_ROLE}::name, current_schema(), 'USAGE') as ok`.execute(tx);
    if (!usage.rows[0]?.ok) await sql`grant usage on schema ${sql.id(await currentSchema(tx))} to ${sql.id(REPORT_READER_ROLE)}`.execute(tx);
  });
}

async function currentSchema(db: Db): Promise<string> {
  return (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0].name;
}

async function prepare(db: Db, tables: readonly string[]): Promise<void> {
  // Concurrent catalog updates across databases (role membership) can fail once with "tuple concurrently updated".
  for (let attempt = 1; ; attempt++) {
    try {
      await ensureRole(db);
      await grantTables(db, tables);
      return;
    } catch (error) {
      if (attempt >= 3) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`report role ${REPORT_READER_ROLE} could not be prepared: ${message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** Resolves once the role may read `tables` in this database; prepared once per handle, retried after a failure. */
export function ensureReportReader(db: Db, tables: readonly string[]): Promise<void> {
  let ready = prepared.get(db);
  if (!ready) {
    ready = prepare(db, tables);
    prepared.set(db, ready);
    ready.catch(() => prepared.delete(db));
  }
  return ready;
}
