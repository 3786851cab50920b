/**
 * jsdom has no layout: give the editable grid's scroll box (`.grid-scroll`) the size a browser would, for the
 * tests of one file, so its virtual body has a viewport and renders rows. Other elements keep jsdom's zero.
 */
import { afterAll, beforeAll } from 'vitest';

export function useGridViewport(height: number, width = 1200): void {
  const sizes = ['clientHeight', 'clientWidth'] as const;
  const originals = sizes.map((name) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
  beforeAll(() => {
    for (const name of sizes) {
      Object.defineProperty(HTMLElement.prototype, name, {
        configurable: true,
        get(this: HTMLElement) {
          if (!this.classList.contains('grid-scroll')) return 0;
          return name === 'clientHeight' ? height : width;
        },
      });
    }
  });
  afterAll(() => {
    sizes.forEach((name, i) => Object.defineProperty(HTMLElement.prototype, name, originals[i] ?? { configurable: true, value: 0 }));
  });
}
