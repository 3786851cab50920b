/**
 * One body row. It listens to its own row in the store only, so an edit elsewhere never re-renders it; the
 * active cell (if it is in this row) is the only place an editor mounts.
 */
import { memo, useCallback, useSyncExternalStore, type CSSProperties } from 'react';
import { Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DownOutlined, HolderOutlined, RightOutlined } from '@ant-design/icons';
import type { GridColumn } from '../../src/contracts/grid.ts';
import { CellEditor, cellContent, isEditable, togglesInPlace, type CellOption } from './cells.tsx';
import type { GridStore } from './store.ts';
import { canMoveDown, canMoveUp, type GridRow } from './rows.ts';
import { gridSlot } from './cell-registry.ts';

export interface LaidOutColumn {
  column: GridColumn;
  width: number;
  /** Sticky offset for pinned columns. */
  left?: number;
  right?: number;
  disabled: boolean;
  /** The column's choices (own options or dictionary items), resolved once per column by the table. */
  options?: CellOption[];
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
  /** row-expand: whether the row's detail area is open. */
  expanded?: boolean;
  /** row-drag-sort: this row is the one being dragged. */
  dragging?: boolean;
  /** row-drag-sort: the handle was pressed (mouse drag starts). */
  onDragStart?(position: number, event: React.PointerEvent): void;
  onActivate(id: string, key: string, edit: boolean): void;
  onCellChange(id: string, key: string, value: unknown): void;
  onEditDone(move?: 'down' | 'next' | 'previous' | 'stay'): void;
}

export function cellStyle(layout: LaidOutColumn, height?: number): CSSProperties {
  // Cells share their column's style object: React then skips the style diff on every re-render.
  const cached = height === undefined ? styleCache.get(layout) : undefined;
  if (cached) return cached;
  const sticky = layout.left !== undefined || layout.right !== undefined;
  const style: CSSProperties = {
    width: layout.width,
    minWidth: layout.width,
    height,
    position: sticky ? 'sticky' : undefined,
    left: layout.left,
    right: layout.right,
    zIndex: sticky ? 1 : undefined,
    textAlign: layout.column.align,
  };
  if (height === undefined) styleCache.set(layout, style);
  return style;
}

const styleCache = new WeakMap<LaidOutColumn, CSSProperties>();

interface DataCellProps extends Pick<GridRowViewProps, 'id' | 'disabled' | 'onActivate' | 'onCellChange' | 'onEditDone'> {
  layout: LaidOutColumn;
  value: unknown;
  /** slot cells only (others must not re-render when a neighbour changes): the row and its position. */
  row?: GridRow;
  position?: number;
  error?: string;
  active: boolean;
  editing: boolean;
  flashing: boolean;
}

/** Memoised on the cell's own value, so typing in one cell re-renders that cell only, not its 11 neighbours. */
const DataCell = memo(function DataCell(props: DataCellProps) {
  const { layout, value, error, active, editing, id } = props;
  const { column } = layout;
  const options = layout.options ?? NO_OPTIONS;
  const editable = isEditable(column) && !layout.disabled && !props.disabled;
  const className = ['grid-cell', active ? 'grid-cell-active' : '', error ? 'grid-cell-error' : '', props.flashing ? 'grid-cell-flash' : ''].filter(Boolean).join(' ');
  let content;
  if (column.type === 'slot') {
    const Slot = gridSlot(column.slotName);
    const setRow = (patch: Record<string, unknown>) => Object.entries(patch).forEach(([key, next]) => props.onCellChange(id, key, next));
    content = Slot ? (
      <Slot column={column} row={props.row ?? { id }} value={value} rowIndex={props.position ?? 0} disabled={Boolean(layout.disabled || props.disabled || column.disabled)} setValue={(next) => props.onCellChange(id, column.key, next)} setRow={setRow} />
    ) : (
      <span role="alert" className="grid-cell-problem">{`未注册的插槽：${column.slotName ?? ''}`}</span>
    );
  } else if (togglesInPlace(column)) {
    content = <GridCheck label={column.title} checked={value === true || value === 'Y' || value === '1'} disabled={!editable} onToggle={(on) => props.onCellChange(id, column.key, on)} />;
  } else if (active && editing && editable) {
    content = (
      <CellEditor
        column={column}
        value={value}
        options={options}
        onChange={(next) => props.onCellChange(id, column.key, next)}
        onRowChange={(patch) => Object.entries(patch).forEach(([key, next]) => props.onCellChange(id, key, next))}
        onDone={props.onEditDone}
      />
    );
  } else content = cellContent(column, value, options);
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
});

const NO_OPTIONS: CellOption[] = [];

/**
 * A light checkbox / radio drawn like antd's (editable-table.css), with the roles, names and keys of one. Not an
 * <input>: React rewrites an input's `type` and `name` on every update, and Chromium rebuilds the control each time,
 * which on a fling is most of the style work of the whole grid. It sits in every visible row, so it must be cheap.
 */
function GridCheck(props: { label: string; checked: boolean; disabled?: boolean; radio?: boolean; onToggle(on: boolean): void }) {
  const { checked, disabled, radio } = props;
  // A radio, like antd's, only turns on; a checkbox flips.
  const toggle = () => {
    if (disabled || (radio && checked)) return;
    props.onToggle(!checked);
  };
  return (
    <span
      role={radio ? 'radio' : 'checkbox'}
      aria-label={props.label}
      aria-checked={checked}
      aria-disabled={disabled || undefined}
      tabIndex={disabled ? -1 : 0}
      className={`${radio ? 'grid-radio' : 'grid-check'}${checked ? ' is-checked' : ''}${disabled ? ' is-disabled' : ''}`}
      onClick={toggle}
      onKeyDown={(event) => {
        if (event.key !== ' ') return;
        event.preventDefault();
        toggle();
      }}
    />
  );
}

function KeywordCell(props: { layout: LaidOutColumn; selected: boolean } & Pick<GridRowViewProps, 'store' | 'id' | 'position' | 'total' | 'selectionType' | 'expanded' | 'onDragStart' | 'disabled'>) {
  const { layout, store, id, position, total } = props;
  const style = cellStyle(layout);
  switch (layout.column.type) {
    case 'row-number':
      return <div role="rowheader" className="grid-cell grid-cell-keyword" style={style}>{position + 1}</div>;
    case 'row-checkbox':
    case 'row-radio': {
      const radio = layout.column.type === 'row-radio' || props.selectionType === 'radio';
      return (
        <div role="gridcell" className="grid-cell grid-cell-keyword" style={style}>
          <GridCheck radio={radio} label={`选择第${position + 1}行`} checked={props.selected} onToggle={(on) => store.toggleSelected(id, on, radio)} />
        </div>
      );
    }
    case 'row-expand': {
      const label = `${props.expanded ? '收起' : '展开'}第${position + 1}行`;
      return (
        <div role="gridcell" className="grid-cell grid-cell-keyword" style={style}>
          <button type="button" className="grid-icon-button" aria-label={label} aria-expanded={Boolean(props.expanded)} onClick={() => store.toggleExpanded(id)}>
            {props.expanded ? <DownOutlined /> : <RightOutlined />}
          </button>
        </div>
      );
    }
    case 'row-drag-sort':
      return (
        <div role="gridcell" className="grid-cell grid-cell-keyword grid-drag" style={style}>
          {props.onDragStart && !props.disabled ? (
            <span
              role="button"
              tabIndex={-1}
              className="grid-icon-button grid-drag-handle"
              aria-label={`拖动第${position + 1}行`}
              title="拖动排序"
              onPointerDown={(event) => props.onDragStart?.(position, event)}
            >
              <HolderOutlined />
            </span>
          ) : null}
          <button type="button" className="grid-icon-button" aria-label="上移" disabled={!canMoveUp(position)} onClick={() => store.move(position, position - 1)}>
            <ArrowUpOutlined />
          </button>
          <button type="button" className="grid-icon-button" aria-label="下移" disabled={!canMoveDown(position, total)} onClick={() => store.move(position, position + 1)}>
            <ArrowDownOutlined />
          </button>
        </div>
      );
    default:
      return <div role="gridcell" className="grid-cell" style={style} />;
  }
}

export const GridRowView = memo(function GridRowView(props: GridRowViewProps) {
  const { store, id } = props;
  const subscribeRow = useCallback((listener: () => void) => store.subscribeRow(id, listener), [store, id]);
  const subscribeSelection = useCallback((listener: () => void) => store.subscribeSelection(listener), [store]);
  useSyncExternalStore(subscribeRow, () => store.rowVersion(id));
  const selected = useSyncExternalStore(subscribeSelection, () => store.isSelected(id));
  const row = store.byId(id);
  if (!row) return null;
  return (
    <div
      role="row"
      aria-rowindex={props.position + 2}
      aria-selected={selected || undefined}
      aria-expanded={props.expanded}
      className={props.dragging ? 'grid-row grid-row-dragging' : 'grid-row'}
      style={{ position: 'absolute', top: 0, left: 0, transform: `translateY(${props.top}px)`, height: props.height, display: 'flex' }}
    >
      {props.columns.map((layout) =>
        layout.column.type.startsWith('row-') ? (
          <KeywordCell
            key={layout.column.key}
            layout={layout}
            selected={selected}
            store={store}
            id={id}
            position={props.position}
            total={props.total}
            selectionType={props.selectionType}
            expanded={props.expanded}
            onDragStart={props.onDragStart}
            disabled={props.disabled}
          />
        ) : (
          <DataCell
            key={layout.column.key}
            layout={layout}
            // A popup may show another key of its row (`popup.field`).
            value={row[layout.column.popup?.field ?? layout.column.key]}
            row={layout.column.type === 'slot' ? row : undefined}
            position={layout.column.type === 'slot' ? props.position : undefined}
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
