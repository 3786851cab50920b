/**
 * Finding, loading and checking the schema files under `schemas/`:
 *
 *   schemas/entities/**\/*.entity.json   one entity each            (meta-schema schemas/_meta/entity.schema.json)
 *   schemas/menus.json                   menu folders and pages     (schemas/_meta/menus.schema.json)
 *   schemas/dicts/*.dicts.json           data dictionaries          (schemas/_meta/dicts.schema.json)
 *
 * Every file is validated against its meta-schema with ajv, then a semantic lint checks what a JSON Schema cannot:
 * references between sections and files (columns → fields, dict codes, menu parents, roles) and uniqueness across
 * files. Problems carry the file (relative to the repo root) and a JSON pointer into it.
 *
 * Used by `npm run schemas:check`, by the tests and by the server (loadEntitySchemas & co.), so it depends on nothing
 * but node:fs, node:path, ajv and the pure contract types/constants.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { SYSTEM_FIELDS, isRangeType, type EntitySchema, type FieldType } from '../../src/contracts/entity.ts';
import type { DictionaryFile, MenuCatalog } from '../../src/contracts/menu.ts';

export interface Problem {
  /** Path of the file relative to the repo root, with forward slashes. */
  file: string;
  /** JSON pointer (RFC 6901) into the file; '' is the whole document. */
  path: string;
  message: string;
}

export type SchemaKind = 'entity' | 'menus' | 'dicts';

/** Role codes the server creates; defaultGrants and menu roles may name only these. */
export const KNOWN_ROLES = ['admin', 'ops', 'shipper', 'shipperadmin'] as const;

/** System columns a list may show, filter or sort by although they are not declared in `fields`. */
export const LISTABLE_SYSTEM_FIELDS = ['createTime', 'updateTime', 'createBy', 'updateBy'] as const;

export const SCHEMAS_DIR = 'schemas';
export const META_FILES: Record<SchemaKind, string> = {
  entity: 'schemas/_meta/entity.schema.json',
  menus: 'schemas/_meta/menus.schema.json',
  dicts: 'schemas/_meta/dicts.schema.json',
};
const ENTITIES_DIR = 'schemas/entities';
const DICTS_DIR = 'schemas/dicts';
const MENUS_FILE = 'schemas/menus.json';
const ENTITY_SUFFIX = '.entity.json';
const DICTS_SUFFIX = '.dicts.json';

export interface SchemaFileList {
  entities: string[];
  /** schemas/menus.json, or null when it does not exist. */
  menus: string | null;
  dicts: string[];
  /** JSON files in schemas/entities or schemas/dicts that are not loaded because of their name. */
  ignored: string[];
}

/** Every schema file, as repo-relative paths in a stable (sorted) order. */
export function findSchemaFiles(root: string): SchemaFileList {
  const entities: string[] = [];
  const ignored: string[] = [];
  for (const file of walk(root, ENTITIES_DIR)) {
    if (file.endsWith(ENTITY_SUFFIX)) entities.push(file);
    else if (file.endsWith('.json')) ignored.push(file);
  }
  const dicts: string[] = [];
  for (const file of listDir(root, DICTS_DIR)) {
    if (file.endsWith(DICTS_SUFFIX)) dicts.push(file);
    else if (file.endsWith('.json')) ignored.push(file);
  }
  const menus = isFile(path.join(root, MENUS_FILE)) ? MENUS_FILE : null;
  return { entities: entities.sort(), menus, dicts: dicts.sort(), ignored: ignored.sort() };
}

export interface LoadedFile<T> {
  file: string;
  /** Parsed content; undefined when the file could not be read or parsed. */
  data: T | undefined;
}

export interface SchemaSet {
  entities: Array<LoadedFile<EntitySchema>>;
  menus: LoadedFile<MenuCatalog> | null;
  dicts: Array<LoadedFile<DictionaryFile>>;
  problems: Problem[];
}

/** Read, parse, validate and lint every schema file. Never throws for problems in the files themselves. */
export function readSchemaSet(root: string): SchemaSet {
  const list = findSchemaFiles(root);
  const problems: Problem[] = [];
  const validators = compileMetaSchemas(root);

  const load = <T>(file: string, kind: SchemaKind): LoadedFile<T> => {
    const data = readJson(root, file, problems);
    if (data !== undefined) {
      validateWith(validators[kind], file, data, problems);
      checkSchemaPointer(file, kind, data, problems);
    }
    return { file, data: data as T | undefined };
  };

  const entities = list.entities.map((file) => load<EntitySchema>(file, 'entity'));
  const dicts = list.dicts.map((file) => load<DictionaryFile>(file, 'dicts'));
  const menus = list.menus === null ? null : load<MenuCatalog>(list.menus, 'menus');
  if (menus === null) problems.push({ file: MENUS_FILE, path: '', message: 'file is missing' });
  for (const file of list.ignored) {
    const suffix = file.startsWith(`${DICTS_DIR}/`) ? DICTS_SUFFIX : ENTITY_SUFFIX;
    problems.push({ file, path: '', message: `not loaded: files here must be named *${suffix}` });
  }

  problems.push(...lint(entities, menus, dicts));
  // Group by file (stable, so each file keeps meta-schema problems first, then lint problems in document order).
  const order = [...list.entities, ...list.dicts, MENUS_FILE, ...list.ignored];
  const rank = (file: string) => (order.includes(file) ? order.indexOf(file) : order.length);
  return { entities, menus, dicts, problems: dedupe(problems).sort((a, b) => rank(a.file) - rank(b.file)) };
}

/** Every problem in the schema files under `root` (empty when all is well). */
export function checkAllSchemas(root: string): Problem[] {
  return readSchemaSet(root).problems;
}

export class SchemaCheckError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(`schema files have ${problems.length} problem(s):\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'SchemaCheckError';
    this.problems = problems;
  }
}

export interface LoadOptions {
  /** Throw a SchemaCheckError when any schema file has a problem (default true). */
  check?: boolean;
}

export interface LoadedSchemas {
  entities: EntitySchema[];
  menus: MenuCatalog;
  dictionaries: DictionaryFile['dictionaries'];
}

/** Entities, menus and dictionaries, checked (see LoadOptions). Entities come in file-path order. */
export function loadSchemas(root: string, options: LoadOptions = {}): LoadedSchemas {
  const set = readSchemaSet(root);
  if ((options.check ?? true) && set.problems.length > 0) throw new SchemaCheckError(set.problems);
  return {
    entities: set.entities.flatMap((e) => (e.data === undefined ? [] : [e.data])),
    menus: set.menus?.data ?? { menus: [] },
    dictionaries: set.dicts.flatMap((d) => d.data?.dictionaries ?? []),
  };
}

/** The parsed entity schemas in file-path order; throws SchemaCheckError on any problem unless `check: false`. */
export function loadEntitySchemas(root: string, options: LoadOptions = {}): EntitySchema[] {
  return loadSchemas(root, options).entities;
}

export function loadMenuCatalog(root: string, options: LoadOptions = {}): MenuCatalog {
  return loadSchemas(root, options).menus;
}

export function loadDictionaries(root: string, options: LoadOptions = {}): DictionaryFile['dictionaries'] {
  return loadSchemas(root, options).dictionaries;
}

export function formatProblem(problem: Problem): string {
  return `${problem.file}#${problem.path}: ${problem.message}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Files

function walk(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const entry of readDirSafe(path.join(root, dir))) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...walk(root, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

function listDir(root: string, dir: string): string[] {
  return readDirSafe(path.join(root, dir))
    .filter((entry) => entry.isFile())
    .map((entry) => `${dir}/${entry.name}`);
}

function readDirSafe(abs: string): fs.Dirent[] {
  try {
    return fs.readdirSync(abs, { withFileTypes: true });
  } catch {
    return [];
  }
}

function isFile(abs: string): boolean {
  try {
    return fs.statSync(abs).isFile();
  } catch {
    return false;
  }
}

function readJson(root: string, file: string, problems: Problem[]): unknown {
  let text: string;
  try {
    text = fs.readFileSync(path.join(root, file), 'utf8');
  } catch (error) {
    problems.push({ file, path: '', message: `cannot read: ${(error as Error).message}` });
    return undefined;
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    problems.push({ file, path: '', message: `invalid JSON: ${describeJsonError(text, error as Error)}` });
    return undefined;
  }
}

function describeJsonError(text: string, error: Error): string {
  const position = /position (\d+)/.exec(error.message);
  if (!position) return error.message;
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${error.message} (line ${line}, column ${column})`;
}

/** A file's `$schema`, when present, must point at its meta-schema so editors validate it. */
function checkSchemaPointer(file: string, kind: SchemaKind, data: unknown, problems: Problem[]): void {
  if (!isObject(data) || typeof data.$schema !== 'string') return;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), data.$schema));
  if (target !== META_FILES[kind]) {
    const expected = path.posix.relative(path.posix.dirname(file), META_FILES[kind]);
    problems.push({ file, path: '/$schema', message: `should be "${expected}" (the ${kind} meta-schema)` });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Meta-schema validation (ajv)

function compileMetaSchemas(root: string): Record<SchemaKind, ValidateFunction> {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true });
  const compile = (kind: SchemaKind): ValidateFunction => {
    const file = META_FILES[kind];
    const schema = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as object;
    return ajv.compile(schema);
  };
  return { entity: compile('entity'), menus: compile('menus'), dicts: compile('dicts') };
}

function validateWith(validate: ValidateFunction, file: string, data: unknown, problems: Problem[]): void {
  if (validate(data)) return;
  for (const error of validate.errors ?? []) {
    const problem = ajvProblem(file, error);
    if (problem) problems.push(problem);
  }
}

function ajvProblem(file: string, error: ErrorObject): Problem | null {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'propertyNames':
      // Reported once more by the failing sub-keyword, which carries propertyName too.
      return null;
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const allowed = isObject(error.parentSchema) && isObject(error.parentSchema.properties)
        ? Object.keys(error.parentSchema.properties)
        : [];
      const guess = closest(key, allowed);
      const hint = guess ? ` — did you mean "${guess}"?` : allowed.length ? ` (allowed: ${allowed.join(', ')})` : '';
      return { file, path: `${error.instancePath}/${escapePointer(key)}`, message: `unknown key "${key}"${hint}` };
    }
    case 'required':
      return { file, path: error.instancePath, message: `missing required key "${String(params.missingProperty)}"` };
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      return { file, path: error.instancePath, message: `${JSON.stringify(error.data)} is not one of ${allowed}` };
    }
    case 'const':
      return { file, path: error.instancePath, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'type': {
      const types = Array.isArray(params.type) ? params.type : [params.type];
      return { file, path: error.instancePath, message: `must be ${types.map((t) => `${/^[aeiou]/.test(String(t)) ? 'an' : 'a'} ${String(t)}`).join(' or ')}` };
    }
  }
  if (error.propertyName !== undefined) {
    return {
      file,
      path: `${error.instancePath}/${escapePointer(error.propertyName)}`,
      message: `key "${error.propertyName}" ${error.message ?? 'is not allowed'}`,
    };
  }
  return { file, path: error.instancePath, message: error.message ?? `fails ${error.keyword}` };
}

/** The allowed key nearest to a misspelt one (edit distance ≤ 2, or a case-only difference). */
function closest(key: string, allowed: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of allowed) {
    const distance = candidate.toLowerCase() === key.toLowerCase() ? 0 : editDistance(key, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.min(2, Math.max(1, Math.floor(key.length / 3))) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

// ---------------------------------------------------------------------------------------------------------------
// Semantic lint. Runs on files that failed the meta-schema too, so every access is guarded.

type Json = Record<string, unknown>;

function lint(
  entities: Array<LoadedFile<EntitySchema>>,
  menus: LoadedFile<MenuCatalog> | null,
  dicts: Array<LoadedFile<DictionaryFile>>,
): Problem[] {
  const problems: Problem[] = [];
  const dictionaries = lintDictionaries(dicts, problems);
  const menuKeys = lintMenus(menus, problems);

  const unique = {
    name: new Uniques('entity name'),
    table: new Uniques('table'),
    api: new Uniques('api path'),
    permissionPrefix: new Uniques('permission prefix'),
    menuPath: new Uniques('menu path'),
    component: new Uniques('menu component'),
  };
  if (menus && isObject(menus.data) && Array.isArray(menus.data.menus)) {
    menus.data.menus.forEach((entry: unknown, i) => {
      if (isObject(entry)) unique.menuPath.add(entry.path, menus.file, `/menus/${i}/path`, problems);
    });
  }

  for (const { file, data } of entities) {
    if (!isObject(data)) continue;
    const at = (pointer: string, message: string) => problems.push({ file, path: pointer, message });
    unique.name.add(data.name, file, '/name', problems);
    unique.table.add(data.table, file, '/table', problems);
    unique.api.add(data.api, file, '/api', problems);
    unique.permissionPrefix.add(data.permissionPrefix, file, '/permissionPrefix', problems);
    lintEntity(data, dictionaries, at);
    const menu = data.menu;
    if (isObject(menu)) {
      if (typeof menu.parent === 'string' && !menuKeys.has(menu.parent)) {
        at('/menu/parent', `unknown menu "${menu.parent}" (not a key in ${MENUS_FILE})`);
      }
      unique.menuPath.add(menu.path, file, '/menu/path', problems);
      unique.component.add(menu.component, file, '/menu/component', problems);
    }
  }
  return problems;
}

function lintEntity(entity: Json, dictionaries: Map<string, Set<string>>, at: (pointer: string, message: string) => void): void {
  const fields: Json = isObject(entity.fields) ? entity.fields : {};
  const declared = new Set(Object.keys(fields));
  const system = new Set<string>(SYSTEM_FIELDS);
  const listable = new Set<string>(LISTABLE_SYSTEM_FIELDS);

  for (const [name, def] of Object.entries(fields)) {
    const base = `/fields/${escapePointer(name)}`;
    if (system.has(name)) at(base, `"${name}" is a system field every table already has; do not declare it`);
    if (isObject(def)) lintField(def, base, dictionaries, at);
  }

  /** Where a field named by list/form/sort lives: declared, a listable system field, or nowhere. */
  const known = (field: string, allowSystem: boolean) => declared.has(field) || (allowSystem && listable.has(field));
  const unknown = (field: string, allowSystem: boolean) =>
    !allowSystem && listable.has(field)
      ? `system field "${field}" cannot be used here`
      : `unknown field "${field}" (not in fields${allowSystem ? ` nor one of ${LISTABLE_SYSTEM_FIELDS.join(', ')}` : ''})`;
  const typeOf = (field: string): FieldType | undefined => {
    const def = fields[field];
    if (isObject(def) && typeof def.type === 'string') return def.type as FieldType;
    return field === 'createTime' || field === 'updateTime' ? 'datetime' : undefined;
  };

  const list = isObject(entity.list) ? entity.list : {};
  const seenColumns = new Set<string>();
  asArray(list.columns).forEach((column, i) => {
    const isString = typeof column === 'string';
    const field = isString ? column : isObject(column) ? column.field : undefined;
    if (typeof field !== 'string') return;
    const pointer = isString ? `/list/columns/${i}` : `/list/columns/${i}/field`;
    if (!known(field, true)) at(pointer, unknown(field, true));
    else if (seenColumns.has(field)) at(pointer, `column "${field}" is listed twice`);
    seenColumns.add(field);
  });

  const seenQuery = new Set<string>();
  asArray(list.query).forEach((query, i) => {
    const isString = typeof query === 'string';
    const field = isString ? query : isObject(query) ? query.field : undefined;
    if (typeof field !== 'string') return;
    const pointer = isString ? `/list/query/${i}` : `/list/query/${i}/field`;
    if (!known(field, true)) {
      at(pointer, unknown(field, true));
      return;
    }
    if (seenQuery.has(field)) at(pointer, `query field "${field}" is listed twice`);
    seenQuery.add(field);
    const type = typeOf(field);
    if (isObject(query) && query.mode === 'range' && type !== undefined && !isRangeType(type)) {
      at(`/list/query/${i}/mode`, `range queries need a date, datetime or numeric field ("${field}" is ${type})`);
    }
  });

  const sort = isObject(list.defaultSort) ? list.defaultSort : {};
  if (typeof sort.field === 'string' && !known(sort.field, true)) at('/list/defaultSort/field', unknown(sort.field, true));

  const form = isObject(entity.form) ? entity.form : {};
  const inForm = new Set<string>();
  asArray(form.fields).forEach((field, i) => {
    if (typeof field !== 'string') return;
    if (!known(field, false)) at(`/form/fields/${i}`, system.has(field) ? `system field "${field}" cannot be edited` : unknown(field, false));
    inForm.add(field);
  });
  if (Array.isArray(form.fields)) {
    for (const [name, def] of Object.entries(fields)) {
      if (isObject(def) && def.required === true && def.readOnly !== true && def.default === undefined && !inForm.has(name)) {
        at(`/fields/${escapePointer(name)}/required`, `required field "${name}" has no default and is not in form.fields, so no form can save a record`);
      }
    }
  }

  if (isObject(entity.defaultGrants)) {
    const roles = new Set<string>(KNOWN_ROLES);
    for (const role of Object.keys(entity.defaultGrants)) {
      if (!roles.has(role)) at(`/defaultGrants/${escapePointer(role)}`, `unknown role "${role}" (known: ${KNOWN_ROLES.join(', ')})`);
    }
  }
}

const STRING_TYPES = new Set<unknown>(['string', 'text']);
const NUMERIC_TYPES = new Set<unknown>(['integer', 'number', 'money']);

function lintField(def: Json, base: string, dictionaries: Map<string, Set<string>>, at: (pointer: string, message: string) => void): void {
  const type = def.type;
  const typeName = typeof type === 'string' ? type : '?';
  if (def.format !== undefined && type !== 'string') at(`${base}/format`, `format is only allowed on string fields (this one is ${typeName})`);
  if (def.mask !== undefined && type !== 'string') at(`${base}/mask`, `mask is only allowed on string fields (this one is ${typeName})`);

  if (typeof def.dict === 'string') {
    const items = dictionaries.get(def.dict);
    if (!items) at(`${base}/dict`, `unknown dictionary "${def.dict}" (not in ${DICTS_DIR}/*${DICTS_SUFFIX})`);
    if (type !== 'string') at(`${base}/dict`, `dict is only allowed on string fields (item values are strings; this one is ${typeName})`);
    if (items && def.default !== undefined && !items.has(String(def.default))) {
      at(`${base}/default`, `${JSON.stringify(def.default)} is not an item of dictionary "${def.dict}"`);
    }
  }

  if (typeof def.pattern === 'string') {
    try {
      new RegExp(def.pattern, 'u');
    } catch (error) {
      at(`${base}/pattern`, `invalid regular expression: ${(error as Error).message}`);
    }
  }

  if ((def.minLength !== undefined || def.maxLength !== undefined) && typeof type === 'string' && !STRING_TYPES.has(type)) {
    at(`${base}/${def.minLength !== undefined ? 'minLength' : 'maxLength'}`, `minLength/maxLength only apply to string and text fields (this one is ${typeName})`);
  }
  if ((def.minimum !== undefined || def.maximum !== undefined) && typeof type === 'string' && !NUMERIC_TYPES.has(type)) {
    at(`${base}/${def.minimum !== undefined ? 'minimum' : 'maximum'}`, `minimum/maximum only apply to integer, number and money fields (this one is ${typeName})`);
  }
  if (typeof def.minLength === 'number' && typeof def.maxLength === 'number' && def.minLength > def.maxLength) {
    at(`${base}/minLength`, `minLength ${def.minLength} is greater than maxLength ${def.maxLength}`);
  }
  if (typeof def.minimum === 'number' && typeof def.maximum === 'number' && def.minimum > def.maximum) {
    at(`${base}/minimum`, `minimum ${def.minimum} is greater than maximum ${def.maximum}`);
  }

  if (def.default !== undefined && typeof type === 'string') {
    const value = def.default;
    const ok =
      type === 'boolean'
        ? typeof value === 'boolean'
        : type === 'integer'
          ? Number.isInteger(value)
          : NUMERIC_TYPES.has(type)
            ? typeof value === 'number'
            : typeof value === 'string';
    if (!ok) at(`${base}/default`, `default ${JSON.stringify(value)} does not fit a ${type} field`);
  }
}

/** Dictionary codes → item values, reporting duplicate codes (across files) and duplicate values. */
function lintDictionaries(dicts: Array<LoadedFile<DictionaryFile>>, problems: Problem[]): Map<string, Set<string>> {
  const codes = new Uniques('dictionary code');
  const out = new Map<string, Set<string>>();
  for (const { file, data } of dicts) {
    if (!isObject(data)) continue;
    asArray(data.dictionaries).forEach((dict, i) => {
      if (!isObject(dict)) return;
      const fresh = codes.add(dict.code, file, `/dictionaries/${i}/code`, problems);
      const values = new Set<string>();
      asArray(dict.items).forEach((item, j) => {
        if (!isObject(item) || typeof item.value !== 'string') return;
        if (values.has(item.value)) {
          problems.push({ file, path: `/dictionaries/${i}/items/${j}/value`, message: `duplicate value "${item.value}" in dictionary "${String(dict.code)}"` });
        }
        values.add(item.value);
      });
      if (fresh && typeof dict.code === 'string') out.set(dict.code, values);
    });
  }
  return out;
}

/** Menu keys, reporting duplicate keys, unknown parents, cycles and unknown roles. */
function lintMenus(menus: LoadedFile<MenuCatalog> | null, problems: Problem[]): Set<string> {
  const keys = new Set<string>();
  if (!menus || !isObject(menus.data)) return keys;
  const file = menus.file;
  const entries = asArray(menus.data.menus);
  const uniqueKeys = new Uniques('menu key');
  const parents = new Map<string, string>();
  entries.forEach((entry, i) => {
    if (!isObject(entry)) return;
    if (uniqueKeys.add(entry.key, file, `/menus/${i}/key`, problems) && typeof entry.key === 'string') {
      keys.add(entry.key);
      if (typeof entry.parent === 'string') parents.set(entry.key, entry.parent);
    }
  });
  const roles = new Set<string>(KNOWN_ROLES);
  entries.forEach((entry, i) => {
    if (!isObject(entry)) return;
    if (typeof entry.parent === 'string' && !keys.has(entry.parent)) {
      problems.push({ file, path: `/menus/${i}/parent`, message: `unknown menu "${entry.parent}" (not a key in this file)` });
    } else if (typeof entry.key === 'string' && inCycle(entry.key, parents)) {
      problems.push({ file, path: `/menus/${i}/parent`, message: `menu "${entry.key}" is its own ancestor` });
    }
    asArray(entry.roles).forEach((role, j) => {
      if (typeof role === 'string' && !roles.has(role)) {
        problems.push({ file, path: `/menus/${i}/roles/${j}`, message: `unknown role "${role}" (known: ${KNOWN_ROLES.join(', ')})` });
      }
    });
  });
  return keys;
}

function inCycle(key: string, parents: Map<string, string>): boolean {
  const seen = new Set<string>();
  for (let current = parents.get(key); current !== undefined; current = parents.get(current)) {
    if (current === key) return true;
    if (seen.has(current)) return false;
    seen.add(current);
  }
  return false;
}

/** First occurrence wins; later ones are reported with a pointer to the first. */
class Uniques {
  private readonly seen = new Map<string, string>();
  constructor(private readonly what: string) {}

  /** Returns true when the value is new (or not a string, which the meta-schema reports). */
  add(value: unknown, file: string, pointer: string, problems: Problem[]): boolean {
    if (typeof value !== 'string') return true;
    const first = this.seen.get(value);
    if (first !== undefined) {
      problems.push({ file, path: pointer, message: `duplicate ${this.what} "${value}" (first in ${first})` });
      return false;
    }
    this.seen.set(value, `${file}#${pointer}`);
    return true;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** RFC 6901 escaping of one reference token. */
export function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.file}\0${p.path}\0${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

