/**
 * The list screen's state in provider terms: query-form values → filters, URL parameters → initial values,
 * table sorter → sort. Values arrive already as strings/numbers (the renderer formats dates as YYYY-MM-DD).
 */
import type { EntitySchema } from '../contracts/index.ts';
import { readQueryValues } from '../contracts/list-params.ts';
import type { ListFilter, ListSort, QueryValues, Scalar } from '../contracts/list-params.ts';
import { queryFields } from './fields.ts';

export type { QueryValue, QueryValues, RangeValue } from '../contracts/list-params.ts';

export function buildFilters(entity: EntitySchema, values: QueryValues): ListFilter[] {
  const filters: ListFilter[] = [];
  for (const { field, mode } of queryFields(entity)) {
    const value = values[field];
    if (value === undefined || value === null || value === '') continue;
    if (mode === 'range') {
      if (!Array.isArray(value)) continue;
      const [begin, end] = value;
      if (isBlank(begin) && isBlank(end)) continue;
      filters.push({ field, op: 'between', value: [isBlank(begin) ? undefined : begin, isBlank(end) ? undefined : end] });
    } else if (!Array.isArray(value)) {
      const trimmed = typeof value === 'string' ? value.trim() : value;
      if (trimmed === '') continue;
      filters.push(mode === 'like' ? { field, op: 'contains', value: String(trimmed) } : { field, op: 'eq', value: trimmed });
    }
  }
  return filters;
}

/**
 * Query-string state (e.g. `?reviewStatus=1` from a dashboard link) → initial query values. Only fields the
 * list declares as query inputs are taken (contracts/list-params.ts reads them).
 */
export function queryValuesFromSearch(entity: EntitySchema, search: URLSearchParams): QueryValues {
  return readQueryValues(queryFields(entity), search);
}

export function defaultSort(entity: EntitySchema): ListSort | undefined {
  const sort = entity.list.defaultSort;
  return sort ? { field: sort.field, order: sort.order } : undefined;
}

/** Only columns marked sortable may be sent; anything else falls back to the schema's default sort. */
export function resolveSort(entity: EntitySchema, field: string | undefined, order: 'asc' | 'desc' | undefined): ListSort | undefined {
  if (field && order && isSortableColumn(entity, field)) return { field, order };
  return defaultSort(entity);
}

export function isSortableColumn(entity: EntitySchema, field: string): boolean {
  return entity.list.columns.some((column) => typeof column !== 'string' && column.field === field && column.sortable === true);
}

function isBlank(value: Scalar | undefined): boolean {
  return value === undefined || value === '';
}

/** Table row keys are the record id cut to this many characters (JeecgBoot's list rule). */
export const ROW_KEY_CHARS = 50;

export function rowKeyOf(record: { id?: unknown }): string {
  return String(record.id ?? '').slice(0, ROW_KEY_CHARS);
}
