/**
 * Where the shell hands over to antd: children render inside AntdTheme once its chunk (antd) has loaded, with
 * `fallback` until then. Everything outside an island is plain React, so the shell's first paint needs no antd.
 */
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';

const AntdTheme = lazy(() => import('./AntdTheme.tsx'));

/** Starts loading antd (the content area wants it as soon as the shell mounts). */
export function preloadAntd(): void {
  void import('./AntdTheme.tsx').catch(() => undefined);
}

export function AntdIsland({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <AntdTheme>{children}</AntdTheme>
    </Suspense>
  );
}
