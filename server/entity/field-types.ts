/**
 * The engine's loops over the field types' server parts (field-types/<type>/server.ts): what a write cleans and
 * stores, what is never sent back, which directories values name. The rules themselves live in the parts.
 */
import { sql, type Kysely } from 'kysely';
import type { FieldError } from '../../src/contracts/envelope.ts';
import type { FieldDef } from '../../src/contracts/entity.ts';
import { splitList } from '../../src/contracts/field-values.ts';
import { isSecretField } from '../../field-types/index.ts';
import { fieldTypeServer } from '../../field-types/server.ts';
import type { DirectoryLookup } from '../../field-types/server-part.ts';
import type { SystemTables } from '../db/schema.ts';
import type { Caller } from '../context.ts';
import type { EntityRuntime } from './registry.ts';

type Db = Kysely<SystemTables>;

const fieldsWith = <T>(entity: EntityRuntime, pick: (field: FieldDef) => T | undefined) =>
  Object.entries(entity.schema.fields).flatMap(([name, field]) => {
    const part = pick(field);
    return part === undefined ? [] : [{ name, field, part }];
  });

/**
 * Sent strings the type cleans before validation (rich text sanitised), in place; one that cleans to nothing becomes
 * absent. Codes of integer-coded dictionary fields (storage.integerCodes) sent as numbers — JeecgBoot clients send
 * `status: 1` — become their text, as dictionary values travel.
 */
export function sanitiseRecord(entity: EntityRuntime, record: Record<string, unknown>): void {
  for (const name of entity.schema.storage?.integerCodes ?? []) {
    if (typeof record[name] === 'number') record[name] = String(record[name]);
  }
  for (const { name, part: clean } of fieldsWith(entity, (field) => fieldTypeServer(field.type).clean)) {
    if (typeof record[name] !== 'string') continue;
    const cleaned = clean(record[name] as string);
    if (cleaned === undefined || cleaned === '') delete record[name];
    else record[name] = cleaned;
  }
}

/** Validated values → what is stored (typed passwords → their hashes), in place. */
export async function prepareForStore(entity: EntityRuntime, record: Record<string, unknown>): Promise<void> {
  for (const { name, part: store } of fieldsWith(entity, (field) => fieldTypeServer(field.type).beforeStore)) {
    if (record[name] !== undefined) record[name] = await store(record[name]);
  }
}

/** Fields whose values are never sent back nor filtered on (password hashes). */
export function secretFields(entity: EntityRuntime): string[] {
  return Object.keys(entity.schema.fields).filter((name) => isSecretProperty(entity, name));
}

export function isSecretProperty(entity: EntityRuntime, property: string): boolean {
  return isSecretField(entity.schema.fields[property]);
}

/** The directory a field's values name (department, user), if any. */
export function directoryOf(field: FieldDef): DirectoryLookup | undefined {
  return fieldTypeServer(field.type).directory;
}

/** Live entries of a tenant's directory among `keys`: key → label. */
export async function directoryLabels(db: Db, directory: DirectoryLookup, tenantId: number, keys: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return new Map();
  const { rows } = await sql<{ key: string; label: string }>`select ${sql.id(directory.key)} as key, ${sql.id(directory.label)} as label
    from ${sql.id(directory.table)} where ${directory.live(tenantId)} and ${sql.id(directory.key)} in (${sql.join(wanted)})`.execute(db);
  return new Map(rows.map((row) => [row.key, row.label]));
}

/** Directory values (department, user) must exist in the caller's tenant. */
export async function directoryErrors(db: Db, entity: EntityRuntime, caller: Caller, record: Record<string, unknown>): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const { name, field, part: directory } of fieldsWith(entity, directoryOf)) {
    const values = splitList(record[name]);
    if (values.length === 0) continue;
    const known = await directoryLabels(db, directory, caller.tenantId, values);
    if (!values.every((value) => known.has(value))) errors.push({ field: name, message: `${field.label}：请从列表中选择` });
  }
  return errors;
}

/**
 * Spreadsheet cells of directory fields hold what the export wrote (labels); turn each label that is not already a
 * key into the one entry of the tenant bearing it. Ambiguous labels stay as typed, so validation names the field.
 */
export async function resolveDirectoryNames(db: Db, entity: EntityRuntime, tenantId: number, records: Array<Record<string, unknown>>): Promise<void> {
  for (const { name, part: directory } of fieldsWith(entity, directoryOf)) {
    const typed = [...new Set(records.flatMap((record) => splitList(record[name])))];
    if (typed.length === 0) continue;
    const key = sql.id(directory.key);
    const label = sql.id(directory.label);
    const { rows: pairs } = await sql<{ key: string; label: string }>`select ${key} as key, ${label} as label from ${sql.id(directory.table)}
      where ${directory.live(tenantId)} and (${key} in (${sql.join(typed)}) or ${label} in (${sql.join(typed)}))`.execute(db);
    const keys = new Set(pairs.map((pair) => pair.key));
    const byLabel = new Map<string, string[]>();
    for (const pair of pairs) byLabel.set(pair.label, [...(byLabel.get(pair.label) ?? []), pair.key]);
    const resolve = (value: string) => (keys.has(value) ? value : byLabel.get(value)?.length === 1 ? byLabel.get(value)![0] : value);
    for (const record of records) {
      const parts = splitList(record[name]);
      if (parts.length > 0) record[name] = parts.map(resolve).join(',');
    }
  }
}

/** Values that must name something of the caller's tenant (uploaded files), checked by their type. */
export async function valueErrors(db: Db, entity: EntityRuntime, tenantId: number, record: Record<string, unknown>): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const { name, field, part: check } of fieldsWith(entity, (f) => fieldTypeServer(f.type).checkValue)) {
    const message = await check(db, tenantId, field, record[name]);
    if (message) errors.push({ field: name, message });
  }
  return errors;
}
