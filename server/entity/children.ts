/**
 * Line items saved with their parent (schema `children`, JeecgBoot's one-to-many main/sub tables): the rows arrive
 * in the parent's add/edit body under `property`, each is checked with the child entity's own rules, and they are
 * written in the parent's transaction — a refused row changes nothing, parent included. The foreign key and the
 * sort position are the server's to set; a row id that is not already this parent's row is treated as new, so a
 * body cannot move another parent's (or tenant's) rows.
 */
import { sql, type Kysely } from 'kysely';
import type { ChildTableDef } from '../../src/contracts/entity.ts';
import { DEFAULT_MAX_CHILD_ROWS } from '../../src/contracts/entity.ts';
import type { FieldError, WireRecord } from '../../src/contracts/envelope.ts';
import { normaliseRecord } from '../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext, Caller } from '../context.ts';
import type { SystemTables } from '../db/schema.ts';
import { BusinessError, ValidationError } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import type { EntityRuntime } from './registry.ts';
import { deleteRowsNaming, insertRow, updateRow } from './repository.ts';
import { applyDefaults, fileErrors, recordErrors, referenceErrors, uniqueErrors, writableValues } from './validation.ts';
import { capabilityDefaults } from '../../capabilities/server.ts';
import { prepareForStore, sanitiseRecord } from './field-types.ts';

type Db = Kysely<SystemTables>;

export interface ChildTable {
  def: ChildTableDef;
  entity: EntityRuntime;
}

/** Rows checked and ready to write (values without the foreign key; `id` only when the client sent one). */
export interface PreparedChildRows {
  child: ChildTable;
  rows: Array<{ id?: string; values: Record<string, unknown> }>;
}

/** The parent's child tables, resolved against the loaded entities; a schema naming an unknown child fails start-up. */
export function childTablesOf(entity: EntityRuntime, entities: readonly EntityRuntime[]): ChildTable[] {
  return (entity.schema.children ?? []).map((def) => {
    const child = entities.find((e) => e.schema.name === def.entity);
    if (!child) throw new Error(`${entity.schema.name}.children names unknown entity ${def.entity}`);
    for (const field of [def.foreignKey, def.sortField]) {
      if (field && !child.columns.has(field)) throw new Error(`${entity.schema.name}.children: ${def.entity} has no field ${field}`);
    }
    return { def, entity: child };
  });
}

/** Which child fields each entity's foreign keys are (for indexes). */
export function childForeignKeys(entities: readonly EntityRuntime[]): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const entity of entities) {
    for (const def of entity.schema.children ?? []) keys.set(def.entity, [...(keys.get(def.entity) ?? []), def.foreignKey]);
  }
  return keys;
}

const rowLabel = (def: ChildTableDef, index: number) => `${def.title}第${index + 1}行`;

/** Reads and checks `body[property]` of every child table; all problems are reported together, named by row. */
export async function prepareChildRows(ctx: AppContext, caller: Caller, children: ChildTable[], body: WireRecord): Promise<PreparedChildRows[]> {
  const prepared: PreparedChildRows[] = [];
  const errors: FieldError[] = [];
  for (const child of children) {
    const { def, entity } = child;
    const raw = body[def.property];
    if (raw === undefined) continue;
    if (!Array.isArray(raw)) throw new BusinessError(`${def.title}的数据格式不正确`);
    const max = def.maxRows ?? DEFAULT_MAX_CHILD_ROWS;
    if (raw.length > max) throw new BusinessError(`${def.title}最多${max}行`);
    const rows: PreparedChildRows['rows'] = [];
    const config = await capabilityDefaults(ctx, entity);
    for (const [index, item] of raw.entries()) {
      if (!item || typeof item !== 'object' || Array.isArray(item)) throw new BusinessError(`${rowLabel(def, index)}的数据格式不正确`);
      const row = item as WireRecord;
      const record = normaliseRecord(entity.schema, row);
      sanitiseRecord(entity, record);
      applyDefaults(entity, record, config);
      // The real parent id is not known yet on add; any valid id satisfies the field's own rules.
      record[def.foreignKey] = 'parent';
      if (def.sortField) record[def.sortField] = index + 1;
      const found = [
        ...recordErrors(ctx, entity, record),
        ...(await uniqueErrors(ctx, entity, caller, record, typeof row.id === 'string' ? row.id : undefined)),
        ...(await fileErrors(ctx, entity, caller, record)),
        ...(await referenceErrors(ctx, entity, caller, record)),
      ];
      for (const error of found) {
        errors.push({ field: `${def.property}[${index}].${error.field}`, message: `${rowLabel(def, index)}：${error.message}` });
      }
      await prepareForStore(entity, record);
      const values = writableValues(entity, record);
      delete values[def.foreignKey];
      if (def.sortField) values[def.sortField] = index + 1;
      rows.push({ id: typeof row.id === 'string' && row.id ? row.id : undefined, values });
    }
    prepared.push({ child, rows });
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return prepared;
}

function column(child: ChildTable, property: string) {
  return sql.id(child.entity.columns.get(property)!);
}

/**
 * Writes the parent's rows of each child table given in the body: rows of this parent the body kept are updated,
 * the others deleted; everything else is inserted with a new id. Tables the body left out are not touched.
 */
export async function writeChildRows(tx: Db, caller: Caller, parentId: string, prepared: PreparedChildRows[]): Promise<void> {
  for (const { child, rows } of prepared) {
    const { def, entity } = child;
    const table = sql.id(entity.schema.table);
    const existing = new Set(
      (await sql<{ id: string }>`select id from ${table} where tenant_id = ${caller.tenantId} and ${column(child, def.foreignKey)} = ${parentId}`.execute(tx)).rows.map((r) => r.id),
    );
    const kept = new Set(rows.map((r) => r.id).filter((id): id is string => id !== undefined && existing.has(id)));
    const gone = [...existing].filter((id) => !kept.has(id));
    if (gone.length > 0) await sql`delete from ${table} where tenant_id = ${caller.tenantId} and id in (${sql.join(gone)})`.execute(tx);
    for (const row of rows) {
      if (row.id && kept.has(row.id)) {
        await updateRow(tx, entity, caller.tenantId, row.id, { ...row.values, updateBy: caller.username, updateTime: new Date().toISOString() });
      } else {
        await insertRow(tx, entity, {
          id: newId(),
          ...row.values,
          [def.foreignKey]: parentId,
          createBy: caller.username,
          sysOrgCode: caller.orgCode,
          tenant_id: caller.tenantId,
        });
      }
    }
  }
}

/** Deletes the rows of every child table belonging to these parents (the parents' delete, same transaction). */
export async function deleteChildRows(tx: Db, tenantId: number, children: ChildTable[], parentIds: string[]): Promise<void> {
  await deleteRowsNaming(tx, tenantId, children.map((child) => ({ entity: child.entity, column: child.entity.columns.get(child.def.foreignKey)! })), parentIds);
}

/** One parent's rows of a child table, in their saved order. */
export async function childRowsOf(db: Db, tenantId: number, child: ChildTable, parentId: string): Promise<WireRecord[]> {
  const { entity, def } = child;
  const select = sql.join([...entity.columns].map(([property, name]) => sql`${sql.id(name)} as ${sql.id(property)}`));
  const order = def.sortField ? sql`${column(child, def.sortField)} asc nulls last, create_time asc, id asc` : sql`create_time asc, id asc`;
  const { rows } = await sql<WireRecord>`select ${select} from ${sql.id(entity.schema.table)}
    where tenant_id = ${tenantId} and ${column(child, def.foreignKey)} = ${parentId} order by ${order}`.execute(db);
  return rows;
}
