/**
 * The list screen's state in provider terms: query-form values → filters, URL parameters → initial values,
 * table sorter → sort. Values arrive already as strings/numbers (the renderer formats dates as YYYY-MM-DD).
 */
import type { EntitySchema } from '../contracts/index.ts';
import type { ListFilter, ListSort, Scalar } from '../providers/data.ts';
import { queryFields } from './fields.ts';

export type RangeValue = [Scalar | undefined, Scalar | undefined];
export type QueryValue = Scalar | RangeValue | null | undefined;
export type QueryValues = Record<string, QueryValue>;

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
 * list declares as query inputs are taken; ranges read `<field>_begin` / `<field>_end`.
 */
export function queryValuesFromSearch(entity: EntitySchema, search: URLSearchParams): QueryValues {
  const values: QueryValues = {};
  for (const { field, mode } of queryFields(entity)) {
    if (mode === 'range') {
      const begin = search.get(`${field}_begin`) ?? undefined;
      const end = search.get(`${field}_end`) ?? undefined;
      if (begin !== undefined || end !== undefined) values[field] = [begin, end];
      continue;
    }
    const value = search.get(field);
    if (value !== null && value !== '') values[field] = value;
  }
  return values;
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
