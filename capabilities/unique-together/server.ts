/**
 * The server side of `uniqueTogether` (contract.ts). A unique index on (tenant_id, fields…) is the guarantee
 * (tableSync); the pre-check (checkRecord) turns the common case into a sentence on the first field instead of a
 * constraint violation, and an import refuses a combination its file repeats (fileChecker). Like Postgres' index,
 * a combination with an empty part is not checked (NULLs are distinct).
 */
import { sql, type Kysely } from 'kysely';
import type { FieldError } from '../../src/contracts/envelope.ts';
import type { AppContext } from '../../server/context.ts';
import type { EntityRuntime } from '../../server/entity/registry.ts';
import { indexName } from '../../server/entity/index-name.ts';
import type { CapabilityServer } from '../server-part.ts';
import type { UniqueTogetherDef } from './contract.ts';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

function columnOf(entity: EntityRuntime, property: string): string {
  const column = entity.columns.get(property);
  if (!column || !entity.schema.fields[property]) throw new Error(`uniqueTogether of ${entity.schema.name} names unknown field ${property}`);
  return column;
}

/** The default sentence: labels joined with +, values as people read them (dictionary text). */
function defaultMessage(ctx: AppContext, entity: EntityRuntime, rule: UniqueTogetherDef, record: Record<string, unknown>): string {
  const labels = rule.fields.map((name) => entity.schema.fields[name]?.label ?? name).join('+');
  const values = rule.fields.map((name) => {
    const dict = entity.schema.fields[name]?.dict;
    const value = record[name];
    return dict && !ctx.tableDicts.has(dict) ? ctx.dicts.text(dict, value) || String(value) : String(value);
  });
  return `${labels}“${values.join(' / ')}”已存在`;
}

/** One error per combination another row of the tenant (other than `exceptId`) already holds. */
async function uniqueTogetherErrors(
  ctx: AppContext,
  entity: EntityRuntime,
  tenantId: number,
  record: Record<string, unknown>,
  exceptId?: string,
  /** Fields holding their stored value: a combination none of whose parts changed is not looked up again. */
  kept: ReadonlySet<string> = new Set(),
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const rule of entity.schema.uniqueTogether ?? []) {
    if (rule.fields.some((name) => isEmpty(record[name])) || rule.fields.every((name) => kept.has(name))) continue;
    const matches = rule.fields.map((name) => sql`${sql.id(columnOf(entity, name))} = ${record[name]}`);
    const found = await sql<{ id: string }>`select id from ${sql.id(entity.schema.table)}
      where tenant_id = ${tenantId} and ${sql.join(matches, sql` and `)}
      ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`.execute(ctx.db);
    if (found.rows.length > 0) errors.push({ field: rule.fields[0], message: rule.message ?? defaultMessage(ctx, entity, rule, record) });
  }
  return errors;
}

/** The unique indexes behind the rules (created with the table; idempotent). */
async function syncUniqueTogetherIndexes<DB>(db: Kysely<DB>, entity: EntityRuntime): Promise<void> {
  for (const rule of entity.schema.uniqueTogether ?? []) {
    const columns = rule.fields.map((name) => columnOf(entity, name));
    const index = sql.id(indexName('uq', entity.schema.table, ...columns));
    await sql`create unique index if not exists ${index}
      on ${sql.id(entity.schema.table)} (tenant_id, ${sql.join(columns.map((c) => sql.id(c)))})`.execute(db);
  }
}

/** Import: rows of one file may not repeat a combination either (`seen` collects each rule's keys across rows). */
function uniqueTogetherInFile(entity: EntityRuntime, record: Record<string, unknown>, seen: Set<string>): FieldError[] {
  const errors: FieldError[] = [];
  (entity.schema.uniqueTogether ?? []).forEach((rule, i) => {
    if (rule.fields.some((name) => isEmpty(record[name]))) return;
    const key = JSON.stringify([i, ...rule.fields.map((name) => String(record[name]))]);
    const labels = rule.fields.map((name) => entity.schema.fields[name]?.label ?? name).join('+');
    if (seen.has(key)) errors.push({ field: rule.fields[0], message: `${labels}“${rule.fields.map((name) => String(record[name])).join(' / ')}”在文件中重复` });
    seen.add(key);
  });
  return errors;
}

export const uniqueTogetherServer: CapabilityServer = {
  hooksFor(entity) {
    if (!entity.schema.uniqueTogether?.length) return undefined;
    return {
      checkRecord: ({ ctx, caller, record, id, kept }) => uniqueTogetherErrors(ctx, entity, caller.tenantId, record, id, kept),
      fileChecker() {
        const seen = new Set<string>();
        return (record) => uniqueTogetherInFile(entity, record, seen);
      },
    };
  },
  tableSync: (tx, entity) => syncUniqueTogetherIndexes(tx, entity),
};
