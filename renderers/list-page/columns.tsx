/**
 * Table columns from `list.columns` (minus those a column rule or the column settings hide), plus the 操作 column
 * when the user may edit or delete. Cells come from cells.tsx, by field type.
 */
import type { ReactNode } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import type { DictLookup } from '../../src/engine/cells.ts';
import { listColumns } from '../../src/engine/fields.ts';
import { rowActionAllowed } from '../../capabilities/renderers.ts';
import { onlyMaskedFor } from '../../src/contracts/field-visibility.ts';
import { renderListCell } from './cells.tsx';
// Registers the cells of tags, departments, users, rich text and passwords.
// Its import also registers the capabilities' list cells (the date cell warning of documents expiring).
import type { ListSort } from '../../src/providers/data.ts';

export interface ColumnOptions {
  entity: EntitySchema;
  sort: ListSort | undefined;
  lookup: DictLookup;
  canEdit: boolean;
  canDelete: boolean;
  /** Privacy-masked columns sort only for someone who may edit the record (src/contracts/field-visibility.ts). */
  seesMaskedInFull?: boolean;
  /** Shown but not usable (a type-2 disable rule the user lacks). */
  editDisabled?: boolean;
  deleteDisabled?: boolean;
  /** Columns to show; all when absent. */
  isVisible?: (field: string) => boolean;
  onEdit: (record: WireRecord) => void;
  onDelete: (record: WireRecord) => void;
  /** Opens the 详情 view; set when the entity declares `detail` (list permission is enough to read). */
  onDetail?: (record: WireRecord) => void;
  /** Extra row links drawn after 详情 (e.g. 添加子级 in a tree list). */
  extraRowActions?: (record: WireRecord) => ReactNode;
  /** The schema's row operations (审核通过, 驳回, …), drawn after 编辑; see operations.tsx. */
  operationActions?: (record: WireRecord) => ReactNode;
}

export function buildColumns(options: ColumnOptions): TableColumnsType<WireRecord> {
  const { entity, sort, lookup } = options;
  const shown = listColumns(entity).filter((column) => options.isVisible?.(column.field) ?? true);
  const columns: TableColumnsType<WireRecord> = shown.map((column) => ({
    key: column.field,
    dataIndex: column.field,
    title: column.def?.label ?? column.field,
    width: column.width,
    fixed: column.fixed,
    ellipsis: true,
    // Sorting happens on the server, so antd only reports the click.
    sorter: column.sortable === true && !onlyMaskedFor(column.def, options.seesMaskedInFull ?? true),
    sortOrder: column.sortable && sort?.field === column.field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (_: unknown, record: WireRecord) => renderListCell({ entity, field: column.field, def: column.def, record, lookup }),
  }));

  if (options.canEdit || options.canDelete || options.onDetail || options.extraRowActions || options.operationActions) {
    columns.push({
      key: '__actions',
      title: '操作',
      fixed: 'right',
      width: 130 + (options.onDetail ? 50 : 0) + (options.extraRowActions ? 70 : 0) + (options.operationActions ? 120 : 0),
      render: (_: unknown, record: WireRecord) => (
        <Space size={4}>
          {options.onDetail ? (
            <Button type="link" size="small" onClick={() => options.onDetail?.(record)}>
              详情
            </Button>
          ) : null}
          {options.extraRowActions?.(record)}
          {options.canEdit && rowActionAllowed(entity, 'edit', record) ? (
            <Button type="link" size="small" disabled={options.editDisabled} onClick={() => options.onEdit(record)}>
              编辑
            </Button>
          ) : null}
          {options.operationActions?.(record)}
          {!options.canDelete || !rowActionAllowed(entity, 'delete', record) ? null : options.deleteDisabled ? (
            <Button type="link" size="small" danger disabled>
              删除
            </Button>
          ) : (
            <Popconfirm title="确定删除吗?" okText="确定" cancelText="取消" onConfirm={() => options.onDelete(record)}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }
  return columns;
}
