/**
 * One body row. It listens to its own row in the store only, so an edit elsewhere never re-renders it; the
 * active cell (if it is in this row) is the only place an editor mounts.
 */
import { memo, useSyncExternalStore, type CSSProperties } from 'react';
import { Button, Checkbox, Radio, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { GridColumn } from '../../src/contracts/grid.ts';
import { CellEditor, CellText, isEditable, togglesInPlace, useCellOptions } from './cells.tsx';
import type { GridStore } from './store.ts';
import { canMoveDown, canMoveUp } from './rows.ts';

export interface LaidOutColumn {
  column: GridColumn;
  width: number;
  /** Sticky offset for pinned columns. */
  left?: number;
  right?: number;
  disabled: boolean;
}

export interface GridRowViewProps {
  store: GridStore;
  id: string;
  position: number;
  total: number;
  columns: LaidOutColumn[];
  height: number;
  top: number;
  /** Key of the active cell when it is in this row. */
  activeKey?: string;
  editing: boolean;
  selectionType?: 'checkbox' | 'radio';
  disabled?: boolean;
  onActivate(id: string, key: string, edit: boolean): void;
  onCellChange(id: string, key: string, value: unknown): void;
  onEditDone(move?: 'down' | 'next' | 'previous' | 'stay'): void;
}

export function cellStyle(layout: LaidOutColumn, height?: number): CSSProperties {
  const sticky = layout.left !== undefined || layout.right !== undefined;
  return {
    width: layout.width,
    minWidth: layout.width,
    height,
    position: sticky ? 'sticky' : undefined,
    left: layout.left,
    right: layout.right,
    zIndex: sticky ? 1 : undefined,
    textAlign: layout.column.align,
  };
}

function DataCell(props: { layout: LaidOutColumn; row: Record<string, unknown>; error?: string; active: boolean; editing: boolean; flashing: boolean } & Pick<GridRowViewProps, 'id' | 'disabled' | 'onActivate' | 'onCellChange' | 'onEditDone'>) {
  const { layout, row, error, active, editing, id } = props;
  const { column } = layout;
  const options = useCellOptions(column);
  const editable = isEditable(column) && !layout.disabled && !props.disabled;
  const value = row[column.key];
  const className = ['grid-cell', active ? 'grid-cell-active' : '', error ? 'grid-cell-error' : '', props.flashing ? 'grid-cell-flash' : ''].filter(Boolean).join(' ');
  let content;
  if (togglesInPlace(column)) {
    content = <Checkbox aria-label={column.title} checked={value === true || value === 'Y' || value === '1'} disabled={!editable} onChange={(e) => props.onCellChange(id, column.key, e.target.checked)} />;
  } else if (active && editing && editable) {
    content = <CellEditor column={column} value={value} options={options} onChange={(next) => props.onCellChange(id, column.key, next)} onDone={props.onEditDone} />;
  } else content = <CellText column={column} value={value} options={options} />;
  return (
    <div
      role="gridcell"
      aria-invalid={error ? true : undefined}
      aria-readonly={editable ? undefined : true}
      className={className}
      style={cellStyle(layout)}
      onClick={() => props.onActivate(id, column.key, editable)}
    >
      {error ? <Tooltip title={error} open={active || undefined}>{<span className="grid-cell-content">{content}</span>}</Tooltip> : content}
    </div>
  );
}

function KeywordCell(props: { layout: LaidOutColumn; selected: boolean } & Pick<GridRowViewProps, 'store' | 'id' | 'position' | 'total' | 'selectionType'>) {
  const { layout, store, id, position, total } = props;
  const style = cellStyle(layout);
  switch (layout.column.type) {
    case 'row-number':
      return <div role="rowheader" className="grid-cell grid-cell-keyword" style={style}>{position + 1}</div>;
    case 'row-checkbox':
    case 'row-radio': {
      const radio = layout.column.type === 'row-radio' || props.selectionType === 'radio';
      const Control = radio ? Radio : Checkbox;
      return (
        <div role="gridcell" className="grid-cell grid-cell-keyword" style={style}>
          <Control aria-label={`选择第${position + 1}行`} checked={props.selected} onChange={(e) => store.toggleSelected(id, e.target.checked, radio)} />
        </div>
      );
    }
    case 'row-drag-sort':
      return (
        <div role="gridcell" className="grid-cell grid-cell-keyword grid-drag" style={style}>
          <Button type="text" size="small" aria-label="上移" icon={<ArrowUpOutlined />} disabled={!canMoveUp(position)} onClick={() => store.move(position, position - 1)} />
          <Button type="text" size="small" aria-label="下移" icon={<ArrowDownOutlined />} disabled={!canMoveDown(position, total)} onClick={() => store.move(position, position + 1)} />
        </div>
      );
    default:
      return <div role="gridcell" className="grid-cell" style={style} />;
  }
}

export const GridRowView = memo(function GridRowView(props: GridRowViewProps) {
  const { store, id } = props;
  useSyncExternalStore(
    (listener) => store.subscribeRow(id, listener),
    () => store.rowVersion(id),
  );
  const selected = useSyncExternalStore(
    (listener) => store.subscribeSelection(listener),
    () => store.isSelected(id),
  );
  const row = store.byId(id);
  if (!row) return null;
  return (
    <div
      role="row"
      aria-rowindex={props.position + 2}
      aria-selected={selected || undefined}
      className="grid-row"
      style={{ position: 'absolute', top: 0, left: 0, transform: `translateY(${props.top}px)`, height: props.height, display: 'flex' }}
    >
      {props.columns.map((layout) =>
        layout.column.type.startsWith('row-') ? (
          <KeywordCell key={layout.column.key} layout={layout} selected={selected} store={store} id={id} position={props.position} total={props.total} selectionType={props.selectionType} />
        ) : (
          <DataCell
            key={layout.column.key}
            layout={layout}
            row={row}
            error={store.errorOf(id, layout.column.key)}
            flashing={store.isFlashing(id, layout.column.key)}
            active={props.activeKey === layout.column.key}
            editing={props.editing}
            id={id}
            disabled={props.disabled}
            onActivate={props.onActivate}
            onCellChange={props.onCellChange}
            onEditDone={props.onEditDone}
          />
        ),
      )}
    </div>
  );
});
