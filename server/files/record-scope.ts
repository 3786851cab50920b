/**
 * Files follow the records that reference them: a stored path named by an image/file field of an entity with a
 * `dataScope` (a shipper's receipts, vouchers, licences) is served — and signed — only to a caller who may read
 * at least one such record (the entity's list permission and its read scope). A path no scoped record names keeps
 * the tenant rule alone (a file just uploaded, a logo). Staff are scoped like everyone else: departments and data
 * rules apply to them too.
 */
import { sql, type RawBuilder } from 'kysely';
import type { AppContext, Caller } from '../context.ts';
import { permissionCode } from '../../src/contracts/entity.ts';
import { readScopeConditions } from '../entity/data-scope.ts';
import { tenantWhere } from '../entity/tenancy.ts';

const FILE_TYPES = new Set(['file', 'image']);

/** Of `paths`, those a scoped record references but the caller may read none of: to be answered as missing. */
export async function pathsDeniedByRecords(ctx: AppContext, caller: Caller, paths: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(paths)];
  const referenced = new Set<string>();
  const readable = new Set<string>();
  if (wanted.length === 0) return referenced;
  const array = sql`array[${sql.join(wanted)}]::text[]`;
  for (const entity of ctx.entities) {
    if (!entity.schema.dataScope) continue;
    const columns = Object.entries(entity.schema.fields)
      .filter(([name, field]) => FILE_TYPES.has(field.type) && entity.columns.has(name))
      .map(([name]) => entity.columns.get(name) as string);
    if (columns.length === 0) continue;
    const mayList = caller.permissions.has(permissionCode(entity.schema, 'list'));
    const scope = mayList ? await readScopeConditions(ctx.db, entity, caller) : [];
    const visible: RawBuilder<unknown> = !mayList ? sql`false` : scope.length ? sql.join(scope, sql` and `) : sql`true`;
    for (const column of columns) {
      const found = await sql<{ paths: string; visible: boolean }>`select ${sql.ref(column)} as paths, (${visible}) as visible
        from ${sql.table(entity.schema.table)}
        where ${tenantWhere(entity, caller.tenantId)} and string_to_array(${sql.ref(column)}, ',') && ${array}`.execute(ctx.db);
      for (const row of found.rows) {
        for (const path of row.paths.split(',')) {
          referenced.add(path);
          if (row.visible) readable.add(path);
        }
      }
    }
  }
  return new Set(wanted.filter((path) => referenced.has(path) && !readable.has(path)));
}
