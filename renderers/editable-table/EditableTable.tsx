/**
 * `editable-table`: JeecgBoot's JVxeTable, rebuilt to stay fast at 100,000 rows. Rows live in a GridStore outside
 * React; the body is virtualised (@tanstack/react-virtual), so the DOM holds the visible rows only; the column model
 * (visibility by permission, pinning, widths) is @tanstack/react-table's. Typing re-renders one row and the footer.
 */
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { isKeywordType, KEYWORD_COLUMN_WIDTH, type GridColumn } from '../../src/contracts/grid.ts';
import { useDictionaries, useServices } from '../../src/engine/services.tsx';
import { GridStore } from './store.ts';
import { GridRowView, type LaidOutColumn, type Placement, type SlotHandle } from './GridRowView.tsx';
import { GridFooter, GridHeader, GridToolbar } from './GridChrome.tsx';
import { rowsForSave } from './rows.ts';
import { columnOptions, isEditable, takesText, valuesOut } from './cells.tsx';
import { DetailHeights, RowDetail } from './RowExpand.tsx';
import { dropTarget, useRowDragSort } from './drag-sort.ts';
import { gridEnhance } from './enhance.ts';
import './UploadCell.tsx';
import './DirectoryCells.tsx';
import { parseClipboard, planPaste } from './clipboard.ts';
import { validateCell, validateRows } from './validation.ts';
import { ROW_HEIGHT, type EditableTableProps, type ToolbarButton } from './types.ts';
import './editable-table.css';

const DEFAULT_WIDTH = 160;
const NO_ROWS: never[] = [];
const DEFAULT_BUTTONS: ToolbarButton[] = ['add', 'remove', 'clearSelection', 'expand'];

/** One slot of the window's row pool and the row it shows (or, hidden, last showed). */
interface SlotEntry {
  slot: number;
  index: number;
  start: number;
  id: string;
  hidden: boolean;
}

/**
 * The window's rows in slot order (index % pool): the DOM order of recycled rows then never changes while
 * scrolling, so React moves no nodes (a moved node is restyled and laid out like a new one). Rows are absolutely
 * placed and carry aria-rowindex, so what is seen and announced keeps the row order. A slot the window does not
 * use this time (its size changes by a row or two as it scrolls) stays mounted, hidden, with what it last showed,
 * while that row exists: mounting a row again a step later costs more than the whole step.
 */
function slotEntries(items: readonly { index: number; start: number }[], pool: number, remembered: Map<number, SlotEntry>, store: GridStore): SlotEntry[] {
  const bySlot = new Array<{ index: number; start: number } | undefined>(pool);
  for (const item of items) bySlot[item.index % pool] = item;
  const entries: SlotEntry[] = [];
  for (let slot = 0; slot < pool; slot++) {
    const item = bySlot[slot];
    const row = item && store.at(item.index);
    if (item && row) {
      const entry = { slot, index: item.index, start: item.start, id: row.id, hidden: false };
      remembered.set(slot, entry);
      entries.push(entry);
      continue;
    }
    const last = remembered.get(slot);
    if (last && store.positionOf(last.id) >= 0) entries.push(last.hidden ? last : { ...last, hidden: true });
    else remembered.delete(slot);
  }
  return entries;
}

/** The columns shown, keyword columns first as the props ask for them. */
function withKeywordColumns(props: EditableTableProps): GridColumn[] {
  const declared = props.columns.filter((c) => c.type !== 'hidden');
  const has = (type: string) => declared.some((c) => c.type === type);
  const leading: GridColumn[] = [];
  // Wide enough for the drag handle and 上移 / 下移.
  if (props.dragSort && !has('row-drag-sort')) leading.push({ key: '__drag', title: '排序', type: 'row-drag-sort', width: 88 });
  if (props.rowNumber && !has('row-number')) leading.push({ key: '__number', title: '#', type: 'row-number' });
  if (props.rowSelection && !has('row-checkbox') && !has('row-radio')) {
    leading.push({ key: '__select', title: '', type: props.rowSelectionType === 'radio' ? 'row-radio' : 'row-checkbox' });
  }
  if (props.rowExpand && !has('row-expand')) leading.push({ key: '__expand', title: '', type: 'row-expand' });
  return [...leading, ...declared];
}

export default function EditableTable(props: EditableTableProps) {
  const { access, live, dicts } = useServices();
  const columns = useMemo(() => withKeywordColumns(props), [props.columns, props.dragSort, props.rowNumber, props.rowSelection, props.rowSelectionType, props.rowExpand]); // eslint-disable-line react-hooks/exhaustive-deps
  const expandColumn = columns.find((c) => c.type === 'row-expand');
  const dragColumn = columns.some((c) => c.type === 'row-drag-sort');
  const [store] = useState(() => new GridStore(props.columns, props.rows ?? []));
  // A new `rows` array (by identity) starts the grid over; the one the store was built with does not.
  const loadedRows = useRef(props.rows);
  const startRows = props.rows;
  useEffect(() => {
    if (startRows && startRows !== loadedRows.current) {
      loadedRows.current = startRows;
      store.replaceAll(startRows);
    }
  }, [startRows, store]);

  // Live updates: rows changed on other pages merge in; this grid's own announcements come back under its caseId and are skipped.
  const [caseId] = useState(() => `case-${Math.random().toString(36).slice(2, 10)}`);
  const { socketKey, reloadEffect } = props;
  useEffect(() => {
    if (!live || !socketKey) return undefined;
    const apply = (rows: Array<Record<string, unknown>>) => {
      // A batch frame's rows in one go: one footer update however many rows changed.
      for (const [id, changed] of store.patchRows(rows)) if (reloadEffect) store.flash(id, changed);
    };
    return live.subscribe(socketKey, caseId, (row) => apply([row]), apply);
  }, [live, socketKey, caseId, reloadEffect, store]);

  // Table enhancement (named hooks registered under the table's code; never evaluated text).
  const enhance = gridEnhance(props.enhance);
  store.rowInit = enhance?.onRowAdded;

  const structure = useSyncExternalStore((l) => store.subscribeStructure(l), () => store.structure);
  const expandVersion = useSyncExternalStore((l) => store.subscribeExpanded(l), () => store.expandVersion);
  const onChange = props.onChange;
  useEffect(() => {
    if (!onChange) return undefined;
    const tell = () => onChange(store.all());
    const offFooter = store.subscribeFooter(tell);
    const offStructure = store.subscribeStructure(tell);
    return () => {
      offFooter();
      offStructure();
    };
  }, [onChange, store]);

  // Column model: permission rules hide (`<authPre><key>` type 1) or disable (type 2) columns; keyword columns pin left.
  const authPre = props.authPre;
  const columnDefs = useMemo<ColumnDef<never>[]>(
    () => columns.map((column) => ({ id: column.key, header: column.title, size: column.width ?? (isKeywordType(column.type) ? KEYWORD_COLUMN_WIDTH[column.type] : DEFAULT_WIDTH) })),
    [columns],
  );
  // Memoised state: the table re-renders on every scroll frame and must not rebuild these each time.
  const columnState = useMemo(
    () => ({
      columnVisibility: Object.fromEntries(columns.map((c) => [c.key, !authPre || isKeywordType(c.type) || access.canSeeColumn?.(`${authPre}${c.key}`) !== false])),
      columnPinning: {
        left: columns.filter((c) => isKeywordType(c.type) || c.fixed === 'left').map((c) => c.key),
        right: columns.filter((c) => c.fixed === 'right').map((c) => c.key),
      },
    }),
    [columns, authPre, access],
  );
  const table = useReactTable<never>({
    data: NO_ROWS,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    state: columnState,
  });
  // Choices per column, resolved here once (dictionaries loaded together), not by an effect in every cell.
  const dictVersion = useDictionaries(columns.flatMap((c) => (!c.options && c.dictCode ? [c.dictCode] : [])));
  // Memoised: the rows are memo components, so a new column array per render would re-render every visible row on
  // every scroll frame.
  const laidOut = useMemo<LaidOutColumn[]>(
    () =>
      table.getVisibleLeafColumns().map((tc) => {
        const column = columns.find((c) => c.key === tc.id)!;
        const pinned = tc.getIsPinned();
        return {
          column,
          width: tc.getSize(),
          left: pinned === 'left' ? tc.getStart('left') : undefined,
          right: pinned === 'right' ? tc.getAfter('right') : undefined,
          disabled: Boolean(authPre && access.disabled?.(`${authPre}${column.key}`)),
          options: columnOptions(column, (code) => dicts.peek(code)),
        };
      }),
    [table, columns, authPre, access, dicts, dictVersion, columnState], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const dataColumns = useMemo(() => laidOut.filter((l) => !isKeywordType(l.column.type)), [laidOut]);
  const totalWidth = laidOut.reduce((sum, l) => sum + l.width, 0);

  const size = props.size && props.size in ROW_HEIGHT ? props.size : 'medium';
  const rowHeight = ROW_HEIGHT[size];
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const viewport = props.height ?? 400;
  // An expanded row is its line plus its detail's measured height; other rows are one line.
  const [details] = useState(() => new DetailHeights());
  const estimateSize = useCallback(
    (index: number) => {
      const row = expandColumn && store.expandedCount() > 0 ? store.at(index) : undefined;
      return row && store.isExpanded(row.id) ? rowHeight + details.get(row.id) : rowHeight;
    },
    [expandColumn, store, rowHeight, details],
  );
  // initialRect: the first paint already shows a screenful of rows, before the scroll box is measured.
  const virtualizer = useVirtualizer({
    count: store.size(),
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 4,
    initialRect: { width: 1200, height: viewport },
  });
  // Sizes come from estimateSize only (no per-row measuring): lay out again when what it answers changes.
  const [detailVersion, setDetailVersion] = useState(0);
  const onDetailHeight = useCallback((id: string, height: number) => details.set(id, height) && setDetailVersion((v) => v + 1), [details]);
  useEffect(() => {
    if (expandColumn) virtualizer.measure();
  }, [virtualizer, expandColumn, expandVersion, detailVersion, structure]);
  const { drag, onDragStart } = useRowDragSort(store, virtualizer, scrollRef, bodyRef, rowHeight);

  const [active, setActive] = useState<{ id: string; key: string; editing: boolean }>();
  const handlers = props.handlers;
  const onActivate = useCallback((id: string, key: string, edit: boolean) => setActive({ id, key, editing: edit }), []);
  const onCellChange = useCallback(
    (id: string, key: string, value: unknown) => {
      const check = (cellKey: string) => {
        const column = columns.find((c) => c.key === cellKey);
        if (column?.validateRules?.length) store.setCellError(id, cellKey, validateCell(store.all(), store.positionOf(id), column, handlers, store.valueCounts(cellKey)));
      };
      store.setCell(id, key, value);
      check(key);
      const row = store.byId(id);
      const linked = row && enhance?.onCellChange?.({ row, key, value, rowIndex: store.positionOf(id) });
      if (!linked) return;
      for (const [linkedKey, linkedValue] of Object.entries(linked)) {
        if (linkedKey === 'id' || linkedKey === key) continue;
        store.setCell(id, linkedKey, linkedValue);
        check(linkedKey);
      }
    },
    [store, columns, handlers, enhance],
  );
  const frameRef = useRef<HTMLDivElement>(null);
  const moveActive = useCallback(
    (move?: 'down' | 'next' | 'previous' | 'stay') => {
      // Keyboard-driven ends give the keys back to the grid; a blur (a click elsewhere) leaves focus where it went.
      const giveKeysBack = () => queueMicrotask(() => frameRef.current?.focus({ preventScroll: true }));
      if (move === 'stay') giveKeysBack();
      setActive((current) => {
        if (!current || !move || move === 'stay') return current ? { ...current, editing: false } : current;
        const position = store.positionOf(current.id);
        const keys = dataColumns.map((l) => l.column.key);
        let at = keys.indexOf(current.key);
        let rowAt = position;
        if (move === 'down') rowAt += 1;
        else if (move === 'next') at += 1;
        else at -= 1;
        if (at >= keys.length) [at, rowAt] = [0, rowAt + 1];
        if (at < 0) [at, rowAt] = [keys.length - 1, rowAt - 1];
        const row = store.at(rowAt);
        if (!row) {
          giveKeysBack();
          return { ...current, editing: false };
        }
        virtualizer.scrollToIndex(rowAt, { align: 'auto' });
        return { id: row.id, key: keys[at], editing: true };
      });
    },
    [store, dataColumns, virtualizer],
  );

  /** Keys on the grid while a cell is active but not being edited: move, start editing, clear. */
  const onGridKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (!active || active.editing) return;
    const keys = dataColumns.map((l) => l.column.key);
    const position = store.positionOf(active.id);
    const go = (rowAt: number, at: number) => {
      const row = store.at(Math.min(Math.max(rowAt, 0), store.size() - 1));
      const key = keys[Math.min(Math.max(at, 0), keys.length - 1)];
      if (!row || !key) return;
      event.preventDefault();
      virtualizer.scrollToIndex(store.positionOf(row.id), { align: 'auto' });
      setActive({ id: row.id, key, editing: false });
    };
    const at = keys.indexOf(active.key);
    const layout = dataColumns[at];
    const editable = Boolean(layout && isEditable(layout.column) && !layout.disabled && !props.disabled);
    if (event.key === 'ArrowDown') go(position + 1, at);
    else if (event.key === 'ArrowUp') go(position - 1, at);
    else if (event.key === 'ArrowRight') go(position, at + 1);
    else if (event.key === 'ArrowLeft') go(position, at - 1);
    else if ((event.key === 'Enter' || event.key === 'F2') && editable) {
      event.preventDefault();
      setActive({ ...active, editing: true });
    } else if (event.key === 'Tab') moveActive(event.shiftKey ? 'previous' : 'next');
    else if ((event.key === 'Delete' || event.key === 'Backspace') && editable && layout && takesText(layout.column)) onCellChange(active.id, active.key, '');
  };

  /** A block pasted from a spreadsheet fills cells from the active one, adding rows as needed. */
  const onGridPaste = (event: React.ClipboardEvent<HTMLDivElement>) => {
    if (!active || active.editing || props.disabled) return;
    const text = event.clipboardData.getData('text/plain');
    if (!text) return;
    event.preventDefault();
    const editable = (column: GridColumn) => {
      const layout = dataColumns.find((l) => l.column.key === column.key);
      return Boolean(layout && takesText(column) && !layout.disabled);
    };
    const plan = planPaste(parseClipboard(text), dataColumns.map((l) => l.column), store.positionOf(active.id), active.key, store.size(), editable);
    if (plan.addRows > 0) store.add(plan.addRows);
    for (const write of plan.writes) {
      const row = store.at(write.position);
      if (row) onCellChange(row.id, write.key, write.value);
    }
  };

  useImperativeHandle(props.handleRef, () => ({
    async validate() {
      const errors = await validateRows(store.all(), props.columns, handlers);
      const rows = store.all();
      store.setErrors(errors.map((e) => ({ id: rows[e.rowIndex].id, key: e.key, message: e.message })));
      const first = errors[0];
      if (first) {
        virtualizer.scrollToIndex(first.rowIndex, { align: 'center' });
        setActive({ id: rows[first.rowIndex].id, key: first.key, editing: false });
      }
      return errors;
    },
    getValues() {
      const rows = rowsForSave(store.all(), { dragSortKey: dragColumn ? (props.dragSortKey ?? 'orderNum') : undefined });
      const out = valuesOut(props.columns);
      return out ? rows.map(out) : rows;
    },
    addRows: (count) => void store.add(count),
    patchRow: (id, patch) => store.patchRow(id, patch),
    announceRow(id) {
      const row = store.byId(id);
      if (row && live && socketKey) live.sendUpdate(socketKey, row, caseId);
    },
    markErrors: (errors) => store.setErrors(errors),
  }), [store, virtualizer, handlers, props.columns, dragColumn, props.dragSortKey, live, socketKey, caseId]);

  const items = virtualizer.getVirtualItems();
  // Rows are keyed by their slot in the window, not by row id: a row scrolled out hands its component (and DOM) to
  // the row scrolled in, so a fling updates ~30 rows instead of unmounting and mounting them. The pool only grows,
  // so `index % pool` stays unique over the contiguous window and a row that stays on screen keeps its slot.
  const poolRef = useRef(0);
  poolRef.current = Math.max(poolRef.current, items.length);
  const pool = poolRef.current;
  // A slot whose props are unchanged but for its placement is not re-rendered: it is told where it is now here,
  // after the commit, and rewrites its row in place (GridRowView, paint.ts).
  const [slots] = useState(() => new Map<number, SlotHandle>());
  const [remembered] = useState(() => new Map<number, SlotEntry>());
  const entries = slotEntries(items, pool, remembered, store);
  const placed: Array<Placement & { slot: number; hidden: boolean }> = [];
  useLayoutEffect(() => {
    for (const place of placed) {
      if (place.hidden) slots.get(place.slot)?.hide();
      else slots.get(place.slot)?.show(place);
    }
  });
  const onAdded = useCallback((row: { id: string }) => setActive({ id: row.id, key: dataColumns[0]?.column.key ?? '', editing: true }), [dataColumns]);
  return (
    <div className={`editable-table editable-table-${size}`}>
      {props.toolbar !== false && (
        <GridToolbar store={store} buttons={props.toolbarButtons ?? DEFAULT_BUTTONS} authPre={authPre} disabled={props.disabled} expandable={Boolean(expandColumn)} onAdded={onAdded} />
      )}
      <div
        role="grid"
        aria-rowcount={store.size() + 1}
        aria-colcount={laidOut.length}
        className="grid-frame"
        ref={frameRef}
        tabIndex={0}
        onKeyDown={onGridKeyDown}
        onPaste={onGridPaste}
      >
        <div ref={scrollRef} className="grid-scroll" style={{ height: viewport }}>
          <div style={{ width: totalWidth, minWidth: '100%' }}>
            <GridHeader columns={laidOut} store={store} />
            <div ref={bodyRef} className="grid-body" data-structure={structure} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {entries.map((entry) => {
                // A hidden slot renders as not active: an editor must not stay open in a row nobody sees.
                const isActive = !entry.hidden && active?.id === entry.id;
                placed.push({ slot: entry.slot, id: entry.id, position: entry.index, top: entry.start, total: store.size(), hidden: entry.hidden });
                return (
                  <GridRowView
                    key={entry.slot}
                    slot={entry.slot}
                    slots={slots}
                    store={store}
                    id={entry.id}
                    position={entry.index}
                    total={store.size()}
                    columns={laidOut}
                    height={rowHeight}
                    top={entry.start}
                    activeKey={isActive ? active.key : undefined}
                    editing={isActive ? active.editing : false}
                    selectionType={props.rowSelectionType}
                    disabled={props.disabled}
                    expanded={expandColumn ? store.isExpanded(entry.id) : undefined}
                    dragging={!entry.hidden && drag?.from === entry.index}
                    onDragStart={dragColumn ? onDragStart : undefined}
                    onActivate={onActivate}
                    onCellChange={onCellChange}
                    onEditDone={moveActive}
                  />
                );
              })}
              {expandColumn && store.expandedCount() > 0
                ? items.map((item) => {
                    const row = store.at(item.index);
                    if (!row || !store.isExpanded(row.id)) return null;
                    return (
                      <RowDetail
                        key={`detail-${row.id}`}
                        store={store}
                        id={row.id}
                        position={item.index}
                        top={item.start + rowHeight}
                        width={totalWidth}
                        columns={props.columns}
                        optionsOf={(column) => columnOptions(column, (code) => dicts.peek(code)) ?? []}
                        slotName={props.expandSlot}
                        expandColumn={expandColumn}
                        disabled={props.disabled}
                        onHeight={onDetailHeight}
                        onRowChange={onCellChange}
                      />
                    );
                  })
                : null}
              {drag && dropTarget(drag.from, drag.slot) !== drag.from ? (
                <div className="grid-drop-line" role="presentation" style={{ top: virtualizer.measurementsCache[drag.slot]?.start ?? virtualizer.getTotalSize() }} />
              ) : null}
            </div>
            {store.size() === 0 && <div className="grid-empty">暂无数据</div>}
            {/* JVxeTable shows no footer while rows can be dragged or expanded. */}
            <GridFooter columns={laidOut} store={store} hidden={dragColumn || Boolean(expandColumn)} />
          </div>
        </div>
      </div>
    </div>
  );
}
