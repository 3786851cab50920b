/**
 * Entity schema → JSON Schema for writes, plus the human messages for each kind of failure. The browser feeds the
 * JSON Schema to rjsf (validator-ajv8) and the server compiles the same object with ajv, both registering the
 * formats below — one validation source for both sides.
 */
import type { EntitySchema, FieldDef, FieldFormat } from '../entity.ts';
import { FORMAT_CHECKS, FORMAT_MESSAGES, JSON_SCHEMA_FORMAT } from './formats.ts';
import { NOW_DEFAULT } from '../field-values.ts';
import { fieldTypeContract, fieldTypeFormats } from '../../../field-types/index.ts';
import { NOT_BLANK } from '../../../field-types/contract.ts';
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
  ...fieldTypeFormats(),
};

/** ajv options both sides use. multipleOfPrecision keeps 0.01 steps exact for money. */
export const AJV_OPTIONS = { allErrors: true, strict: false, multipleOfPrecision: 8 } as const;

/**
 * The JSON Schema of one field's value: the type's own (field-types/<type>/contract.ts), titled with the label.
 * `$now` is computed when a record is added (nowDefaults), never a literal JSON Schema default.
 */
export function fieldToJsonSchema(field: FieldDef): JsonSchemaProperty {
  const literal = field.default !== undefined && field.default !== NOW_DEFAULT;
  const base = { title: field.label, ...(literal ? { default: field.default } : {}) };
  return fieldTypeContract(field.type).valueSchema(field, base, (nested) => dropUndefined(fieldToJsonSchema(nested)));
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

/** Decimal text as JSON would write the number: digits, an optional fraction and exponent (no hex, no Infinity). */
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const numericFields = new WeakMap<FieldDef, boolean>();

/** Whether the field's value schema (its type's contract) is a JSON number or integer. */
function takesNumber(field: FieldDef): boolean {
  let known = numericFields.get(field);
  if (known === undefined) {
    const type = fieldToJsonSchema(field).type;
    known = type === 'number' || type === 'integer';
    numericFields.set(field, known);
  }
  return known;
}

/**
 * Empty strings and nulls mean "no value": drop them so `required` reports a missing field, and keep unknown
 * properties out of the record entirely. A number field given decimal text ("2", " 2 ", "2.50") takes the number,
 * as JeecgBoot's Jackson does (the stock JeecgBoot client sends its form's numbers as strings); other text stays
 * text, so the schema still refuses it with the field's message. Not ajv's coerceTypes: that would coerce every
 * type (booleans, strings from numbers) and also reads "0x10" and "Infinity" as numbers. Our forms send numbers,
 * so what the browser validates is unchanged.
 */
export function normaliseRecord(entity: EntitySchema, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of writableFields(entity)) {
    let value = data[name];
    const field = entity.fields[name];
    if (typeof value === 'string') {
      const text = value.trim();
      value = DECIMAL_TEXT.test(text) && takesNumber(field) ? Number(text) : text;
    } else if (value !== null && value !== undefined) value = fieldTypeContract(field.type).normalise?.(field, value) ?? value;
    if (value === '' || value === null || value === undefined) continue;
    out[name] = value;
  }
  return out;
}

/**
 * The message for an error at a path inside the record (`columns/2/title` from ajv, `.columns.2.title` from rjsf):
 * the field's type may read the rest of the path (a rows field says which row); other paths read as fieldMessage.
 */
export function pathMessage(entity: EntitySchema, path: string, keyword: string, params: Record<string, unknown>): { field: string; message: string } {
  const parts = path.replace(/^[./]/, '').split(/[./]/).filter(Boolean);
  const field = entity.fields[parts[0]];
  const typed = field && fieldTypeContract(field.type).pathMessage?.(field, parts.slice(1), keyword, params, fieldMessage);
  if (typed) return { field: parts[0], message: typed };
  return { field: parts[0] ?? '', message: fieldMessage(field, keyword, params) };
}

/** True when the field's messages name it already (a rows field's name the row), so no label goes before them. */
export function messagesNameField(field: FieldDef | undefined): boolean {
  return field !== undefined && fieldTypeContract(field.type).labelledMessages === true;
}

/** The message a person reads for one failed rule of one field. */
export function fieldMessage(field: FieldDef | undefined, keyword: string, params: Record<string, unknown>): string {
  const label = field?.label ?? '字段';
  // The type's own message (an upload's 请上传…, a picker's 请选择…) comes before the generic ones.
  const typeMessage = field && fieldTypeContract(field.type).message?.(field, keyword, params);
  if (typeMessage) return typeMessage;
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
