/**
 * What the shell needs to know about a path from the permission menu: its title, its folders (for the
 * breadcrumb), whether it is kept alive or tab-less. Built from the raw menu so hidden screens are known too.
 * Pure, so breadcrumb and tab rules are testable without a router.
 */
import type { MenuNode } from '../../contracts/index.ts';
import { isParameterPath, normalisePath, pathMatches } from '../../engine/menu-routes.ts';
import type { NavItem } from '../../engine/menu-routes.ts';

export interface MenuEntry {
  path: string;
  title: string;
  keepAlive: boolean;
  hideTab: boolean;
  /** A folder only redirects to its screens; it never gets a tab or a cached screen. */
  isFolder: boolean;
  /** Enclosing menu folders, outermost first. */
  ancestors: Array<{ path: string; title: string }>;
}

export type MenuIndex = Map<string, MenuEntry>;

export function indexMenu(menu: MenuNode[]): MenuIndex {
  const index: MenuIndex = new Map();
  const visit = (nodes: MenuNode[], ancestors: MenuEntry['ancestors']) => {
    for (const node of nodes) {
      if (!node.path) continue;
      const path = normalisePath(node.path);
      const title = node.meta?.title ?? node.name ?? path;
      const children = node.children ?? [];
      // A `route:"0"` link opens through a parameter route but is still its screen's own entry (title, tab);
      // a routed entry of the same path wins.
      if (node.route !== '0' || !index.has(path)) {
        index.set(path, {
          path,
          title,
          keepAlive: node.meta?.keepAlive === true,
          hideTab: node.meta?.hideTab === true,
          isFolder: children.some((child) => child.route !== '0' && child.path),
          ancestors,
        });
      }
      visit(children, [...ancestors, { path, title }]);
    }
  };
  visit(menu, []);
  return index;
}

/**
 * The entry for a path: its own, the parameter route that opens it (/online/cgreport/:code), or the closest
 * enclosing one for screens below a menu path.
 */
export function findEntry(index: MenuIndex, pathname: string): MenuEntry | undefined {
  const own = index.get(pathname);
  if (own) return own;
  for (const entry of index.values()) {
    if (isParameterPath(entry.path) && pathMatches(entry.path, pathname)) return entry;
  }
  let best: MenuEntry | undefined;
  for (const entry of index.values()) {
    if (pathname.startsWith(`${entry.path}/`) && (!best || entry.path.length > best.path.length)) best = entry;
  }
  return best;
}

export interface Crumb {
  title: string;
  /** Only 首页 links somewhere: folders are not screens, and the last crumb is where the user is. */
  path?: string;
}

export const HOME_TITLE = '首页';

export function breadcrumbTrail(index: MenuIndex, pathname: string, homePath: string): Crumb[] {
  const home: Crumb = { title: HOME_TITLE, path: homePath };
  const entry = findEntry(index, pathname);
  if (!entry || entry.path === homePath) return [home];
  return [home, ...entry.ancestors.map(({ title }) => ({ title })), { title: entry.title }];
}

export interface SearchableMenu {
  path: string;
  title: string;
  externalUrl?: string;
}

/** Every screen the user may open from the menu (leaves of the visible navigation), for the menu search. */
export function searchableLeaves(items: NavItem[]): SearchableMenu[] {
  return items.flatMap((item) =>
    item.children
      ? searchableLeaves(item.children)
      : [{ path: item.key, title: item.title, ...(item.externalUrl ? { externalUrl: item.externalUrl } : {}) }],
  );
}

/** Full-screen dashboards live under /screen/: no footer, no tabs, no page header. */
export function isScreenPath(pathname: string): boolean {
  return pathname.startsWith('/screen/');
}
