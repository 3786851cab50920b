/**
 * Loads every entity schema file and prepares what the server needs per entity: the column allow-list, the
 * compiled write validator (the same JSON Schema the browser feeds to rjsf) and the sortable/filterable sets.
 * Identifiers are checked again here so a malformed schema file can never put a bad identifier into SQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import type { EntitySchema, FieldDef } from '../../src/contracts/entity.ts';
import { SYSTEM_FIELD_DEFS, SYSTEM_FIELDS, VIEW_ACTIONS, entityActions, sortableFields } from '../../src/contracts/entity.ts';
import { toSnakeCase } from '../../src/contracts/naming.ts';
import { AJV_OPTIONS, CUSTOM_FORMATS, entityWriteSchema } from '../../src/contracts/validation/entity-json-schema.ts';

/** System properties every entity row carries (tenantId never leaves the server), with their column and type. */
export const SYSTEM_COLUMNS: Record<string, { column: string; type: FieldDef['type']; label: string }> = Object.fromEntries(
  SYSTEM_FIELDS.filter((name) => name !== 'tenantId').map((name) => [
    name,
    { column: toSnakeCase(name), type: SYSTEM_FIELD_DEFS[name].type, label: SYSTEM_FIELD_DEFS[name].label },
  ]),
);

export interface EntityRuntime {
  schema: EntitySchema;
  /** property → column, for declared fields and system fields: the only identifiers SQL may use. */
  columns: Map<string, string>;
  /** property → type, for filters. */
  types: Map<string, FieldDef['type']>;
  sortable: Set<string>;
  /** Whether rows carry tenant_id (false: schema `storage.tenancy` platform, one set of rows for everyone). */
  tenantScoped: boolean;
  validate: ValidateFunction;
  checksum: string;
}

const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;
const PROPERTY = /^[a-z][A-Za-z0-9]{0,62}$/;

export function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Unsafe SQL identifier in schema: ${name}`);
  return name;
}

export function createValidatorFactory(): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS });
  for (const [name, check] of Object.entries(CUSTOM_FORMATS)) ajv.addFormat(name, check);
  return ajv;
}

/**
 * Validators by the JSON text of their schema, compiled once per process. Compiling is most of an app's start-up
 * CPU (entity write schemas and operation inputs, ~0.4 s), and a process that builds several apps over the same
 * schema files — a test worker, one app per test file — would compile the same functions again each time. A
 * compiled validator is a pure function of its schema and the shared formats; its `errors` are read right after
 * the synchronous call that set them, so sharing one between apps is as safe as sharing it between requests.
 */
const compiledValidators = new Map<string, ValidateFunction>();
let sharedFactory: Ajv | undefined;

export function compileValidator(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiledValidators.get(key);
  if (!validate) {
    validate = (sharedFactory ??= createValidatorFactory()).compile(schema);
    compiledValidators.set(key, validate);
  }
  return validate;
}

export function compileEntity(schema: EntitySchema): EntityRuntime {
  assertIdentifier(schema.table);
  const columns = new Map<string, string>();
  const types = new Map<string, FieldDef['type']>();
  const lacks = new Set<string>(schema.storage?.lacks ?? []);
  for (const [property, system] of Object.entries(SYSTEM_COLUMNS)) {
    if (lacks.has(property)) continue;
    columns.set(property, system.column);
    types.set(property, system.type);
  }
  for (const [property, field] of Object.entries(schema.fields)) {
    if (!PROPERTY.test(property)) throw new Error(`Unsafe field name in ${schema.name}: ${property}`);
    if (columns.has(property)) throw new Error(`Field ${schema.name}.${property} shadows a system column`);
    // A field the table has no column for (storage.notColumns) is validated, never read or written as a column.
    if (schema.storage?.notColumns?.includes(property)) continue;
    columns.set(property, assertIdentifier(schema.storage?.columns?.[property] ?? toSnakeCase(property)));
    types.set(property, field.type);
  }
  for (const property of [...Object.keys(schema.storage?.columns ?? {}), ...(schema.storage?.notColumns ?? [])]) {
    if (!schema.fields[property]) throw new Error(`${schema.name}.storage names an undeclared field: ${property}`);
  }
  // Dictionary codes in an integer column: filters compare (and check) them as integers (select-list.ts reads them as text).
  for (const property of schema.storage?.integerCodes ?? []) {
    if (!schema.fields[property]) throw new Error(`${schema.name}.storage.integerCodes names an undeclared field: ${property}`);
    types.set(property, 'integer');
  }
  // Integer ids (storage.idKind) are filtered and compared as integers.
  if (schema.storage?.idKind === 'integer') types.set('id', 'integer');
  if (schema.storage?.deletedFlag) assertIdentifier(schema.storage.deletedFlag);
  // A view has no rows of its own: anything that writes would fail in the database, so refuse it at start.
  if (schema.storage?.writeTable) assertIdentifier(schema.storage.writeTable);
  for (const property of schema.storage?.viewOnly ?? []) {
    if (!schema.fields[property]) throw new Error(`${schema.name}.storage.viewOnly names an undeclared field: ${property}`);
  }
  if ((schema.storage?.writeTable || schema.storage?.viewOnly) && !schema.storage.view) throw new Error(`${schema.name}: storage.writeTable needs storage.view`);
  if (schema.storage?.view && !schema.storage.writeTable) {
    const writes = entityActions(schema).filter((action) => !VIEW_ACTIONS.includes(action));
    if (writes.length > 0) throw new Error(`${schema.name} reads a view (storage.view): it cannot ${writes.join(', ')}`);
  }
  const sortable = new Set([...sortableFields(schema)].filter((f) => columns.has(f)));
  const checksum = crypto.createHash('sha256').update(JSON.stringify(schema)).digest('hex');
  const tenantScoped = (schema.storage?.tenancy ?? 'tenant') === 'tenant';
  return { schema, columns, types, sortable, tenantScoped, validate: compileValidator(entityWriteSchema(schema)), checksum };
}

function findEntityFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findEntityFiles(full));
    else if (entry.name.endsWith('.entity.json')) found.push(full);
  }
  return found.sort();
}

export function loadEntities(schemasDir: string): EntityRuntime[] {
  return findEntityFiles(path.join(schemasDir, 'entities')).map((file) => {
    const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as EntitySchema;
    return compileEntity(schema);
  });
}
