/**
 * Server menu tree (contract §3) → the routes to register and the navigation to show. Pure functions so the
 * rules are testable without a router: `route:"0"` nodes (and their subtrees) get no route, hidden nodes get no
 * menu item but keep their route, and children nest only where their path lies under the parent's path. A
 * `route:"0"` link (e.g. /online/cgreport/driver_income) opens through a parameter route (/online/cgreport/:code),
 * as in JeecgBoot.
 */
import type { MenuNode } from '../contracts/index.ts';
import { isParameterPath } from '../contracts/menu.ts';

export { isParameterPath, pathMatches } from '../contracts/menu.ts';

export interface RouteSpec {
  /** Absolute path, e.g. /wlhy/hydriver/HyDriverList. */
  path: string;
  component: string;
  title: string;
  redirect?: string;
  children: RouteSpec[];
}

export interface NavItem {
  key: string;
  title: string;
  icon?: string;
  /** Address to open in a new window instead of routing (external menus). */
  externalUrl?: string;
  children?: NavItem[];
}

export function isValidMenu(menu: unknown): menu is MenuNode[] {
  return Array.isArray(menu) && menu.length > 0;
}

export function buildRoutes(menu: MenuNode[]): RouteSpec[] {
  const top: RouteSpec[] = [];
  for (const node of menu) collectRoute(node, top, top);
  return top;
}

function collectRoute(node: MenuNode, siblings: RouteSpec[], top: RouteSpec[]): void {
  if (node.route === '0' || !node.path) return;
  const spec: RouteSpec = {
    path: normalisePath(node.path),
    component: node.component ?? '',
    title: node.meta?.title ?? node.name ?? node.path,
    ...(node.redirect ? { redirect: normalisePath(node.redirect) } : {}),
    children: [],
  };
  siblings.push(spec);
  for (const child of node.children ?? []) {
    // A child outside its parent's path cannot nest under it in a router, so it becomes a top-level route.
    const nests = child.path && normalisePath(child.path).startsWith(`${spec.path}/`);
    collectRoute(child, nests ? spec.children : top, top);
  }
}

export function buildNavigation(menu: MenuNode[]): NavItem[] {
  const items: NavItem[] = [];
  for (const node of menu) {
    if (node.hidden || node.meta?.hideMenu) continue;
    const children = buildNavigation(node.children ?? []);
    const external = node.meta?.url && /^https?:\/\//.test(node.meta.url) ? node.meta.url : undefined;
    items.push({
      key: normalisePath(node.path),
      title: node.meta?.title ?? node.name,
      ...(node.meta?.icon ? { icon: node.meta.icon } : {}),
      ...(external ? { externalUrl: external } : {}),
      ...(children.length > 0 ? { children } : {}),
    });
  }
  return items;
}

/** Keys of the folders that contain `path`, outermost first (to open the sider on the current screen). */
export function ancestorKeys(items: NavItem[], path: string): string[] {
  for (const item of items) {
    if (item.key === path) return [];
    if (item.children) {
      const below = ancestorKeys(item.children, path);
      if (below.length > 0 || item.children.some((c) => c.key === path)) return [item.key, ...below];
    }
  }
  return [];
}

/** The first routable leaf under a folder, used when a folder route is opened directly (never a parameter route). */
export function firstLeafPath(spec: RouteSpec): string | undefined {
  for (const child of spec.children) {
    if (child.children.length === 0 && !isParameterPath(child.path)) return child.path;
    const leaf = firstLeafPath(child);
    if (leaf) return leaf;
  }
  return undefined;
}

export function normalisePath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}
