/**
 * The server side of `countOf` (contract.ts): stored counts kept by the database. A row trigger on the counted table
 * recounts the old and the new parent of every inserted, updated or deleted row, inside the writing transaction, so
 * every path (forms, imports, operations, a SQL console) keeps the count true and a failed write leaves it as it was.
 * Identifiers come from the schemas' allow-list (compiled entities), never from a request.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../server/db/schema.ts';
import { assertIdentifier, type EntityRuntime } from '../../server/entity/registry.ts';
import type { CapabilityServer } from '../server-part.ts';

type Db = Kysely<SystemTables>;

interface CountLink {
  /** The entity holding the count, its column. */
  parent: EntityRuntime;
  countColumn: string;
  /** The counted entity and its column holding the parent's id. */
  child: EntityRuntime;
  foreignColumn: string;
}

/** Every `countOf` field of the given entities, resolved to tables and columns; throws on a dangling name. */
function countLinks(entities: readonly EntityRuntime[]): CountLink[] {
  const links: CountLink[] = [];
  for (const parent of entities) {
    for (const [property, field] of Object.entries(parent.schema.fields)) {
      if (!field.countOf) continue;
      const child = entities.find((entity) => entity.schema.name === field.countOf!.entity);
      const foreignColumn = child?.columns.get(field.countOf.field);
      if (!child || !foreignColumn) throw new Error(`${parent.schema.name}.${property}: countOf names ${field.countOf.entity}.${field.countOf.field}, which does not exist`);
      links.push({ parent, countColumn: parent.columns.get(property)!, child, foreignColumn });
    }
  }
  return links;
}

/** Creates (or replaces) each link's function and trigger, then corrects counts that drifted while none ran. */
async function installCountTriggers(db: Db, links: readonly CountLink[]): Promise<void> {
  for (const { parent, countColumn, child, foreignColumn } of links) {
    const name = assertIdentifier(`app_count_${parent.schema.table}_${countColumn}`);
    const parentTable = sql.id(parent.schema.table);
    const childTable = sql.id(child.schema.table);
    const count = sql.id(countColumn);
    const foreign = sql.id(foreignColumn);
    const recount = (side: 'old' | 'new') => sql`update ${parentTable} p set ${count} =
        (select count(*) from ${childTable} c where c.${foreign} = p.id and c.tenant_id = p.tenant_id)
      where p.id = ${sql.raw(side)}.${foreign} and p.tenant_id = ${sql.raw(side)}.tenant_id`;
    await sql`create or replace function ${sql.id(name)}() returns trigger language plpgsql as $fn$
      begin
        if tg_op <> 'INSERT' and old.${foreign} is not null then ${recount('old')}; end if;
        if tg_op <> 'DELETE' and new.${foreign} is not null then ${recount('new')}; end if;
        return null;
      end $fn$`.execute(db);
    await sql`create or replace trigger ${sql.id(name)} after insert or update or delete on ${childTable}
      for each row execute function ${sql.id(name)}()`.execute(db);
    await sql`update ${parentTable} p set ${count} = counted.n from (
        select p2.id, (select count(*) from ${childTable} c where c.${foreign} = p2.id and c.tenant_id = p2.tenant_id)::int as n
        from ${parentTable} p2) counted
      where counted.id = p.id and p.${count} is distinct from counted.n`.execute(db);
  }
}

export const countOfServer: CapabilityServer = {
  // A list page showing a count is read from the counted table too: the trigger writes this table, but this process
  // only sees the write to theirs (list-cache.ts).
  hooksFor(entity, entities) {
    const counted = Object.values(entity.schema.fields).flatMap((field) => {
      const child = field.countOf ? entities.find((other) => other.schema.name === field.countOf!.entity) : undefined;
      return child ? [child.schema.table] : [];
    });
    return counted.length > 0 ? { reads: counted } : undefined;
  },
  // Before any demo row: counts are kept from the first insert on.
  install: (db, entities) => installCountTriggers(db, countLinks(entities)),
};
