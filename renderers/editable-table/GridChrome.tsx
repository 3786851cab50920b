/**
 * The grid's toolbar, header row and footer statistics rows. Memoised: the table re-renders on every scroll frame,
 * these only when their own props or store slice change.
 */
import { memo, useSyncExternalStore } from 'react';
import { Button, Checkbox, Space } from 'antd';
import { ColumnHeightOutlined, DeleteOutlined, PlusOutlined, VerticalAlignMiddleOutlined } from '@ant-design/icons';
import { useServices } from '../../src/engine/services.tsx';
import { FOOTER_LABEL } from './statistics.ts';
import type { GridStore } from './store.ts';
import type { GridRow } from './rows.ts';
import { cellStyle, type LaidOutColumn } from './GridRowView.tsx';
import type { ToolbarButton } from './types.ts';

export const GridToolbar = memo(function GridToolbar(props: {
  store: GridStore;
  buttons: ToolbarButton[];
  authPre?: string;
  disabled?: boolean;
  /** The table has row-expand: 展开全部 / 收起全部 may show. */
  expandable?: boolean;
  onAdded(row: GridRow): void;
}) {
  const { access } = useServices();
  const { store, authPre } = props;
  const selectedCount = useSyncExternalStore((l) => store.subscribeSelection(l), () => store.selectedCount());
  const expandedCount = useSyncExternalStore((l) => store.subscribeExpanded(l), () => store.expandedCount());
  // JeecgBoot: with a permission prefix, 新增 needs `<prefix>add` and 删除 `<prefix>batch_delete`.
  const allowed = (button: ToolbarButton) => {
    if (!authPre) return true;
    if (button === 'add') return access.can(`${authPre}add`);
    if (button === 'remove') return access.can(`${authPre}batch_delete`);
    return true;
  };
  const shown = props.buttons.filter((button) => (button === 'expand' ? props.expandable : allowed(button)));
  if (shown.length === 0) return null;
  // A disabled table keeps only what changes no data.
  if (props.disabled && !shown.includes('expand')) return null;
  const editing = !props.disabled;
  return (
    <Space className="grid-toolbar">
      {editing && shown.includes('add') && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => props.onAdded(store.add()[0])}>
          新增
        </Button>
      )}
      {editing && shown.includes('remove') && (
        <Button danger icon={<DeleteOutlined />} disabled={selectedCount === 0} onClick={() => store.remove(new Set(store.selectedIds()))}>
          删除
        </Button>
      )}
      {editing && shown.includes('clearSelection') && selectedCount > 0 && (
        <Button onClick={() => store.selectAll(false)}>{`清空选择（已选 ${selectedCount} 项）`}</Button>
      )}
      {shown.includes('expand') && (
        expandedCount > 0 ? (
          <Button icon={<VerticalAlignMiddleOutlined />} onClick={() => store.expandAll(false)}>收起全部</Button>
        ) : (
          <Button icon={<ColumnHeightOutlined />} onClick={() => store.expandAll(true)}>展开全部</Button>
        )
      )}
    </Space>
  );
});

export const GridHeader = memo(function GridHeader({ columns, store }: { columns: LaidOutColumn[]; store: GridStore }) {
  const allSelected = useSyncExternalStore(
    (l) => store.subscribeSelection(l),
    () => store.size() > 0 && store.selectedCount() === store.size(),
  );
  const required = (layout: LaidOutColumn) => layout.column.validateRules?.some((r) => 'required' in r || ('pattern' in r && r.pattern === '*'));
  return (
    <div role="row" aria-rowindex={1} className="grid-row grid-header" style={{ display: 'flex' }}>
      {columns.map((layout) => (
        <div key={layout.column.key} role="columnheader" className="grid-cell grid-header-cell" style={cellStyle(layout)}>
          {layout.column.type === 'row-checkbox' ? (
            <Checkbox aria-label="全选" checked={allSelected} onChange={(e) => store.selectAll(e.target.checked)} />
          ) : (
            <>
              {required(layout) && <span className="grid-required">*</span>}
              {layout.column.title}
            </>
          )}
        </div>
      ))}
    </div>
  );
});

/** 合计 / 平均 rows; JVxeTable hides them when rows can be dragged. */
export const GridFooter = memo(function GridFooter({ columns, store, hidden }: { columns: LaidOutColumn[]; store: GridStore; hidden: boolean }) {
  useSyncExternalStore((l) => store.subscribeFooter(l), () => store.footerVersion);
  if (hidden || !store.totals.active) return null;
  return (
    <div className="grid-footer">
      {store.totals.rows().map((statistic) => (
        <div key={statistic} role="row" className="grid-row grid-footer-row" style={{ display: 'flex' }}>
          {columns.map((layout, index) => (
            <div key={layout.column.key} role="gridcell" className="grid-cell" style={cellStyle(layout)}>
              {index === 0 ? FOOTER_LABEL[statistic] : store.totals.text(layout.column.key, statistic)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
});
