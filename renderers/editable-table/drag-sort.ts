/**
 * row-drag-sort with the mouse (or a pen or finger): press a row's handle, move, release — the row moves to where
 * the drop line is. Works on the virtual body's own layout (row offsets from the virtualiser), so it is the same
 * at 10 rows and 100,000, and scrolls the body when the pointer nears its top or bottom edge. Escape cancels.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { GridStore } from './store.ts';

export interface RowDrag {
  /** Position of the row being dragged. */
  from: number;
  /** The drop line: before the row at this position (the row count = after the last). */
  slot: number;
}

/** The position a row dragged from `from` lands on when dropped before `slot`. */
export function dropTarget(from: number, slot: number): number {
  return slot > from ? slot - 1 : slot;
}

const EDGE = 32;

export function useRowDragSort(
  store: GridStore,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  scrollRef: RefObject<HTMLDivElement | null>,
  bodyRef: RefObject<HTMLDivElement | null>,
  /** Height of a row's line (an expanded row's detail below it is not part of it). */
  lineHeight: number,
) {
  const [drag, setDrag] = useState<RowDrag>();
  const cleanup = useRef<() => void>(undefined);
  useEffect(() => () => cleanup.current?.(), []);

  const slotAt = useCallback(
    (clientY: number): number => {
      const top = bodyRef.current?.getBoundingClientRect().top ?? 0;
      const offset = clientY - top;
      const count = store.size();
      if (offset <= 0 || count === 0) return 0;
      const item = virtualizer.getVirtualItemForOffset(offset);
      if (!item) return count;
      // The row's line decides the half (an expanded row's detail counts as below its middle).
      return offset > item.start + Math.min(item.size, lineHeight) / 2 ? item.index + 1 : item.index;
    },
    [store, virtualizer, bodyRef, lineHeight],
  );

  const onDragStart = useCallback(
    (from: number, event: React.PointerEvent) => {
      if (event.button !== 0) return;
      // No text selection, no focus change while dragging.
      event.preventDefault();
      cleanup.current?.();
      let current: RowDrag = { from, slot: from };
      setDrag(current);
      const move = (e: PointerEvent) => {
        const scroller = scrollRef.current;
        if (scroller) {
          const box = scroller.getBoundingClientRect();
          if (box.height > 0 && e.clientY < box.top + EDGE) scroller.scrollTop -= EDGE;
          else if (box.height > 0 && e.clientY > box.bottom - EDGE) scroller.scrollTop += EDGE;
        }
        const slot = slotAt(e.clientY);
        if (slot !== current.slot) setDrag((current = { from, slot }));
      };
      const end = (drop: boolean) => {
        cleanup.current?.();
        setDrag(undefined);
        const to = dropTarget(current.from, current.slot);
        if (drop && to !== current.from) store.move(current.from, to);
      };
      const up = (e: PointerEvent) => {
        current = { from, slot: slotAt(e.clientY) };
        end(true);
      };
      const key = (e: KeyboardEvent) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        end(false);
      };
      const cancel = () => end(false);
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
      window.addEventListener('pointercancel', cancel);
      window.addEventListener('keydown', key, true);
      cleanup.current = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        window.removeEventListener('pointercancel', cancel);
        window.removeEventListener('keydown', key, true);
        cleanup.current = undefined;
      };
    },
    [store, scrollRef, slotAt],
  );

  return { drag, onDragStart };
}
