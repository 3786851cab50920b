/**
 * Closing a popup the way people expect: a press outside it, or Escape. `inside` lists the elements that belong
 * to the popup (its trigger and its panel), so pressing the trigger toggles instead of closing and reopening.
 */
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

export function useDismiss(open: boolean, inside: Array<RefObject<HTMLElement | null>>, onDismiss: (reason: 'outside' | 'escape') => void): void {
  const latest = useRef({ inside, onDismiss });
  latest.current = { inside, onDismiss };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      const target = event.target as Node | null;
      if (target && latest.current.inside.some((ref) => ref.current?.contains(target))) return;
      latest.current.onDismiss('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      latest.current.onDismiss('escape');
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
}
