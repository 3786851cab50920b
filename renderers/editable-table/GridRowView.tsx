/**
 * One body row. It listens to its own row in the store only, so an edit elsewhere never re-renders it; the
 * active cell (if it is in this row) is the only place an editor mounts.
 */
import { memo, useEffect, useLayoutEffect, useReducer, useRef, useState, type CSSProperties } from 'react';
import { Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DownOutlined, HolderOutlined, RightOutlined } from '@ant-design/icons';
import type { GridColumn } from '../../src/contracts/grid.ts';
import { CellEditor, cellContent, isEditable, togglesInPlace, type CellOption } from './cells.tsx';
import type { GridStore } from './store.ts';
import { canMoveDown, canMoveUp, type GridRow } from './rows.ts';
import { gridSlot } from './cell-registry.ts';
import { cellEditable, isChecked, paintable, paintCell, radioSelection } from './paint.ts';

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
  /** The row's slot in the window's pool and where the table finds each slot's handle. */
  slot: number;
  slots: Map<number, SlotHandle>;
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

/** Where a slot shows which row: all a scroll changes for a row that stays in the window's pool. */
export interface Placement {
  id: string;
  position: number;
  top: number;
  total: number;
}

/** What the table calls after each render for every slot, to move it to the row it now shows. */
export interface SlotHandle {
  show(next: Placement): void;
  /** The window does not use the slot now: it stays mounted, out of layout and of the accessibility tree. */
  hide(): void;
}

const PLACEMENT_KEYS = new Set(['id', 'position', 'top', 'total']);

/** Equal but for the placement: the row is then moved by its slot handle, not re-rendered. */
function samePropsButPlacement(a: GridRowViewProps, b: GridRowViewProps): boolean {
  const keys = Object.keys(a) as Array<keyof GridRowViewProps>;
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => PLACEMENT_KEYS.has(key) || a[key] === b[key]);
}

const samePlacement = (a: Placement, b: Placement) => a.id === b.id && a.position === b.position && a.top === b.top && a.total === b.total;

/**
 * A slot of the window's row pool. Props other than the placement re-render it through React; a new placement alone
 * (a scroll, a move) arrives through `show`, which, when every cell of the old and the new row is painted, rewrites
 * the row in place (paint.ts) and otherwise re-renders. The row's place, index and selection are always written by
 * the layout effect, never by React, so React's idea of them can never be stale.
 */
export const GridRowView = memo(function GridRowView(props: GridRowViewProps) {
  const { store } = props;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const rowRef = useRef<HTMLDivElement>(null);
  // The placement shown: from fresh props after a parent render, else as `show` last set it (a re-render of the
  // row's own then carries the props of the last parent render, whose placement may be older).
  const state = useRef<{ props: GridRowViewProps; at: Placement; painted: boolean[]; selected: boolean; hidden: boolean } | null>(null);
  if (state.current?.props !== props) {
    const at = { id: props.id, position: props.position, top: props.top, total: props.total };
    state.current = { props, at, painted: [], selected: false, hidden: state.current?.hidden ?? false };
  }
  const self = state.current;
  const { id, position } = self.at;
  const row = store.byId(id);
  const selected = store.isSelected(id);
  self.selected = selected;
  const marked = store.hasErrors(id);
  self.painted = props.columns.map((layout) => paintable(layout.column) && props.activeKey !== layout.column.key && !(marked && store.errorOf(id, layout.column.key)));

  const [slot] = useState(() => {
    let followed: { id: string; off(): void } | undefined;
    const paint = () => {
      const current = state.current;
      const element = rowRef.current;
      if (!current || !element) return;
      const { props: latest, at } = current;
      // React renders the row with display flex and never rewrites an unchanged style, so hiding is ours alone.
      element.style.display = current.hidden ? 'none' : 'flex';
      if (current.hidden) {
        element.removeAttribute('aria-rowindex');
        return;
      }
      const shown = store.byId(at.id);
      element.style.transform = `translateY(${at.top}px)`;
      element.setAttribute('aria-rowindex', String(at.position + 2));
      if (current.selected) element.setAttribute('aria-selected', 'true');
      else element.removeAttribute('aria-selected');
      if (!shown) return;
      const flashing = (key: string) => store.isFlashing(at.id, key);
      const context = { row: shown, position: at.position, selected: current.selected, disabled: latest.disabled, selectionType: latest.selectionType, flashing };
      latest.columns.forEach((layout, index) => {
        const cell = element.children[index];
        if (current.painted[index] && cell instanceof HTMLElement) paintCell(cell, layout, context);
      });
    };
    const follow = (rowId: string | undefined) => {
      if (followed?.id === rowId) return;
      followed?.off();
      followed = rowId === undefined ? undefined : { id: rowId, off: store.subscribeRow(rowId, rerender) };
    };
    const handle: SlotHandle = {
      show(next) {
        const current = state.current;
        if (!current) return;
        const wasHidden = current.hidden;
        current.hidden = false;
        if (samePlacement(current.at, next) && !wasHidden) return;
        current.at = next;
        follow(next.id);
        const columns = current.props.columns;
        const allPainted = current.painted.every(Boolean) && current.painted.length === columns.length;
        if (allPainted && rowRef.current && store.byId(next.id) && !store.hasErrors(next.id)) {
          current.selected = store.isSelected(next.id);
          paint();
        } else rerender();
      },
      hide() {
        const current = state.current;
        if (!current || current.hidden) return;
        current.hidden = true;
        // Without its index it can never be taken for the row now shown at that index.
        rowRef.current?.style.setProperty('display', 'none');
        rowRef.current?.removeAttribute('aria-rowindex');
        // Nobody sees it: its row's live updates need not re-render it (`show` paints the row as it is then).
        follow(undefined);
      },
    };
    const onSelection = () => {
      const current = state.current;
      if (current && store.isSelected(current.at.id) !== current.selected) rerender();
    };
    /** Clicks and Space in painted cells: the row they belong to is the one shown now. */
    const cellEvent = (event: React.MouseEvent<HTMLElement> | React.KeyboardEvent<HTMLElement>) => {
      const current = state.current;
      const element = rowRef.current;
      if (!current || !element) return;
      const layout = current.props.columns[Array.prototype.indexOf.call(element.children, event.currentTarget)];
      if (!layout) return;
      const { at, props: latest } = current;
      const target = event.target as Element;
      const onBox = target !== event.currentTarget && typeof target.closest === 'function' && target.closest('.grid-check, .grid-radio') !== null;
      if ('key' in event && (event.key !== ' ' || !onBox)) return;
      if ('key' in event) event.preventDefault();
      const keyword = layout.column.type === 'row-checkbox' || layout.column.type === 'row-radio';
      const editable = !keyword && cellEditable(layout, latest.disabled);
      if (onBox && keyword) {
        const radio = radioSelection(layout, latest.selectionType);
        const on = store.isSelected(at.id);
        if (!(radio && on)) store.toggleSelected(at.id, !on, radio);
      } else if (onBox && editable) latest.onCellChange(at.id, layout.column.key, !isChecked(store.byId(at.id)?.[layout.column.key]));
      if ('key' in event || keyword || layout.column.type === 'row-number') return;
      latest.onActivate(at.id, layout.column.key, editable);
    };
    return { paint, follow, handle, onSelection, cellEvent };
  });

  useLayoutEffect(() => {
    slot.follow(state.current?.at.id);
    slot.paint();
  });
  useEffect(() => store.subscribeSelection(slot.onSelection), [store, slot]);
  const { slots, slot: slotKey } = props;
  useLayoutEffect(() => {
    slots.set(slotKey, slot.handle);
    return () => {
      if (slots.get(slotKey) === slot.handle) slots.delete(slotKey);
    };
  }, [slots, slotKey, slot]);
  useEffect(() => () => slot.follow(undefined), [slot]);

  if (!row) return null;
  return (
    <div
      ref={rowRef}
      role="row"
      aria-expanded={props.expanded}
      className={props.dragging ? 'grid-row grid-row-dragging' : 'grid-row'}
      style={{ position: 'absolute', top: 0, left: 0, height: props.height, display: 'flex' }}
    >
      {props.columns.map((layout, index) =>
        self.painted[index] ? (
          <div
            key={`p${layout.column.key}`}
            role={layout.column.type === 'row-number' ? 'rowheader' : 'gridcell'}
            aria-readonly={layout.column.type.startsWith('row-') || cellEditable(layout, props.disabled) ? undefined : true}
            className={layout.column.type.startsWith('row-') ? 'grid-cell grid-cell-keyword' : 'grid-cell'}
            style={cellStyle(layout)}
            onClick={slot.cellEvent}
            onKeyDown={slot.cellEvent}
          />
        ) : layout.column.type.startsWith('row-') ? (
          <KeywordCell
            key={`r${layout.column.key}`}
            layout={layout}
            selected={selected}
            store={store}
            id={id}
            position={position}
            total={self.at.total}
            selectionType={props.selectionType}
            expanded={props.expanded}
            onDragStart={props.onDragStart}
            disabled={props.disabled}
          />
        ) : (
          <DataCell
            key={`r${layout.column.key}`}
            layout={layout}
            // A popup may show another key of its row (`popup.field`).
            value={row[layout.column.popup?.field ?? layout.column.key]}
            row={layout.column.type === 'slot' ? row : undefined}
            position={layout.column.type === 'slot' ? position : undefined}
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
}, samePropsButPlacement);
