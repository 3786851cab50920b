/**
 * The open tabs of this browser session: follows the route (opening a screen opens its tab), remembers the list
 * in sessionStorage, and carries out the tab rules — warnings through the shell's messages, moves through the router.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { closeLeft, closeOthers, closeRight, closeTab, initialTabs, openTab } from './tab-rules.ts';
import type { PageTab, TabOutcome, TabsState } from './tab-rules.ts';
import { useShellMessage } from '../shell/toast.tsx';

const SESSION_KEY = 'pro__MULTI_TABS';

function isPageTab(value: unknown): value is PageTab {
  if (!value || typeof value !== 'object') return false;
  const tab = value as Record<string, unknown>;
  return typeof tab.path === 'string' && typeof tab.fullPath === 'string' && typeof tab.title === 'string';
}

function readSessionTabs(): PageTab[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPageTab) : [];
  } catch {
    // A corrupt entry only costs the remembered tabs.
    return [];
  }
}

export interface PageTabsOptions {
  homePath: string;
  /** The tab for the current route, or undefined when the route has no tab (hideTab, folders, unknown). */
  current: PageTab | undefined;
  /** Whether a remembered tab still belongs to this user's menu. */
  isKnownPath(path: string): boolean;
}

export interface PageTabs extends TabsState {
  select(path: string): void;
  close(path: string): void;
  closeLeft(path: string): void;
  closeRight(path: string): void;
  closeOthers(path: string): void;
  /** Remounts the screen of a tab (刷新), showing it first. */
  refresh(path: string): void;
  /** Changes whenever the screen of `path` must remount. */
  remountKey(path: string): number;
}

export function usePageTabs({ homePath, current, isKnownPath }: PageTabsOptions): PageTabs {
  const message = useShellMessage();
  const navigate = useNavigate();
  const [state, setState] = useState<TabsState>(() =>
    initialTabs(homePath, readSessionTabs().filter((tab) => isKnownPath(tab.path))),
  );
  const [remounts, setRemounts] = useState<Record<string, number>>({});

  const { path, fullPath, title } = current ?? {};
  useEffect(() => {
    if (path && fullPath && title) setState((s) => openTab(s, { path, fullPath, title }));
  }, [path, fullPath, title]);

  useEffect(() => sessionStorage.setItem(SESSION_KEY, JSON.stringify(state.tabs)), [state.tabs]);

  const apply = useCallback(
    (outcome: TabOutcome) => {
      if (outcome.warning) message.warning(outcome.warning);
      setState(outcome.state);
      if (outcome.navigateTo) navigate(outcome.navigateTo);
    },
    [message, navigate],
  );

  return useMemo<PageTabs>(() => {
    const fullPathOf = (target: string) => state.tabs.find((t) => t.path === target)?.fullPath ?? target;
    return {
      ...state,
      select: (target) => navigate(fullPathOf(target)),
      close: (target) => apply(closeTab(state, target, homePath)),
      closeLeft: (target) => apply(closeLeft(state, target, homePath)),
      closeRight: (target) => apply(closeRight(state, target, homePath)),
      closeOthers: (target) => apply(closeOthers(state, target, homePath)),
      refresh: (target) => {
        setRemounts((r) => ({ ...r, [target]: (r[target] ?? 0) + 1 }));
        if (target !== state.active) navigate(fullPathOf(target));
      },
      remountKey: (target) => remounts[target] ?? 0,
    };
  }, [state, remounts, apply, navigate, homePath]);
}
