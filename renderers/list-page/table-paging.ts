/**
 * A click on the table's pager or a sortable header → the next page, page size and sort. A new sort or page size
 * starts again at page 1, as JeecgBoot lists do; only declared sortable columns are taken (resolveSort).
 */
import type { TablePaginationConfig, TableProps } from 'antd';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import { resolveSort } from '../../src/engine/list-query.ts';
import type { ListSort } from '../../src/providers/data.ts';

export type TableSorter = Parameters<NonNullable<TableProps<WireRecord>['onChange']>>[2];

export interface TablePaging {
  page: number;
  pageSize: number;
  sort: ListSort | undefined;
}

export function nextTablePaging(entity: EntitySchema, current: TablePaging, pagination: TablePaginationConfig, sorter: TableSorter): TablePaging {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = typeof single?.field === 'string' ? single.field : undefined;
  const order = single?.order === 'ascend' ? 'asc' : single?.order === 'descend' ? 'desc' : undefined;
  const sort = resolveSort(entity, field, order);
  const sortChanged = sort?.field !== current.sort?.field || sort?.order !== current.sort?.order;
  const pageSize = pagination.pageSize ?? current.pageSize;
  return { sort, pageSize, page: sortChanged || pageSize !== current.pageSize ? 1 : (pagination.current ?? 1) };
}
