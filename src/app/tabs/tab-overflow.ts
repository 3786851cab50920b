/**
 * When more tabs are open than the strip is wide: which tabs are out of view, and the strip's scroll position that
 * brings one into view. Pure geometry on boxes (client pixels), so the rules are testable without a layout engine;
 * `useTabOverflow` measures the real strip and applies them.
 */
import { useCallback, useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

export interface Span {
  left: number;
  right: number;
}

/** Less than this much of a tab cut off still counts as visible (borders, sub-pixel rounding). */
const TOLERANCE_PX = 1;

/** Paths of the tabs not wholly inside the strip's visible span, in strip order. */
export function tabsOutOfView(strip: Span, tabs: ReadonlyArray<Span & { path: string }>): string[] {
  return tabs
    .filter((tab) => tab.left < strip.left - TOLERANCE_PX || tab.right > strip.right + TOLERANCE_PX)
    .map((tab) => tab.path);
}

/**
 * The strip's next scrollLeft that shows `tab` whole (moving as little as possible), or undefined when it already
 * shows. A tab wider than the strip is aligned to the strip's start.
 */
export function scrollLeftToShow(strip: Span & { scrollLeft: number }, tab: Span): number | undefined {
  if (tab.left < strip.left || tab.right - tab.left > strip.right - strip.left) return strip.scrollLeft + (tab.left - strip.left);
  if (tab.right > strip.right) return strip.scrollLeft + (tab.right - strip.right);
  return undefined;
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((path, index) => path === b[index]);

/**
 * Keeps the active tab scrolled into the strip and reports the tabs out of view. Measures after every change of the
 * tabs or the active one, when the strip scrolls and when it is resized (window, sider collapse).
 */
export function useTabOverflow(
  strip: RefObject<HTMLElement | null>,
  tabElements: RefObject<Map<string, HTMLElement>>,
  paths: string[],
  active: string,
): string[] {
  const [hidden, setHidden] = useState<string[]>([]);
  // `paths` is a fresh array each render; its contents are what matter, so the callback depends on them as text.
  const pathKey = paths.join('\n');
  const measure = useCallback(() => {
    const box = strip.current?.getBoundingClientRect();
    if (!box) return;
    const boxes = pathKey.split('\n').flatMap((path) => {
      const tab = tabElements.current.get(path)?.getBoundingClientRect();
      return tab ? [{ path, left: tab.left, right: tab.right }] : [];
    });
    const next = tabsOutOfView(box, boxes);
    setHidden((previous) => (sameList(previous, next) ? previous : next));
  }, [strip, tabElements, pathKey]);

  // The active tab is scrolled to by hand rather than scrollIntoView, which would also scroll the page.
  useLayoutEffect(() => {
    const element = strip.current;
    const tab = tabElements.current.get(active)?.getBoundingClientRect();
    if (element && tab) {
      const box = element.getBoundingClientRect();
      const next = scrollLeftToShow({ left: box.left, right: box.right, scrollLeft: element.scrollLeft }, tab);
      if (next !== undefined) element.scrollLeft = next;
    }
    measure();
  }, [strip, tabElements, active, measure]);

  useLayoutEffect(() => {
    const element = strip.current;
    if (!element) return;
    // A mouse wheel has no horizontal axis: over an overflowing strip its turn scrolls the strip, not the page.
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0 || Math.abs(event.deltaX) > Math.abs(event.deltaY)) return;
      if (element.scrollWidth <= element.clientWidth) return;
      event.preventDefault();
      element.scrollLeft += event.deltaY;
    };
    element.addEventListener('scroll', measure, { passive: true });
    element.addEventListener('wheel', onWheel, { passive: false });
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      element.removeEventListener('wheel', onWheel);
      resize.disconnect();
    };
  }, [strip, measure]);

  return hidden;
}
