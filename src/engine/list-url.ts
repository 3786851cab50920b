/**
 * A list screen's state (filters, page, page size, sort) ⇄ the route's query string, so a list can be linked,
 * reloaded, and walked back and forward. Parameters follow the JeecgBoot request names: the query fields by name
 * (ranges as `<field>_begin` / `<field>_end`), `pageNo`, `pageSize`, `column`, `order`. Defaults are left out so a
 * list at rest has a bare URL; parameters the list does not own are kept as they were. `state=<key>` (JeecgBoot
 * bell links) starts the query with the schema's `list.states[key]`; the list's next step writes those values out
 * as ordinary parameters and drops `state`, so clearing a preset filter stays cleared.
 */
import type { EntitySchema } from '../contracts/index.ts';
import type { ListSort } from '../providers/data.ts';
import { queryFields } from './fields.ts';
import { defaultSort, queryValuesFromSearch, resolveSort } from './list-query.ts';
import type { QueryValues } from './list-query.ts';

export interface ListState {
  query: QueryValues;
  page: number;
  pageSize: number;
  sort: ListSort | undefined;
}

export const DEFAULT_PAGE_SIZES: readonly number[] = [10, 20, 30];
const PAGING_PARAMS = ['pageNo', 'pageSize', 'column', 'order'] as const;
export const STATE_PARAM = 'state';

export function pageSizesOf(entity: EntitySchema): readonly number[] {
  return entity.list.pageSizes?.length ? entity.list.pageSizes : DEFAULT_PAGE_SIZES;
}

export function defaultListState(entity: EntitySchema): ListState {
  return { query: {}, page: 1, pageSize: pageSizesOf(entity)[0], sort: defaultSort(entity) };
}

/** Reads the state from a query string; anything malformed falls back to its default. */
export function listStateFromSearch(entity: EntitySchema, search: string): ListState {
  const params = new URLSearchParams(search);
  const fallback = defaultListState(entity);
  const page = Number(params.get('pageNo'));
  const pageSize = Number(params.get('pageSize'));
  const order = params.get('order');
  return {
    query: { ...statePreset(entity, params.get(STATE_PARAM)), ...queryValuesFromSearch(entity, params) },
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: pageSizesOf(entity).includes(pageSize) ? pageSize : fallback.pageSize,
    sort: resolveSort(entity, params.get('column') ?? undefined, order === 'asc' || order === 'desc' ? order : undefined),
  };
}

/** The query values `list.states[key]` presets; only the list's own non-range query fields, nothing for unknown keys. */
export function statePreset(entity: EntitySchema, key: string | null): QueryValues {
  const states = entity.list.states;
  const preset = key !== null && states && Object.hasOwn(states, key) ? states[key] : undefined;
  if (!preset) return {};
  const values: QueryValues = {};
  for (const { field, mode } of queryFields(entity)) if (mode !== 'range' && Object.hasOwn(preset, field)) values[field] = preset[field];
  return values;
}

/** The parameter names the list owns: its query inputs, the paging/sort names and, with presets, `state`. */
function ownedParams(entity: EntitySchema): Set<string> {
  const owned = new Set<string>(PAGING_PARAMS);
  if (entity.list.states) owned.add(STATE_PARAM);
  for (const { field, mode } of queryFields(entity)) {
    if (mode === 'range') {
      owned.add(`${field}_begin`);
      owned.add(`${field}_end`);
    } else {
      owned.add(field);
    }
  }
  return owned;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The state as parameters, defaults left out, in a stable order. */
export function listStateParams(entity: EntitySchema, state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const { field, mode } of queryFields(entity)) {
    const value = state.query[field];
    if (mode === 'range') {
      if (!Array.isArray(value)) continue;
      if (!isBlank(value[0])) params.set(`${field}_begin`, String(value[0]));
      if (!isBlank(value[1])) params.set(`${field}_end`, String(value[1]));
    } else if (!isBlank(value) && !Array.isArray(value)) {
      params.set(field, String(value));
    }
  }
  const fallback = defaultListState(entity);
  if (state.page > 1) params.set('pageNo', String(state.page));
  if (state.pageSize !== fallback.pageSize) params.set('pageSize', String(state.pageSize));
  const sort = state.sort;
  if (sort && (sort.field !== fallback.sort?.field || sort.order !== fallback.sort?.order)) {
    params.set('column', sort.field);
    params.set('order', sort.order);
  }
  return params;
}

/** One string per distinct state: two states with the same key show the same rows. */
export function listStateKey(entity: EntitySchema, state: ListState): string {
  return listStateParams(entity, state).toString();
}

/** The query string for `state`, keeping parameters of `currentSearch` the list does not own ("" when empty). */
export function listStateToSearch(entity: EntitySchema, state: ListState, currentSearch = ''): string {
  const owned = ownedParams(entity);
  const params = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(currentSearch)) if (!owned.has(name)) params.append(name, value);
  for (const [name, value] of listStateParams(entity, state)) params.append(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
