/**
 * Table dictionaries: items are rows of an entity, read in the caller's tenant. The definitions come from
 * `schemas/dicts/*.dicts.json` and are resolved against the entity allow-list at start-up, so the SQL below only
 * ever sees a table and columns that a schema declared — never anything a client sent (JeecgBoot's
 * `table,text,code` dictCode built SQL from the URL: contract §9).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DictModel, DictionaryFile, TableDictionaryDef } from '../../src/contracts/menu.ts';
import type { SystemTables } from '../db/schema.ts';
import type { EntityRuntime } from '../entity/registry.ts';
import { tenantWhere } from '../entity/tenancy.ts';
import { directoryOf } from '../entity/field-types.ts';
import { splitList } from '../../src/contracts/field-values.ts';

export interface TableDictionary {
  code: string;
  name: string;
  entity: EntityRuntime;
  textColumn: string;
  valueColumn: string;
}

export function readTableDictionaryDefs(schemasDir: string): TableDictionaryDef[] {
  const dir = path.join(schemasDir, 'dicts');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.dicts.json'))
    .sort()
    .flatMap((name) => (JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as DictionaryFile).tableDictionaries ?? []);
}

/** Definitions → runtime lookups; a definition naming an unknown entity or field stops the server. */
export function resolveTableDictionaries(defs: TableDictionaryDef[], entities: EntityRuntime[]): Map<string, TableDictionary> {
  const out = new Map<string, TableDictionary>();
  for (const def of defs) {
    const entity = entities.find((e) => e.schema.name === def.entity);
    if (!entity) throw new Error(`Table dictionary ${def.code}: unknown entity ${def.entity}`);
    const column = (property: string) => {
      const found = entity.columns.get(property);
      if (!found) throw new Error(`Table dictionary ${def.code}: ${def.entity} has no field ${property}`);
      return found;
    };
    out.set(def.code, { code: def.code, name: def.name, entity, textColumn: column(def.text), valueColumn: column(def.value) });
  }
  return out;
}

const item = (value: unknown, text: unknown): DictModel => {
  const v = String(value ?? '');
  const t = String(text ?? '');
  return { value: v, text: t, title: t, label: t };
};

/** `and`-joined extra conditions (the caller's data scope on the source entity), or nothing. */
const andAll = (extra: RawBuilder<unknown>[]) => (extra.length ? sql` and ${sql.join(extra, sql` and `)}` : sql``);

/**
 * Items whose text contains `keyword` (all when empty), ordered by text, at most `limit`. `scope` holds the
 * caller's data-scope conditions on the source entity: a picker offers only rows its user may see.
 */
export async function searchTableDictionary(
  db: Kysely<SystemTables>,
  dict: TableDictionary,
  tenantId: number,
  keyword: string,
  limit: number,
  scope: RawBuilder<unknown>[] = [],
): Promise<DictModel[]> {
  const table = sql.id(dict.entity.schema.table);
  const text = sql.id(dict.textColumn);
  const value = sql.id(dict.valueColumn);
  const filter = keyword ? sql`and cast(${text} as text) ilike ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'` : sql``;
  const { rows } = await sql<{ value: unknown; text: unknown }>`select ${value} as value, ${text} as text from ${table}
    where ${tenantWhere(dict.entity, tenantId)} and ${value} is not null ${filter}${andAll(scope)} order by ${text} limit ${limit}`.execute(db);
  return rows.map((row) => item(row.value, row.text));
}

/**
 * value → text for the given values, in one query. Translating stored values takes no scope (a record in scope
 * may name a row its reader cannot list); checking a value someone picks passes the picker's `scope`.
 */
export async function tableDictionaryTexts(
  db: Kysely<SystemTables>,
  dict: TableDictionary,
  tenantId: number,
  values: string[],
  scope: RawBuilder<unknown>[] = [],
): Promise<Map<string, string>> {
  const wanted = [...new Set(values.filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const table = sql.id(dict.entity.schema.table);
  const { rows } = await sql<{ value: unknown; text: unknown }>`select ${sql.id(dict.valueColumn)} as value, ${sql.id(dict.textColumn)} as text
    from ${table} where ${tenantWhere(dict.entity, tenantId)} and cast(${sql.id(dict.valueColumn)} as text) in (${sql.join(wanted)})${andAll(scope)}`.execute(db);
  return new Map(rows.map((row) => [String(row.value), String(row.text ?? '')]));
}

/**
 * Texts for every table-dictionary, department and user field of `rows` (field → value → text), in ONE statement
 * whatever the number of such fields: a union of one indexed look-up per field. A list request used to make one
 * round trip per field (five on the waybill list), which cost more than reading the page itself.
 */
export async function tableTextsForRows(
  db: Kysely<SystemTables>,
  tableDicts: Map<string, TableDictionary>,
  entity: EntityRuntime,
  tenantId: number,
  rows: Array<Record<string, unknown>>,
): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  const fields: string[] = [];
  const lookups: RawBuilder<unknown>[] = [];
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    const dict = field.dict ? tableDicts.get(field.dict) : undefined;
    const directory = dict ? undefined : directoryOf(field);
    if (!dict && !directory) continue;
    out.set(name, new Map());
    const wanted = [...new Set(rows.flatMap((row) => splitList(row[name])))];
    if (wanted.length === 0) continue;
    const index = fields.push(name) - 1;
    const values = sql.join(wanted);
    if (dict) {
      const value = sql.id(dict.valueColumn);
      lookups.push(sql`select ${index}::int as f, cast(${value} as text) as value, cast(${sql.id(dict.textColumn)} as text) as text
        from ${sql.id(dict.entity.schema.table)} where ${tenantWhere(dict.entity, tenantId)} and cast(${value} as text) in (${values})`);
    } else if (directory) {
      lookups.push(sql`select ${index}::int as f, ${sql.id(directory.key)} as value, ${sql.id(directory.label)} as text
        from ${sql.id(directory.table)} where ${directory.live(tenantId)} and ${sql.id(directory.key)} in (${values})`);
    }
  }
  if (lookups.length === 0) return out;
  const { rows: found } = await sql<{ f: number; value: string; text: string | null }>`${sql.join(lookups, sql` union all `)}`.execute(db);
  for (const row of found) out.get(fields[row.f]!)!.set(row.value, row.text ?? '');
  return out;
}
