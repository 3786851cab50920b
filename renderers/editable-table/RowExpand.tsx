/**
 * row-expand: the detail area under an expanded row. Its height is whatever its content needs, so each detail
 * measures itself and reports it; the table adds it to that row's size in the virtual body (rows below move
 * down). Only open details are measured, so a grid without expanded rows pays nothing for the feature.
 */
import { useCallback, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { GridColumn } from '../../src/contracts/grid.ts';
import { isKeywordType } from '../../src/contracts/grid.ts';
import { gridSlot } from './cell-registry.ts';
import { cellContent, type CellOption } from './cells.tsx';
import type { GridStore } from './store.ts';

/** Height assumed for a detail until it has been measured. */
export const DETAIL_ESTIMATE = 120;

/** Detail heights by row id, as measured; the virtual body asks for them when it lays rows out. */
export class DetailHeights {
  private readonly heights = new Map<string, number>();

  get(id: string): number {
    return this.heights.get(id) ?? DETAIL_ESTIMATE;
  }

  /** Whether the height is new (the body must then lay out again). */
  set(id: string, height: number): boolean {
    // No layout (jsdom, a detached node) reports 0: keep the estimate rather than collapse the area.
    if (height <= 0 || this.heights.get(id) === height) return false;
    this.heights.set(id, height);
    return true;
  }
}

export interface RowDetailProps {
  store: GridStore;
  id: string;
  position: number;
  top: number;
  width: number;
  /** Every declared column (hidden ones too): the default detail lists them. */
  columns: readonly GridColumn[];
  optionsOf(column: GridColumn): CellOption[];
  /** A registered slot that draws the detail instead of the default list. */
  slotName?: string;
  expandColumn: GridColumn;
  disabled?: boolean;
  onHeight(id: string, height: number): void;
  onRowChange(id: string, key: string, value: unknown): void;
}

export function RowDetail(props: RowDetailProps) {
  const { store, id, onHeight } = props;
  const subscribeRow = useCallback((listener: () => void) => store.subscribeRow(id, listener), [store, id]);
  useSyncExternalStore(subscribeRow, () => store.rowVersion(id));
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    onHeight(id, element.offsetHeight);
    const observer = new ResizeObserver(() => onHeight(id, element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [id, onHeight]);
  const row = store.byId(id);
  if (!row) return null;
  const Slot = gridSlot(props.slotName);
  const setRow = (patch: Record<string, unknown>) => Object.entries(patch).forEach(([key, value]) => props.onRowChange(id, key, value));
  return (
    <div
      ref={ref}
      role="region"
      aria-label={`第${props.position + 1}行详情`}
      className="grid-row-detail"
      style={{ position: 'absolute', top: 0, left: 0, width: props.width, transform: `translateY(${props.top}px)` }}
    >
      {Slot ? (
        <Slot column={props.expandColumn} row={row} value={undefined} rowIndex={props.position} disabled={Boolean(props.disabled)} setValue={() => undefined} setRow={setRow} />
      ) : (
        <dl className="grid-detail-list">
          {props.columns
            .filter((column) => !isKeywordType(column.type))
            .map((column) => (
              <div key={column.key} className="grid-detail-item">
                <dt>{column.title}</dt>
                <dd>{cellContent(column, row[column.key], props.optionsOf(column)) ?? '—'}</dd>
              </div>
            ))}
        </dl>
      )}
    </div>
  );
}
