/**
 * Reading sys_dict / sys_dict_item for the admin screens. Both tables are platform-wide (no tenant column): one
 * set of dictionaries serves every tenant, so only holders of the system:dict / system:dictItem codes reach them.
 * Lists reuse the engine's query language over a copy of the entity runtime cut down to the columns these tables
 * really have (no sys_org_code), so unknown filters are ignored and sorting stays on the schema's allow-list.
 */
import { sql, type RawBuilder } from 'kysely';
import type { WireRecord } from '../../../src/contracts/envelope.ts';
import type { AppContext } from '../../context.ts';
import type { Kysely } from 'kysely';
import type { SystemTables } from '../../db/schema.ts';
import type { EntityRuntime } from '../../entity/registry.ts';
import { buildFilters, buildOrder, pageParams, type QueryParams } from '../../entity/query.ts';
import { pageWithTotal } from '../../entity/paging.ts';
import { presentRows } from '../../entity/repository.ts';

export interface DictTable {
  runtime: EntityRuntime;
  from: RawBuilder<unknown>;
  select: RawBuilder<unknown>;
}

const AUDIT = ['id', 'createBy', 'createTime', 'updateBy', 'updateTime'];

function entityNamed(ctx: AppContext, name: string): EntityRuntime {
  const entity = ctx.entities.find((e) => e.schema.name === name);
  if (!entity) throw new Error(`schemas/entities/system: entity ${name} is missing`);
  return entity;
}

/** The runtime limited to `properties`; `integers` are compared as numbers (status is a smallint on the wire as '1'). */
function cutDown(entity: EntityRuntime, properties: string[], integers: string[] = []): EntityRuntime {
  const columns = new Map([...entity.columns].filter(([property]) => properties.includes(property)));
  const types = new Map([...entity.types].filter(([property]) => properties.includes(property)));
  for (const name of integers) types.set(name, 'integer');
  return { ...entity, columns, types, sortable: new Set([...entity.sortable].filter((p) => columns.has(p))) };
}

function tableOf(entity: EntityRuntime, properties: string[], integers: string[] = []): DictTable {
  const runtime = cutDown(entity, [...AUDIT, ...properties], integers);
  // status travels as the dictionary value '1'/'0', like every dictionary field.
  const select = sql.join(
    [...runtime.columns].map(([property, column]) =>
      integers.includes(property) ? sql`cast(${sql.id(column)} as varchar) as ${sql.id(property)}` : sql`${sql.id(column)} as ${sql.id(property)}`,
    ),
  );
  return { runtime, from: sql`${sql.id(entity.schema.table)}`, select };
}

export function dictTables(ctx: AppContext): { dicts: DictTable; items: DictTable } {
  return {
    dicts: tableOf(entityNamed(ctx, 'sysDict'), ['dictName', 'dictCode', 'description']),
    items: tableOf(entityNamed(ctx, 'sysDictItem'), ['dictId', 'itemText', 'itemValue', 'description', 'sortOrder', 'status'], ['status']),
  };
}

/** One JeecgBoot page (`records`, `total`, `size`, `current`, `pages`) with `_dictText`. */
export async function listPage(ctx: AppContext, table: DictTable, params: QueryParams, extra: RawBuilder<unknown>[] = []) {
  const { pageNo, pageSize } = pageParams(params);
  const conditions = [sql`1 = 1`, ...buildFilters(table.runtime, params), ...extra];
  const { rows, total } = await pageWithTotal<WireRecord>(
    ctx.db,
    { select: table.select, from: table.from, where: sql.join(conditions, sql` and `), order: buildOrder(table.runtime, params) },
    pageSize,
    (pageNo - 1) * pageSize,
  );
  return {
    records: presentRows(table.runtime, ctx.dicts, rows, false),
    total,
    size: pageSize,
    current: pageNo,
    pages: Math.ceil(total / pageSize),
  };
}

export async function findById(db: Kysely<SystemTables>, table: DictTable, id: string): Promise<WireRecord | undefined> {
  const { rows } = await sql<WireRecord>`select ${table.select} from ${table.from} where id = ${id}`.execute(db);
  return rows[0];
}

export function present(ctx: AppContext, table: DictTable, row: WireRecord): WireRecord {
  return presentRows(table.runtime, ctx.dicts, [row], false)[0];
}
