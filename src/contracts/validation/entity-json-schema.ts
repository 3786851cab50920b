/**
 * Entity schema → JSON Schema for writes, plus the human messages for each kind of failure. The browser feeds the
 * JSON Schema to rjsf (validator-ajv8) and the server compiles the same object with ajv, both registering the
 * formats below — one validation source for both sides.
 */
import type { EntitySchema, FieldDef, FieldFormat } from '../entity.ts';
import { FORMAT_CHECKS, FORMAT_MESSAGES, JSON_SCHEMA_FORMAT, isDate, isDateTime } from './formats.ts';
import { FILE_LIST_MAX_LENGTH, FILE_LIST_PATTERN } from '../files.ts';
import { NOW_DEFAULT } from '../field-values.ts';
import { fieldTypeContract, fieldTypeFormats } from '../../../field-types/index.ts';
import { conditionalRules, type JsonSchemaCondition } from './conditional-rules.ts';

export { isConditionWrapper, type JsonSchemaCondition } from './conditional-rules.ts';
export { JSON_SCHEMA_FORMAT } from './formats.ts';

export interface JsonSchemaObject {
  type: 'object';
  title?: string;
  properties: Record<string, JsonSchemaProperty>;
  required: string[];
  /** Conditional rules (`requiredWhen`, `formatWhen`) as `if`/`then` pairs; absent when there are none. */
  allOf?: JsonSchemaCondition[];
}

export interface JsonSchemaProperty {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array';
  title: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  default?: string | number | boolean;
  /** rows fields: an array of objects. */
  minItems?: number;
  maxItems?: number;
  items?: { type: 'object'; additionalProperties: false; required: string[]; properties: Record<string, JsonSchemaProperty> };
}

/** Every format the compiled schemas may use, as plain string predicates (ajv `addFormat`, rjsf `customFormats`). */
export const CUSTOM_FORMATS: Record<string, (value: string) => boolean> = {
  ...Object.fromEntries(
    (Object.keys(JSON_SCHEMA_FORMAT) as FieldFormat[]).map((f) => [JSON_SCHEMA_FORMAT[f], FORMAT_CHECKS[f]]),
  ),
  'cn-date': isDate,
  'cn-datetime': isDateTime,
  ...fieldTypeFormats(),
};

/** ajv options both sides use. multipleOfPrecision keeps 0.01 steps exact for money. */
export const AJV_OPTIONS = { allErrors: true, strict: false, multipleOfPrecision: 8 } as const;

/** Pattern given to required strings without one of their own. */
export const NOT_BLANK = '\\S';

export const DEFAULT_STRING_MAX = 255;
export const DEFAULT_TEXT_MAX = 2000;
export const DEFAULT_TAGS_MAX = 500;
export const DEFAULT_RICHTEXT_MAX = 20000;
export const DEFAULT_PASSWORD_MAX = 64;
export const DEFAULT_USER_MAX = 1000;
export const DEFAULT_MAX_ROWS = 200;
export const DEPARTMENT_ID_MAX = 32;
/**
 * The largest magnitude a numeric field's column holds (server/entity/tables.ts: integer, numeric(18,4),
 * numeric(14,2)). A field's bounds default to it and a list filter past it is refused, so no value overflows in SQL.
 */
export const NUMERIC_COLUMN_MAX = { integer: 2_147_483_647, number: 99_999_999_999_999, money: 999_999_999_999.99 } as const;
/** Tags: non-empty parts without separators, comma-joined. */
export const TAGS_PATTERN = '^[^,;]+(,[^,;]+)*$';
/** One username (no comma) for single-user fields. */
export const SINGLE_VALUE_PATTERN = '^[^,]+$';

/** Types whose form value is picked rather than typed: a missing one reads 请选择…. */
const PICKED_TYPES = new Set(['department', 'user']);

export function fieldToJsonSchema(field: FieldDef): JsonSchemaProperty {
  // `$now` is computed when a record is added (nowDefaults), never a literal JSON Schema default.
  const literal = field.default !== undefined && field.default !== NOW_DEFAULT;
  const base = { title: field.label, ...(literal ? { default: field.default } : {}) };
  const registered = fieldTypeContract(field.type);
  if (registered) return registered.valueSchema(field, base);
  switch (field.type) {
    case 'integer':
      return { ...base, type: 'integer', minimum: field.minimum ?? -NUMERIC_COLUMN_MAX.integer, maximum: field.maximum ?? NUMERIC_COLUMN_MAX.integer };
    case 'number':
      return { ...base, type: 'number', minimum: field.minimum ?? -NUMERIC_COLUMN_MAX.number, maximum: field.maximum ?? NUMERIC_COLUMN_MAX.number };
    case 'money':
      return { ...base, type: 'number', minimum: field.minimum ?? 0, maximum: field.maximum ?? NUMERIC_COLUMN_MAX.money, multipleOf: 0.01 };
    case 'boolean':
      return { ...base, type: 'boolean' };
    case 'date':
      return { ...base, type: 'string', format: 'cn-date' };
    case 'datetime':
      return { ...base, type: 'string', format: 'cn-datetime' };
    case 'image':
    case 'file':
      return {
        ...base,
        type: 'string',
        maxLength: FILE_LIST_MAX_LENGTH,
        // Only paths the upload endpoint hands out; the server also checks they exist in the caller's tenant.
        pattern: FILE_LIST_PATTERN,
        minLength: field.required ? 1 : undefined,
      };
    case 'tags':
      return { ...base, type: 'string', minLength: field.required ? 1 : undefined, maxLength: field.maxLength ?? DEFAULT_TAGS_MAX, pattern: TAGS_PATTERN };
    case 'password':
      return {
        ...base,
        type: 'string',
        minLength: field.minLength ?? (field.required ? 1 : undefined),
        maxLength: field.maxLength ?? DEFAULT_PASSWORD_MAX,
        pattern: field.pattern ?? (field.required ? NOT_BLANK : undefined),
      };
    case 'richtext':
      return { ...base, type: 'string', minLength: field.required ? 1 : undefined, maxLength: field.maxLength ?? DEFAULT_RICHTEXT_MAX };
    case 'department':
      // With `multiple`, several ids comma-joined (like user fields).
      return field.multiple
        ? { ...base, type: 'string', minLength: field.required ? 1 : undefined, maxLength: field.maxLength ?? DEFAULT_USER_MAX }
        : { ...base, type: 'string', minLength: field.required ? 1 : undefined, maxLength: DEPARTMENT_ID_MAX, pattern: SINGLE_VALUE_PATTERN };
    case 'user':
      return {
        ...base,
        type: 'string',
        minLength: field.required ? 1 : undefined,
        maxLength: field.maxLength ?? DEFAULT_USER_MAX,
        pattern: field.multiple ? undefined : SINGLE_VALUE_PATTERN,
      };
    case 'rows': {
      const sub = Object.entries(field.rowFields ?? {});
      return {
        ...base,
        type: 'array',
        minItems: field.required ? 1 : undefined,
        maxItems: field.maxRows ?? DEFAULT_MAX_ROWS,
        items: {
          type: 'object',
          additionalProperties: false,
          required: sub.filter(([, f]) => f.required).map(([name]) => name),
          properties: Object.fromEntries(sub.map(([name, f]) => [name, dropUndefined(fieldToJsonSchema(f))])),
        },
      };
    }
    case 'string':
    case 'text': {
      const max = field.maxLength ?? (field.type === 'text' ? DEFAULT_TEXT_MAX : DEFAULT_STRING_MAX);
      return {
        ...base,
        type: 'string',
        minLength: field.required ? Math.max(1, field.minLength ?? 1) : field.minLength,
        maxLength: max,
        // Whitespace alone is "no value": the server trims before validating, so the browser must refuse it too.
        pattern: field.pattern ?? (field.required ? NOT_BLANK : undefined),
        format: field.format ? JSON_SCHEMA_FORMAT[field.format] : undefined,
      };
    }
  }
  throw new Error(`field type ${field.type} has no value schema`);
}

/** Fields a client may write: declared, not server-managed. */
export function writableFields(entity: EntitySchema): string[] {
  return Object.keys(entity.fields).filter((name) => !entity.fields[name].readOnly);
}

export function entityWriteSchema(entity: EntitySchema): JsonSchemaObject {
  const properties: Record<string, JsonSchemaProperty> = {};
  for (const name of writableFields(entity)) {
    properties[name] = dropUndefined(fieldToJsonSchema(entity.fields[name]));
  }
  const required = writableFields(entity).filter((name) => entity.fields[name].required);
  const allOf = conditionalRules(entity, writableFields(entity));
  return { type: 'object', title: entity.title, properties, required, ...(allOf.length > 0 ? { allOf } : {}) };
}

/**
 * Empty strings and nulls mean "no value": drop them so `required` reports a missing field, and keep unknown
 * properties out of the record entirely.
 */
export function normaliseRecord(entity: EntitySchema, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of writableFields(entity)) {
    let value = data[name];
    if (typeof value === 'string') value = value.trim();
    else if (entity.fields[name].type === 'rows' && Array.isArray(value)) value = value.map((row) => normaliseRow(entity.fields[name], row));
    if (value === '' || value === null || value === undefined) continue;
    out[name] = value;
  }
  return out;
}

/** One row of a rows field as stored: its sub-fields only, strings trimmed, empty values left out. */
function normaliseRow(field: FieldDef, row: unknown): unknown {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(field.rowFields ?? {})) {
    let value = (row as Record<string, unknown>)[name];
    if (typeof value === 'string') value = value.trim();
    if (value === '' || value === null || value === undefined) continue;
    out[name] = value;
  }
  return out;
}

/**
 * The message for an error at a path inside the record (`columns/2/title` from ajv, `.columns.2.title` from rjsf):
 * a row of a rows field says which row, `报表列第3行：请输入标题`; other paths read as fieldMessage.
 */
export function pathMessage(entity: EntitySchema, path: string, keyword: string, params: Record<string, unknown>): { field: string; message: string } {
  const parts = path.replace(/^[./]/, '').split(/[./]/).filter(Boolean);
  const field = entity.fields[parts[0]];
  if (field?.type === 'rows' && parts.length >= 2) {
    const row = Number(parts[1]) + 1;
    const sub = parts[2] ?? (keyword === 'required' ? String(params.missingProperty ?? '') : '');
    return { field: parts[0], message: `${field.label}第${row}行：${fieldMessage(field.rowFields?.[sub], keyword, params)}` };
  }
  if (field?.type === 'rows' && keyword === 'maxItems') return { field: parts[0], message: `${field.label}最多${String(params.limit)}行` };
  if (field?.type === 'rows' && keyword === 'minItems') return { field: parts[0], message: `请添加${field.label}` };
  return { field: parts[0] ?? '', message: fieldMessage(field, keyword, params) };
}

/** The message a person reads for one failed rule of one field. */
export function fieldMessage(field: FieldDef | undefined, keyword: string, params: Record<string, unknown>): string {
  const label = field?.label ?? '字段';
  const typeMessage = field && fieldTypeContract(field.type)?.message?.(field, keyword, params);
  if (typeMessage) return typeMessage;
  if (field?.type === 'image' || field?.type === 'file') {
    if (keyword === 'required' || keyword === 'minLength') return `请上传${label}`;
    if (keyword === 'pattern') return '只能使用通过上传得到的文件';
    if (keyword === 'maxLength') return `${label}的文件太多`;
  }
  if (field && PICKED_TYPES.has(field.type) && (keyword === 'required' || keyword === 'minLength')) return `请选择${label}`;
  if (field?.type === 'user' && keyword === 'pattern') return `${label}只能选择一个用户`;
  if (field?.type === 'department' && keyword === 'pattern') return `${label}只能选择一个部门`;
  if (field?.type === 'tags' && keyword === 'pattern') return `${label}的标签不能为空，也不能含逗号或分号`;
  switch (keyword) {
    case 'required':
      return `请输入${label}`;
    case 'minLength':
      return field?.required && params.limit === 1 ? `请输入${label}` : `${label}不能少于${String(params.limit)}个字符`;
    case 'maxLength':
      return `${label}不能超过${String(params.limit)}个字符`;
    case 'minimum':
      return `${label}不能小于${String(params.limit)}`;
    case 'maximum':
      return `${label}不能大于${String(params.limit)}`;
    case 'multipleOf':
      return `${label}最多保留两位小数`;
    case 'type':
      return `${label}的类型不正确`;
    case 'pattern':
      if (params.pattern === NOT_BLANK) return `请输入${label}`;
      return field?.message ?? `${label}格式不正确`;
    case 'format':
      if (field?.message) return field.message;
      // formatWhen: the format that failed is the one the condition chose.
      if (field?.formatWhen && formatOfJsonName(params.format)) return FORMAT_MESSAGES[formatOfJsonName(params.format)!];
      if (field?.format) return FORMAT_MESSAGES[field.format];
      if (field?.type === 'date') return `${label}应为日期（YYYY-MM-DD）`;
      if (field?.type === 'datetime') return `${label}应为时间（YYYY-MM-DD HH:mm:ss）`;
      return `${label}格式不正确`;
    default:
      return `${label}不符合要求`;
  }
}

function formatOfJsonName(name: unknown): FieldFormat | undefined {
  return (Object.keys(JSON_SCHEMA_FORMAT) as FieldFormat[]).find((format) => JSON_SCHEMA_FORMAT[format] === name);
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
