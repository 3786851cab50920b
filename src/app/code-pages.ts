/**
 * Menu components that are code, not schema: a short, fixed list. Everything else is looked up among the
 * entity schemas.
 */
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

export const CODE_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'dashboard/Analysis': lazy(() => import('./pages/Analysis.tsx')),
  'layouts/RouteView': lazy(() => import('./pages/RouteView.tsx')),
};

export const ROUTE_VIEW = 'layouts/RouteView';
