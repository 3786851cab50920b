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
import type { EntitySchema } from '../../src/contracts/entity.ts';
import type { DictionaryFile, MenuCatalog } from '../../src/contracts/menu.ts';
import { DICTS_DIR, DICTS_SUFFIX, KNOWN_ROLES, LISTABLE_SYSTEM_FIELDS, asArray, escapePointer, isObject, type Json } from './schema-json.ts';
import { lintEntity, type DictItems } from './entity-lint.ts';
import { lintPopups } from './popup-lint.ts';
import { lintComputedAndMasks } from './computed-lint.ts';
import { lintScopes } from './scope-lint.ts';
import { lintFieldTypes } from '../../field-types/lints.ts';
import { lintCapabilities } from '../../capabilities/lints.ts';

export interface Problem {
  /** Path of the file relative to the repo root, with forward slashes. */
  file: string;
  /** JSON pointer (RFC 6901) into the file; '' is the whole document. */
  path: string;
  message: string;
}

export type SchemaKind = 'entity' | 'menus' | 'dicts';

export { KNOWN_ROLES, LISTABLE_SYSTEM_FIELDS, escapePointer };


export const SCHEMAS_DIR = 'schemas';
export const META_FILES: Record<SchemaKind, string> = {
  entity: 'schemas/_meta/entity.schema.json',
  menus: 'schemas/_meta/menus.schema.json',
  dicts: 'schemas/_meta/dicts.schema.json',
};
const ENTITIES_DIR = 'schemas/entities';
const MENUS_FILE = 'schemas/menus.json';
const ENTITY_SUFFIX = '.entity.json';

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
  problems.push(...lintPopups(root, entities));
  problems.push(...lintComputedAndMasks(entities));
  problems.push(...lintScopes(entities));
  problems.push(...lintFieldTypes(entities));
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


function lint(
  entities: Array<LoadedFile<EntitySchema>>,
  menus: LoadedFile<MenuCatalog> | null,
  dicts: Array<LoadedFile<DictionaryFile>>,
): Problem[] {
  const problems: Problem[] = [];
  const dictionaries = lintDictionaries(dicts, problems);
  lintTableDictionaries(dicts, entities, problems);
  lintChildTables(entities, problems);
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
    // A recycle bin screen (storage.deletedRows) shows the deleted rows of another entity's table.
    const deletedRows = isObject(data.storage) && data.storage.deletedRows === true;
    if (!deletedRows) unique.table.add(data.table, file, '/table', problems);
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
  // Each capability's own keys (capabilities/<name>/lint.ts).
  problems.push(...lintCapabilities(entities, dictionaries));
  return problems;
}

/** Dictionary codes → item values, reporting duplicate codes (across files) and duplicate values. */
function lintDictionaries(dicts: Array<LoadedFile<DictionaryFile>>, problems: Problem[]): Map<string, DictItems> {
  const codes = new Uniques('dictionary code');
  const out = new Map<string, DictItems>();
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
    asArray(data.tableDictionaries).forEach((dict, i) => {
      if (!isObject(dict)) return;
      const fresh = codes.add(dict.code, file, `/tableDictionaries/${i}/code`, problems);
      if (fresh && typeof dict.code === 'string') out.set(dict.code, 'table');
    });
  }
  return out;
}

/** `children` must name an engine entity holding the foreign key, sort field and columns it lists. */
function lintChildTables(entities: Array<LoadedFile<EntitySchema>>, problems: Problem[]): void {
  const byName = new Map<string, Json>();
  for (const { data } of entities) if (isObject(data) && typeof data.name === 'string') byName.set(data.name, data);
  for (const { file, data } of entities) {
    if (!isObject(data)) continue;
    asArray(data.children).forEach((child, i) => {
      if (!isObject(child) || typeof child.entity !== 'string') return;
      const at = (key: string, message: string) => problems.push({ file, path: `/children/${i}/${key}`, message });
      const target = byName.get(child.entity);
      if (!target) return at('entity', `unknown entity "${child.entity}"`);
      const fields = isObject(target.fields) ? target.fields : {};
      for (const key of ['foreignKey', 'sortField'] as const) {
        const name = child[key];
        if (typeof name === 'string' && !(name in fields)) at(key, `entity "${child.entity}" has no field "${name}"`);
      }
      const sort = typeof child.sortField === 'string' ? fields[child.sortField] : undefined;
      if (isObject(sort) && sort.type !== 'integer') at('sortField', 'the sort field must be an integer field');
      asArray(child.columns).forEach((name, j) => {
        if (typeof name === 'string' && !(name in fields)) at(`columns/${j}`, `entity "${child.entity}" has no field "${name}"`);
      });
    });
  }
}

/** Table dictionaries must name an entity and two of its fields (or id). */
function lintTableDictionaries(dicts: Array<LoadedFile<DictionaryFile>>, entities: Array<LoadedFile<EntitySchema>>, problems: Problem[]): void {
  const byName = new Map<string, Json>();
  for (const { data } of entities) if (isObject(data) && typeof data.name === 'string') byName.set(data.name, data);
  for (const { file, data } of dicts) {
    if (!isObject(data)) continue;
    asArray(data.tableDictionaries).forEach((dict, i) => {
      if (!isObject(dict) || typeof dict.entity !== 'string') return;
      const entity = byName.get(dict.entity);
      if (!entity) {
        problems.push({ file, path: `/tableDictionaries/${i}/entity`, message: `unknown entity "${dict.entity}"` });
        return;
      }
      const fields = isObject(entity.fields) ? entity.fields : {};
      for (const key of ['text', 'value'] as const) {
        const field = dict[key];
        if (typeof field === 'string' && field !== 'id' && !(field in fields)) {
          problems.push({ file, path: `/tableDictionaries/${i}/${key}`, message: `entity "${dict.entity}" has no field "${field}"` });
        }
      }
    });
  }
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


function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.file}\0${p.path}\0${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

