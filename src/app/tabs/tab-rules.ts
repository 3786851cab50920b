/**
 * Multi-tab rules, JeecgBoot style: the home tab is first and never closes, the last tab never closes, and the
 * bulk closes (left, right, others) always keep home. Pure: each returns the next state plus what to tell the
 * user and where to go, and the hook does the telling and the navigating.
 */

export interface PageTab {
  /** The route path, which identifies the tab. */
  path: string;
  /** Path with query string, to return to exactly where the tab was. */
  fullPath: string;
  title: string;
}

export interface TabsState {
  tabs: PageTab[];
  active: string;
}

export interface TabOutcome {
  state: TabsState;
  warning?: string;
  /** Set when the active tab went away and another one must be shown. */
  navigateTo?: string;
}

export const HOME_CANNOT_CLOSE = '首页不能关闭!';
export const LAST_TAB_CANNOT_CLOSE = '这是最后一页，不能再关闭了啦';

export function homeTab(homePath: string): PageTab {
  return { path: homePath, fullPath: homePath, title: '首页' };
}

export function initialTabs(homePath: string, restored: PageTab[] = []): TabsState {
  const others = restored.filter((tab) => tab.path !== homePath);
  return { tabs: [homeTab(homePath), ...others], active: homePath };
}

/** Opening a route: its tab is added at the end, or refreshed (title, query) and activated when present. */
export function openTab(state: TabsState, tab: PageTab): TabsState {
  const present = state.tabs.some((t) => t.path === tab.path);
  const tabs = present ? state.tabs.map((t) => (t.path === tab.path ? { ...t, ...tab } : t)) : [...state.tabs, tab];
  return { tabs, active: tab.path };
}

export function closeTab(state: TabsState, path: string, homePath: string): TabOutcome {
  if (path === homePath) return { state, warning: HOME_CANNOT_CLOSE };
  if (state.tabs.length <= 1) return { state, warning: LAST_TAB_CANNOT_CLOSE };
  const at = state.tabs.findIndex((t) => t.path === path);
  if (at < 0) return { state };
  const tabs = state.tabs.filter((t) => t.path !== path);
  if (state.active !== path) return { state: { tabs, active: state.active } };
  // The closed tab was showing: its left neighbour takes over (or the new first one).
  const next = tabs[Math.max(0, at - 1)];
  return { state: { tabs, active: next.path }, navigateTo: next.fullPath };
}

/** Keeps home and the tabs `keep` accepts; if the active tab went, the tab the user acted on becomes active. */
function keepOnly(state: TabsState, target: string, homePath: string, keep: (index: number) => boolean): TabOutcome {
  const targetIndex = state.tabs.findIndex((t) => t.path === target);
  if (targetIndex < 0) return { state };
  const tabs = state.tabs.filter((t, index) => t.path === homePath || t.path === target || keep(index - targetIndex));
  if (tabs.some((t) => t.path === state.active)) return { state: { tabs, active: state.active } };
  return { state: { tabs, active: target }, navigateTo: state.tabs[targetIndex].fullPath };
}

export function closeLeft(state: TabsState, target: string, homePath: string): TabOutcome {
  return keepOnly(state, target, homePath, (offset) => offset > 0);
}

export function closeRight(state: TabsState, target: string, homePath: string): TabOutcome {
  return keepOnly(state, target, homePath, (offset) => offset < 0);
}

export function closeOthers(state: TabsState, target: string, homePath: string): TabOutcome {
  return keepOnly(state, target, homePath, () => false);
}

export function documentTitle(pageTitle: string | undefined, platformName: string | undefined): string {
  return [pageTitle, platformName].filter(Boolean).join(' - ');
}
