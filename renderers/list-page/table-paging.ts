/**
 * The antd table's pager and sortable headers over a list controller. A click gives the next page, page size and
 * sort; a new sort or page size starts again at page 1, as JeecgBoot lists do; only declared sortable columns are
 * taken (resolveSort).
 */
import type { TablePaginationConfig, TableProps } from 'antd';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import type { ListController, ListPaging } from '../../src/engine/list-controller.ts';
import { resolveSort } from '../../src/engine/list-query.ts';

export type TableSorter = Parameters<NonNullable<TableProps<WireRecord>['onChange']>>[2];

export function nextTablePaging(entity: EntitySchema, current: ListPaging, pagination: TablePaginationConfig, sorter: TableSorter): ListPaging {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = typeof single?.field === 'string' ? single.field : undefined;
  const order = single?.order === 'ascend' ? 'asc' : single?.order === 'descend' ? 'desc' : undefined;
  const sort = resolveSort(entity, field, order);
  const sortChanged = sort?.field !== current.sort?.field || sort?.order !== current.sort?.order;
  const pageSize = pagination.pageSize ?? current.pageSize;
  return { sort, pageSize, page: sortChanged || pageSize !== current.pageSize ? 1 : (pagination.current ?? 1) };
}

/** Server paging as JeecgBoot lists offer it: size changer, quick jumper, '共 N 条'. */
export function listPagination(page: number, pageSize: number, total: number, pageSizes: readonly number[]): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total,
    pageSizeOptions: pageSizes.map(String),
    showQuickJumper: true,
    showSizeChanger: true,
    showTotal: (count) => `共 ${count} 条`,
  };
}

/** The table's `pagination` and `onChange`, both speaking to the list's one state. */
export function tablePaging(entity: EntitySchema, list: ListController): Pick<TableProps<WireRecord>, 'pagination' | 'onChange'> {
  const { page, pageSize, sort } = list.state;
  return {
    pagination: listPagination(page, pageSize, list.total, list.pageSizes),
    onChange: (pagination, _filters, sorter) => list.turn(nextTablePaging(entity, { page, pageSize, sort }, pagination, sorter)),
  };
}
