/** Table columns from `list.columns`, plus the 操作 column when the user may edit or delete. */
import { Button, Popconfirm, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import type { DictLookup } from '../../src/engine/cells.ts';
import { cellText } from '../../src/engine/cells.ts';
import { listColumns } from '../../src/engine/fields.ts';
import type { ListSort } from '../../src/providers/data.ts';

export interface ColumnOptions {
  entity: EntitySchema;
  sort: ListSort | undefined;
  lookup: DictLookup;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (record: WireRecord) => void;
  onDelete: (record: WireRecord) => void;
}

export function buildColumns(options: ColumnOptions): TableColumnsType<WireRecord> {
  const { entity, sort, lookup } = options;
  const columns: TableColumnsType<WireRecord> = listColumns(entity).map((column) => ({
    key: column.field,
    dataIndex: column.field,
    title: column.def?.label ?? column.field,
    width: column.width,
    fixed: column.fixed,
    ellipsis: true,
    // Sorting happens on the server, so antd only reports the click.
    sorter: column.sortable === true,
    sortOrder: column.sortable && sort?.field === column.field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (_: unknown, record: WireRecord) => cellText(entity, column.field, record, lookup),
  }));

  if (options.canEdit || options.canDelete) {
    columns.push({
      key: '__actions',
      title: '操作',
      fixed: 'right',
      width: 130,
      render: (_: unknown, record: WireRecord) => (
        <Space size={4}>
          {options.canEdit ? (
            <Button type="link" size="small" onClick={() => options.onEdit(record)}>
              编辑
            </Button>
          ) : null}
          {options.canDelete ? (
            <Popconfirm title="确定删除吗?" okText="确定" cancelText="取消" onConfirm={() => options.onDelete(record)}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    });
  }
  return columns;
}
