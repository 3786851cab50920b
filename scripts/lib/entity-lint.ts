/**
 * Semantic lint of one entity file: references between its sections (columns, queries, sort, form → fields),
 * value rules per field type, dictionaries and roles. Runs on files that failed the meta-schema too, so every
 * access is guarded.
 */
import { SYSTEM_FIELDS, isRangeType, type FieldType } from '../../src/contracts/entity.ts';
import { NOW_DEFAULT } from '../../src/contracts/field-values.ts';
import { lintFormExtras } from './form-lint.ts';
import { lintIndexes } from './index-lint.ts';
import { lintConditions } from './condition-lint.ts';
import { DICTS_DIR, DICTS_SUFFIX, KNOWN_ROLES, LISTABLE_SYSTEM_FIELDS, asArray, escapePointer, isObject, type Json } from './schema-json.ts';

/**
 * Names a list request uses for itself (contract §1.3: paging, sort, advanced query, export selections, the
 * token, the cache buster and the parameters QueryGenerator ignores): a field of that name could not be filtered
 * on, and its value in the URL would be read as paging or sort.
 */
const RESERVED_PARAMS = new Set([
  'pageNo', 'pageSize', 'column', 'order', 'superQueryParams', 'superQueryMatchType', 'selections', 'token', 'field',
  'class', 'ids', 'page', 'rows', 'sort',
]);

/** Item values of a dictionary, or 'table' for a table dictionary (its items are rows). */
export type DictItems = Set<string> | 'table';

export function lintEntity(entity: Json, dictionaries: Map<string, DictItems>, at: (pointer: string, message: string) => void): void {
  const fields: Json = isObject(entity.fields) ? entity.fields : {};
  const declared = new Set(Object.keys(fields));
  const system = new Set<string>(SYSTEM_FIELDS);
  const listable = new Set<string>(LISTABLE_SYSTEM_FIELDS);

  for (const [name, def] of Object.entries(fields)) {
    const base = `/fields/${escapePointer(name)}`;
    if (system.has(name)) at(base, `"${name}" is a system field every table already has; do not declare it`);
    if (RESERVED_PARAMS.has(name)) at(base, `"${name}" is a list request parameter (paging, sort or query control); a field cannot use that name`);
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
    if (typeOf(field) === 'password' || typeOf(field) === 'secret') at(pointer, `"${field}" is a ${String(typeOf(field))} field; it is never listed`);
    if (isObject(column) && column.sortable === true && FILE_TYPES.has(typeOf(field))) {
      at(`/list/columns/${i}/sortable`, `"${field}" is an ${typeOf(field)} field; uploads cannot be sorted`);
    }
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
    if (FILE_TYPES.has(type)) at(pointer, `"${field}" is an ${type} field; uploads cannot be searched`);
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

  lintLayout(entity, fields, (field) => known(field, true), at);

  if (isObject(entity.defaultGrants)) {
    const roles = new Set<string>(KNOWN_ROLES);
    for (const role of Object.keys(entity.defaultGrants)) {
      if (!roles.has(role)) at(`/defaultGrants/${escapePointer(role)}`, `unknown role "${role}" (known: ${KNOWN_ROLES.join(', ')})`);
    }
  }

  lintFormExtras(entity, fields, at);
  lintIndexes(entity, fields, at);
  lintConditions(entity, fields, dictionaries, at);

  // "id": the customer table itself, whose rows are the customers.
  if (isObject(entity.dataScope) && typeof entity.dataScope.customer === 'string' && entity.dataScope.customer !== 'id') {
    const def = fields[entity.dataScope.customer];
    if (!isObject(def)) at('/dataScope/customer', `"${entity.dataScope.customer}" is not a declared field`);
    else if (def.type !== 'string') at('/dataScope/customer', `"${entity.dataScope.customer}" must be a string field (it holds a customer id)`);
  }
  if (isObject(entity.dataScope) && entity.dataScope.customerReaders !== undefined) {
    const scope = entity.dataScope;
    if (typeof scope.customer !== 'string' || scope.customer === 'id') at('/dataScope/customerReaders', 'reader fields widen a customer scope: declare `customer` (a field, not "id") first');
    asArray(scope.customerReaders).forEach((name, i) => {
      const def = typeof name === 'string' ? fields[name] : undefined;
      if (!isObject(def) || def.type !== 'string') at(`/dataScope/customerReaders/${i}`, `"${String(name)}" must be a declared string field (it holds a customer id)`);
    });
  }
}

// Password fields take a length policy too (minLength/maxLength compile into the shared ajv schema).
const STRING_TYPES = new Set<unknown>(['string', 'text', 'password', 'secret']);
const FILE_TYPES = new Set<unknown>(['image', 'file']);
const NUMERIC_TYPES = new Set<unknown>(['integer', 'number', 'money']);

function lintField(def: Json, base: string, dictionaries: Map<string, DictItems>, at: (pointer: string, message: string) => void): void {
  const type = def.type;
  const typeName = typeof type === 'string' ? type : '?';
  if (def.format !== undefined && type !== 'string') at(`${base}/format`, `format is only allowed on string fields (this one is ${typeName})`);
  if (def.mask !== undefined && type !== 'string') at(`${base}/mask`, `mask is only allowed on string fields (this one is ${typeName})`);
  for (const key of ['maxCount', 'biz'] as const) {
    if (def[key] !== undefined && !FILE_TYPES.has(type)) at(`${base}/${key}`, `${key} is only allowed on image and file fields (this one is ${typeName})`);
  }

  if (def.search !== undefined && typeof def.dict !== 'string') at(`${base}/search`, 'search needs a dict to search in');
  if (def.widget === 'cron' && (def.type !== 'string' || def.dict !== undefined)) at(`${base}/widget`, 'widget cron is for string fields without a dict');
  if (typeof def.dict === 'string') {
    const items = dictionaries.get(def.dict);
    if (!items) at(`${base}/dict`, `unknown dictionary "${def.dict}" (not in ${DICTS_DIR}/*${DICTS_SUFFIX})`);
    if (type !== 'string') at(`${base}/dict`, `dict is only allowed on string fields (item values are strings; this one is ${typeName})`);
    if (items && items !== 'table' && def.default !== undefined && !items.has(String(def.default))) {
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
    at(`${base}/${def.minLength !== undefined ? 'minLength' : 'maxLength'}`, `minLength/maxLength only apply to string, text and password fields (this one is ${typeName})`);
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
    else if (value === NOW_DEFAULT && type !== 'date' && type !== 'datetime') at(`${base}/default`, `"${NOW_DEFAULT}" is the default of date and datetime fields only`);
  }
}

/** form.groups/tabs and detail name fields of their section; a tree names declared string fields. */
function lintLayout(entity: Json, fields: Json, knownField: (field: string) => boolean, at: (pointer: string, message: string) => void): void {
  const form = isObject(entity.form) ? entity.form : {};
  const formFields = new Set(asArray(form.fields).filter((f): f is string => typeof f === 'string'));
  if (form.groups !== undefined && form.tabs !== undefined) at('/form/tabs', 'use either form.groups or form.tabs, not both');
  const lintParts = (parts: unknown, base: string, allowed: Set<string>, owner: string) => {
    const seen = new Set<string>();
    asArray(parts).forEach((part, i) => {
      if (!isObject(part)) return;
      asArray(part.fields).forEach((field, j) => {
        if (typeof field !== 'string') return;
        if (!allowed.has(field)) at(`${base}/${i}/fields/${j}`, `"${field}" is not in ${owner}`);
        else if (seen.has(field)) at(`${base}/${i}/fields/${j}`, `"${field}" appears in two parts`);
        seen.add(field);
      });
    });
  };
  lintParts(form.groups, '/form/groups', formFields, 'form.fields');
  lintParts(form.tabs, '/form/tabs', formFields, 'form.fields');

  const detail = isObject(entity.detail) ? entity.detail : {};
  const detailFields = new Set<string>();
  asArray(detail.fields).forEach((field, i) => {
    if (typeof field !== 'string') return;
    if (!knownField(field)) at(`/detail/fields/${i}`, `unknown field "${field}"`);
    detailFields.add(field);
  });
  lintParts(detail.groups, '/detail/groups', detailFields, 'detail.fields');

  if (!isObject(entity.tree)) return;
  for (const key of ['parentField', 'hasChildField', 'labelField'] as const) {
    const name = entity.tree[key];
    if (typeof name !== 'string') continue;
    const def = fields[name];
    if (!isObject(def)) at(`/tree/${key}`, `"${name}" is not a declared field`);
    else if (key !== 'labelField' && def.type !== 'string') at(`/tree/${key}`, `"${name}" must be a string field`);
    else if (key === 'hasChildField' && def.readOnly !== true) at(`/tree/${key}`, `"${name}" is kept by the server; declare it readOnly`);
    else if (key === 'parentField' && (def.required === true || def.dict !== undefined)) {
      at(`/tree/${key}`, `"${name}" must not be required or a dict (empty means root; the form shows a tree picker)`);
    }
  }
}
