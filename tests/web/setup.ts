/**
 * jsdom setup for antd (stack-spike G14): jest-dom matchers, cleanup between tests, a matchMedia shim, and a
 * getComputedStyle that ignores the pseudo-element argument jsdom does not implement, and a no-op ResizeObserver
 * (antd's Table and Select observe their size; jsdom has no layout to report).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Test files share a worker's jsdom (vite.config.ts, isolate: false): each file starts from an empty page.
afterAll(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// Set once per worker: setup files run again for every file that shares the worker's jsdom.
const unwrapped = window.getComputedStyle as typeof window.getComputedStyle & { ignoresPseudo?: true };
if (!unwrapped.ignoresPseudo) {
  const originalGetComputedStyle = unwrapped.bind(window);
  window.getComputedStyle = Object.assign((element: Element) => originalGetComputedStyle(element), { ignoresPseudo: true as const });
}

if (typeof globalThis.ResizeObserver !== 'function') {
  class NoopResizeObserver implements ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  globalThis.ResizeObserver = NoopResizeObserver;
}
