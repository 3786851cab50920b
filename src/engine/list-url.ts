/**
 * A list screen's state (filters, page, page size, sort, advanced query) ⇄ the route's query string, so a list can
 * be linked, reloaded, and walked back and forward. The parameter names are contracts/list-params.ts's; this module
 * adds what the schema decides: defaults (left out, so a list at rest has a bare URL), the allowed page sizes,
 * the sortable columns and `state=<key>` presets. Parameters the list does not own are kept as they were.
 * `state=<key>` (JeecgBoot bell links) starts the query with the schema's `list.states[key]`; the list's next step
 * writes those values out as ordinary parameters and drops `state`, so clearing a preset filter stays cleared.
 */
import type { EntitySchema } from '../contracts/index.ts';
import { listAddressNames, readListAddress, writeListAddress } from '../contracts/list-params.ts';
import type { ListSort, QueryValues, SuperQuery } from '../contracts/list-params.ts';
import { queryFields } from './fields.ts';
import { defaultSort, resolveSort } from './list-query.ts';

export { STATE_PARAM } from '../contracts/list-params.ts';

export interface ListState {
  query: QueryValues;
  page: number;
  pageSize: number;
  sort: ListSort | undefined;
  /** JeecgBoot's 高级查询; absent when there is none. */
  superQuery?: SuperQuery;
}

export const DEFAULT_PAGE_SIZES: readonly number[] = [10, 20, 30];

export function pageSizesOf(entity: EntitySchema): readonly number[] {
  return entity.list.pageSizes?.length ? entity.list.pageSizes : DEFAULT_PAGE_SIZES;
}

export function defaultListState(entity: EntitySchema): ListState {
  return { query: {}, page: 1, pageSize: pageSizesOf(entity)[0], sort: defaultSort(entity) };
}

/** Reads the state from a query string; anything malformed falls back to its default. */
export function listStateFromSearch(entity: EntitySchema, search: string): ListState {
  const read = readListAddress(queryFields(entity), new URLSearchParams(search));
  const state: ListState = {
    query: { ...statePreset(entity, read.preset), ...read.query },
    page: Number.isInteger(read.page) && read.page >= 1 ? read.page : 1,
    pageSize: pageSizesOf(entity).includes(read.pageSize) ? read.pageSize : defaultListState(entity).pageSize,
    sort: resolveSort(entity, read.column, read.order),
  };
  if (read.superQuery) state.superQuery = read.superQuery;
  return state;
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

/** The state as parameters, defaults left out, in a stable order. */
export function listStateParams(entity: EntitySchema, state: ListState): URLSearchParams {
  const fallback = defaultListState(entity);
  const sort = state.sort;
  const sortIsDefault = !sort || (sort.field === fallback.sort?.field && sort.order === fallback.sort?.order);
  return writeListAddress(queryFields(entity), {
    query: state.query,
    page: state.page > 1 ? state.page : undefined,
    pageSize: state.pageSize !== fallback.pageSize ? state.pageSize : undefined,
    sort: sortIsDefault ? undefined : sort,
    superQuery: state.superQuery,
  });
}

/** One string per distinct state: two states with the same key show the same rows. */
export function listStateKey(entity: EntitySchema, state: ListState): string {
  return listStateParams(entity, state).toString();
}

/** The query string for `state`, keeping parameters of `currentSearch` the list does not own ("" when empty). */
export function listStateToSearch(entity: EntitySchema, state: ListState, currentSearch = ''): string {
  const owned = listAddressNames(queryFields(entity), Boolean(entity.list.states));
  const params = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(currentSearch)) if (!owned.has(name)) params.append(name, value);
  for (const [name, value] of listStateParams(entity, state)) params.append(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
