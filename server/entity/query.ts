/**
 * JeecgBoot's QueryGenerator semantics (contract §1.3) over an allow-list: only properties declared in the entity
 * schema (or system columns) become SQL identifiers, and every value is a bound parameter. Unknown parameters are
 * ignored, as JeecgBoot does; malformed values for known fields are refused with a message naming the field.
 */
import { sql, type RawBuilder } from 'kysely';
import type { FieldDef } from '../../src/contracts/entity.ts';
import { fieldTypeContract } from '../../field-types/index.ts';
import { fieldTypeServer } from '../../field-types/server.ts';
import type { ComparisonRule } from '../../field-types/server-part.ts';
import { BusinessError } from '../core/errors.ts';
import { SYSTEM_COLUMNS, type EntityRuntime } from './registry.ts';
import { capabilityFilterUsesClock, capabilityListFilter } from '../../capabilities/server.ts';
import { sortableValue, visibleOnly, type FieldVisibility } from './field-visibility.ts';

type Condition = RawBuilder<unknown>;
type Comparison = ComparisonRule;
/** The rule codes of advanced queries and data rules. */
export type RuleCode = Comparison | 'in' | 'like' | 'left_like' | 'right_like';
export type QueryParams = Record<string, string | string[] | undefined>;

const RESERVED = new Set([
  'pageNo', 'pageSize', 'column', 'order', '_t', 'superQueryParams', 'superQueryMatchType', 'field',
  'class', 'ids', 'page', 'rows', 'sort', 'token',
]);

const COMPARISONS: Record<string, string> = { gt: '>', ge: '>=', lt: '<', le: '<=', eq: '=', ne: '<>' };
const OPERATORS: Record<string, Comparison> = { '>': 'gt', '>=': 'ge', '<': 'lt', '<=': 'le', '=': 'eq', '!=': 'ne' };

function label(entity: EntityRuntime, property: string): string {
  return entity.schema.fields[property]?.label ?? SYSTEM_COLUMNS[property]?.label ?? property;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Converts one textual value to the field's type (its server part's filterValue), refusing what cannot be that type. */
function typedValue(entity: EntityRuntime, property: string, raw: string, bound: 'begin' | 'end' | 'exact'): unknown {
  const type = entity.types.get(property);
  const typed = type ? fieldTypeServer(type).filterValue?.(raw, bound) : undefined;
  if (!typed) return raw;
  if ('error' in typed) throw new BusinessError(`${label(entity, property)}${typed.error}`);
  return typed.value;
}

function columnRef(entity: EntityRuntime, property: string): RawBuilder<unknown> {
  return sql.id(entity.columns.get(property)!) as unknown as RawBuilder<unknown>;
}

function textRef(entity: EntityRuntime, property: string): RawBuilder<unknown> {
  const type = entity.types.get(property);
  const column = columnRef(entity, property);
  return type && fieldTypeServer(type).textColumn ? column : sql`cast(${column} as text)`;
}

function likeCondition(entity: EntityRuntime, property: string, pattern: string): Condition {
  return sql`${textRef(entity, property)} ilike ${pattern} escape '\\'`;
}

/** A typed comparison; a type may read it its own way (a bare day against a datetime is the whole day). */
function comparison(entity: EntityRuntime, property: string, rule: Comparison, raw: string): Condition {
  const column = columnRef(entity, property);
  const value = raw.trim();
  const type = entity.types.get(property);
  const own = type ? fieldTypeServer(type).comparison?.(column, rule, value) : undefined;
  if (own) return own;
  return sql`${column} ${sql.raw(COMPARISONS[rule])} ${typedValue(entity, property, value, 'exact')}`;
}

function inCondition(entity: EntityRuntime, property: string, values: string[]): Condition | null {
  const parts = values.map((p) => p.trim()).filter(Boolean).map((p) => typedValue(entity, property, p, 'exact'));
  return parts.length ? sql`${columnRef(entity, property)} in (${sql.join(parts)})` : null;
}

/** One `field=value` filter in JeecgBoot's value syntax. */
function valueCondition(entity: EntityRuntime, property: string, raw: string): Condition | null {
  const value = raw.trim();
  if (value === '') return null;
  const column = columnRef(entity, property);
  const op = /^(>=|<=|!=|>|<|=) (.+)$/.exec(value);
  if (op) return comparison(entity, property, OPERATORS[op[1]], op[2]);
  if (value.length > 1 && value.startsWith('*') && value.endsWith('*')) {
    return likeCondition(entity, property, `%${escapeLike(value.slice(1, -1))}%`);
  }
  if (value.length > 1 && value.startsWith('*')) return likeCondition(entity, property, `%${escapeLike(value.slice(1))}`);
  if (value.length > 1 && value.endsWith('*')) return likeCondition(entity, property, `${escapeLike(value.slice(0, -1))}%`);
  if (value.length > 2 && value.startsWith(',') && value.endsWith(',')) {
    const parts = value.slice(1, -1).split(',').filter(Boolean);
    return sql`(${sql.join(parts.map((p) => likeCondition(entity, property, `%${escapeLike(p)}%`)), sql` or `)})`;
  }
  // `abc++def` is the one way to ask for a value containing a comma.
  if (value.includes('++')) return sql`${column} = ${typedValue(entity, property, value.replaceAll('++', ','), 'exact')}`;
  if (value.includes(',')) return inCondition(entity, property, value.split(','));
  if (value.length > 1 && value.startsWith('!')) return comparison(entity, property, 'ne', value.slice(1));
  // A field JeecgBoot searches with LIKE (schema filterMatch): a bare value is a contains search.
  if (entity.schema.fields[property]?.filterMatch === 'contains') return likeCondition(entity, property, `%${escapeLike(value)}%`);
  return comparison(entity, property, 'eq', value);
}

interface SuperQueryItem {
  field?: unknown;
  rule?: unknown;
  val?: unknown;
}

/** Rule symbols and codes (`>=` or `ge`, `LEFT_LIKE` or `left_like`) to one code. */
export const SUPER_RULES: Record<string, RuleCode> = {
  '>': 'gt', gt: 'gt', '>=': 'ge', ge: 'ge', '<': 'lt', lt: 'lt', '<=': 'le', le: 'le', '=': 'eq', eq: 'eq',
  '!=': 'ne', ne: 'ne', IN: 'in', in: 'in', LIKE: 'like', like: 'like', LEFT_LIKE: 'left_like',
  left_like: 'left_like', RIGHT_LIKE: 'right_like', right_like: 'right_like',
};

/** One typed condition of an advanced query or data rule on an allow-listed property; values always bound. */
export function ruleCondition(entity: EntityRuntime, property: string, rule: RuleCode, val: string): Condition | null {
  if (rule === 'like') return likeCondition(entity, property, `%${escapeLike(val)}%`);
  if (rule === 'left_like') return likeCondition(entity, property, `%${escapeLike(val)}`);
  if (rule === 'right_like') return likeCondition(entity, property, `${escapeLike(val)}%`);
  if (rule === 'in') return inCondition(entity, property, val.split(','));
  return comparison(entity, property, rule, val);
}

function superQueryConditions(entity: EntityRuntime, rawParams: string, matchType: string, visibility?: FieldVisibility): Condition | null {
  let items: unknown;
  try {
    items = JSON.parse(rawParams);
  } catch {
    throw new BusinessError('高级查询条件格式不正确');
  }
  if (!Array.isArray(items)) throw new BusinessError('高级查询条件格式不正确');
  const conditions: Condition[] = [];
  for (const item of items as SuperQueryItem[]) {
    // Entries with an empty field, rule or value are dropped, as JeecgBoot does.
    if (typeof item?.field !== 'string' || typeof item.rule !== 'string') continue;
    const val = item.val === undefined || item.val === null ? '' : String(item.val).trim();
    if (item.field === '' || item.rule === '' || val === '') continue;
    const property = item.field;
    if (!entity.columns.has(property)) throw new BusinessError(`高级查询的字段不存在：${property}`);
    assertFilterable(entity, property, visibility);
    const rule = SUPER_RULES[item.rule];
    if (!rule) throw new BusinessError(`高级查询的规则不支持：${item.rule}`);
    const condition = ruleCondition(entity, property, rule, val);
    if (condition) conditions.push(visibleOnly(visibility, property, condition));
  }
  if (conditions.length === 0) return null;
  return sql`(${sql.join(conditions, matchType === 'or' ? sql` or ` : sql` and `)})`;
}

/** Columns a request may filter on: a secret type's values never (a LIKE would let a caller guess password hashes). */
function filterable(entity: EntityRuntime, property: string): boolean {
  const type = entity.types.get(property);
  return entity.columns.has(property) && !(type && fieldTypeContract(type).secret);
}

/** A declared field the caller is never shown is not a filter either: refused, so nothing is learnt from the answer. */
function assertFilterable(entity: EntityRuntime, property: string, visibility: FieldVisibility | undefined): void {
  if (!filterable(entity, property) || visibility?.hidden.has(property)) throw new BusinessError(`${label(entity, property)}不能作为查询条件`);
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * All WHERE conditions a list request asks for, as `visibility` allows: a hidden field is refused, a field withheld
 * on some rows matches none of them (default: everything but password hashes, for staff-only system lists).
 */
export function buildFilters(entity: EntityRuntime, params: QueryParams, visibility?: FieldVisibility): Condition[] {
  const conditions: Condition[] = [];
  const add = (property: string, condition: Condition | null) => {
    if (condition) conditions.push(visibleOnly(visibility, property, condition));
  };
  for (const [key, rawValue] of Object.entries(params)) {
    if (RESERVED.has(key)) continue;
    const value = first(rawValue);
    if (value === undefined || value === '') continue;
    const range = /^(.+)_(begin|end)$/.exec(key);
    if (range && filterable(entity, range[1])) {
      const bound = range[2] as 'begin' | 'end';
      assertFilterable(entity, range[1], visibility);
      const typed = typedValue(entity, range[1], value.trim(), bound);
      add(range[1], sql`${columnRef(entity, range[1])} ${sql.raw(bound === 'begin' ? '>=' : '<=')} ${typed}`);
      continue;
    }
    // A parameter a capability filters on (list.expiryQuery's `expiry`).
    const own = capabilityListFilter(entity, key, value.trim());
    if (own !== undefined) {
      if (own) conditions.push(own);
      continue;
    }
    const multi = /^(.+)_MultiString$/.exec(key);
    if (multi && filterable(entity, multi[1])) {
      assertFilterable(entity, multi[1], visibility);
      add(multi[1], inCondition(entity, multi[1], value.split(',')));
      continue;
    }
    if (!filterable(entity, key)) continue;
    assertFilterable(entity, key, visibility);
    add(key, valueCondition(entity, key, value));
  }
  const superQuery = first(params.superQueryParams);
  if (superQuery) {
    const matchType = first(params.superQueryMatchType) === 'or' ? 'or' : 'and';
    const condition = superQueryConditions(entity, superQuery, matchType, visibility);
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/** Whether the filters of `params` depend on today's date (so a memo of them must not outlive the day). */
export function filtersUseClock(entity: EntityRuntime, params: QueryParams): boolean {
  return Object.keys(params).some((param) => capabilityFilterUsesClock(entity, param) && Boolean(first(params[param])));
}

/** One ORDER BY term of a list: a schema-allowed column and its direction (always `nulls last`). */
export interface OrderTerm {
  column: RawBuilder<unknown>;
  descending: boolean;
  /** The column can hold no NULL (a NOT NULL column of the DDL), so a keyset read needs no branch for NULLs. */
  notNull?: boolean;
}

/** Sortable properties whose column is NOT NULL in every entity table (server/entity/tables.ts). */
const NOT_NULL_PROPERTIES = new Set(['createTime']);

/**
 * The sort of a list request from `column`/`order`; only schema-allowed columns, anything else is refused with
 * JeecgBoot's message. A field hidden from the caller is refused too; one withheld on some rows sorts them as empty.
 */
export function orderTerms(entity: EntityRuntime, params: QueryParams, visibility?: FieldVisibility): OrderTerm[] {
  const requested = first(params.column);
  const fallback = entity.schema.list.defaultSort ?? { field: 'createTime', order: 'desc' };
  const properties = requested
    ? requested.split(',').map((c) => c.trim().replace(/_dictText$/, '')).filter(Boolean)
    : [fallback.field];
  return properties.map((property) => {
    if (!entity.sortable.has(property)) throw new BusinessError(`请注意，将要排序的列字段不存在：${property}`);
    if (visibility?.hidden.has(property)) throw new BusinessError(`${label(entity, property)}不能用于排序`);
    const descending = requested ? first(params.order) !== 'asc' : fallback.order !== 'asc';
    const withheld = visibility?.withheld.has(property) ?? false;
    const column = sortableValue(visibility, property, columnRef(entity, property));
    return { column, descending, notNull: !withheld && NOT_NULL_PROPERTIES.has(property) };
  });
}

/**
 * ORDER BY of the terms above; the id tie-breaker keeps paging stable when many rows share a sort value. A tree read
 * whole (schema tree.wholeList) breaks ties by ascending id instead: the order rows were added in, as JeecgBoot reads it.
 */
export function orderSql(terms: readonly OrderTerm[], tieBreak: 'asc' | 'desc' = 'desc'): RawBuilder<unknown> {
  const parts = terms.map((term) => sql`${term.column} ${sql.raw(term.descending ? 'desc' : 'asc')} nulls last`);
  return sql.join([...parts, tieBreak === 'asc' ? sql`id asc` : sql`id desc`]);
}

export function buildOrder(entity: EntityRuntime, params: QueryParams, visibility?: FieldVisibility, tieBreak: 'asc' | 'desc' = 'desc'): RawBuilder<unknown> {
  return orderSql(orderTerms(entity, params, visibility), tieBreak);
}

export function pageParams(params: QueryParams): { pageNo: number; pageSize: number } {
  const pageNo = Math.max(1, Math.floor(Number(first(params.pageNo) ?? 1)) || 1);
  const pageSize = Math.min(1000, Math.max(1, Math.floor(Number(first(params.pageSize) ?? 10)) || 10));
  return { pageNo, pageSize };
}
