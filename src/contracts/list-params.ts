/**
 * The JeecgBoot list parameters (contract §1.3), spelt in this module only: a list request's paging, sort, filters
 * and advanced query as wire parameters, and a list screen's state as its address's query string. Everything else
 * in the browser speaks in ListRequest / ListFilter / query values. Contracts is the bottom layer, so the providers
 * (wire) and the engine (address) share it without knowing each other.
 */
import type { QueryMode } from './entity.ts';

export type Scalar = string | number | boolean;
export type SortOrder = 'asc' | 'desc';

export interface ListSort {
  field: string;
  order: SortOrder;
}

export type ListFilter =
  | { field: string; op: 'contains'; value: string }
  | { field: string; op: 'eq'; value: Scalar }
  /** Either end may be missing; dates travel as YYYY-MM-DD. */
  | { field: string; op: 'between'; value: [Scalar | undefined, Scalar | undefined] };

/** JeecgBoot's advanced query (高级查询): rules by code, ANDed or ORed among themselves. */
export type SuperQueryRule = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'in' | 'like' | 'left_like' | 'right_like';
export interface SuperQueryItem {
  field: string;
  rule: SuperQueryRule;
  val: string;
}
export interface SuperQuery {
  matchType: 'and' | 'or';
  items: SuperQueryItem[];
}

/** One list read as the screens state it; `listRequestParams` spells it for the server. */
export interface ListRequest {
  page: number;
  pageSize: number;
  sort?: ListSort;
  filters?: ListFilter[];
  superQuery?: SuperQuery;
}

export type WireParams = Record<string, Scalar>;

const PAGE_NO = 'pageNo';
const PAGE_SIZE = 'pageSize';
const COLUMN = 'column';
const ORDER = 'order';
const SUPER_QUERY_PARAMS = 'superQueryParams';
const SUPER_QUERY_MATCH_TYPE = 'superQueryMatchType';
/** `?state=<key>` (the bell's links) opens a list on the schema's `list.states[key]` preset. */
export const STATE_PARAM = 'state';

const beginName = (field: string) => `${field}_begin`;
const endName = (field: string) => `${field}_end`;

/** Paging and sort travel as numbers and names only (no booleans), so any parameter map takes them. */
export type PagingParams = Record<string, string | number>;

export function pageParams(page: number, pageSize: number): PagingParams {
  return { [PAGE_NO]: page, [PAGE_SIZE]: pageSize };
}

export function sortParams(sort: ListSort | undefined): PagingParams {
  return sort ? { [COLUMN]: sort.field, [ORDER]: sort.order } : {};
}

/** Items with an empty field or value say nothing (the server drops them too), so they are not sent. */
function meaningfulItems(superQuery: SuperQuery | undefined): SuperQueryItem[] {
  return (superQuery?.items ?? []).filter((item) => item.field !== '' && item.val.trim() !== '');
}

function superQueryParams(superQuery: SuperQuery | undefined): WireParams {
  const items = meaningfulItems(superQuery);
  if (!superQuery || items.length === 0) return {};
  return { [SUPER_QUERY_PARAMS]: JSON.stringify(items), [SUPER_QUERY_MATCH_TYPE]: superQuery.matchType };
}

function filterParams(filters: readonly ListFilter[]): WireParams {
  const params: WireParams = {};
  for (const filter of filters) {
    switch (filter.op) {
      case 'contains':
        if (filter.value !== '') params[filter.field] = `*${filter.value}*`;
        break;
      case 'eq':
        // A bare comma means IN on the server; `++` is the dialect's escaped comma (contract §1.3).
        params[filter.field] = typeof filter.value === 'string' ? filter.value.replaceAll(',', '++') : filter.value;
        break;
      case 'between': {
        const [begin, end] = filter.value;
        if (begin !== undefined && begin !== '') params[beginName(filter.field)] = begin;
        if (end !== undefined && end !== '') params[endName(filter.field)] = end;
        break;
      }
    }
  }
  return params;
}

/** A list read's query-string parameters. */
export function listRequestParams(request: ListRequest): WireParams {
  return {
    ...pageParams(request.page, request.pageSize),
    ...sortParams(request.sort),
    ...filterParams(request.filters ?? []),
    ...superQueryParams(request.superQuery),
  };
}

/** The same without paging: an export takes every matching row. */
export function criteriaParams(criteria: Omit<ListRequest, 'page' | 'pageSize'>): WireParams {
  return { ...sortParams(criteria.sort), ...filterParams(criteria.filters ?? []), ...superQueryParams(criteria.superQuery) };
}

// ---- The address form: a list's state in its route's query string (links, back/forward, reload) ----

export type RangeValue = [Scalar | undefined, Scalar | undefined];
export type QueryValue = Scalar | RangeValue | null | undefined;
/** Query-form values by field: plain values as typed, ranges as [begin, end] (not yet filters). */
export type QueryValues = Record<string, QueryValue>;

/** One query input of a list: its field and how it matches. */
export interface QueryInput {
  field: string;
  mode: QueryMode;
}

/**
 * A list's state as its address spells it, before the screen checks it against its schema. What is undefined is
 * left out of the address (the screen passes undefined for its defaults, so a list at rest has a bare URL).
 */
export interface ListAddress {
  query: QueryValues;
  page?: number;
  pageSize?: number;
  sort?: ListSort;
  superQuery?: SuperQuery;
}

/** What an address says, unchecked: numbers may be NaN, the column may not be sortable, `preset` may be unknown. */
export interface ListAddressRead {
  query: QueryValues;
  page: number;
  pageSize: number;
  column: string | undefined;
  order: SortOrder | undefined;
  preset: string | null;
  superQuery: SuperQuery | undefined;
}

export function readQueryValues(inputs: readonly QueryInput[], params: URLSearchParams): QueryValues {
  const values: QueryValues = {};
  for (const { field, mode } of inputs) {
    if (mode === 'range') {
      const begin = params.get(beginName(field)) ?? undefined;
      const end = params.get(endName(field)) ?? undefined;
      if (begin !== undefined || end !== undefined) values[field] = [begin, end];
      continue;
    }
    const value = params.get(field);
    if (value !== null && value !== '') values[field] = value;
  }
  return values;
}

export function readListAddress(inputs: readonly QueryInput[], params: URLSearchParams): ListAddressRead {
  const order = params.get(ORDER);
  return {
    query: readQueryValues(inputs, params),
    page: Number(params.get(PAGE_NO)),
    pageSize: Number(params.get(PAGE_SIZE)),
    column: params.get(COLUMN) ?? undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
    preset: params.get(STATE_PARAM),
    superQuery: readSuperQuery(params),
  };
}

const RULES: ReadonlySet<string> = new Set<SuperQueryRule>(['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'like', 'left_like', 'right_like']);

/** A hand-edited or stale address may carry anything: only well-formed items are taken. */
function readSuperQuery(params: URLSearchParams): SuperQuery | undefined {
  const raw = params.get(SUPER_QUERY_PARAMS);
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const items = parsed.filter(
    (item): item is SuperQueryItem =>
      typeof item === 'object' && item !== null && typeof item.field === 'string' && typeof item.rule === 'string' && RULES.has(item.rule) && typeof item.val === 'string',
  );
  const kept = meaningfulItems({ matchType: 'and', items: items.map(({ field, rule, val }) => ({ field, rule, val })) });
  return kept.length > 0 ? { matchType: params.get(SUPER_QUERY_MATCH_TYPE) === 'or' ? 'or' : 'and', items: kept } : undefined;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The address's parameters, in a stable order: query inputs, then paging, sort and advanced query. */
export function writeListAddress(inputs: readonly QueryInput[], address: ListAddress): URLSearchParams {
  const params = new URLSearchParams();
  for (const { field, mode } of inputs) {
    const value = address.query[field];
    if (mode === 'range') {
      if (!Array.isArray(value)) continue;
      if (!isBlank(value[0])) params.set(beginName(field), String(value[0]));
      if (!isBlank(value[1])) params.set(endName(field), String(value[1]));
    } else if (!isBlank(value) && !Array.isArray(value)) {
      params.set(field, String(value));
    }
  }
  if (address.page !== undefined) params.set(PAGE_NO, String(address.page));
  if (address.pageSize !== undefined) params.set(PAGE_SIZE, String(address.pageSize));
  for (const [name, value] of Object.entries({ ...sortParams(address.sort), ...superQueryParams(address.superQuery) })) params.set(name, String(value));
  return params;
}

/** The names a list's address owns: its query inputs, paging, sort, advanced query and, with presets, `state`. */
export function listAddressNames(inputs: readonly QueryInput[], withPresets: boolean): Set<string> {
  const owned = new Set<string>([PAGE_NO, PAGE_SIZE, COLUMN, ORDER, SUPER_QUERY_PARAMS, SUPER_QUERY_MATCH_TYPE]);
  if (withPresets) owned.add(STATE_PARAM);
  for (const { field, mode } of inputs) {
    if (mode === 'range') {
      owned.add(beginName(field));
      owned.add(endName(field));
    } else {
      owned.add(field);
    }
  }
  return owned;
}
