/**
 * The multi-tab bar above the content, plain React (role tablist/tab). Every tab has a close button (closing home
 * explains why it stays); right-click on a tab — or Shift+F10 / the context-menu key on a focused tab — offers
 * 刷新 / 关闭左侧 / 关闭右侧 / 关闭其他. Keyboard: ← → Home End move between tabs, Enter or Space shows the focused
 * one, Delete closes it. The strip scrolls the active tab into view, and while some tabs are out of view a 更多页签
 * button lists them (tab-overflow.ts, TabOverflowMenu.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Icon } from '../shell/icons.tsx';
import { useDismiss } from '../shell/use-dismiss.ts';
import { useTabOverflow } from './tab-overflow.ts';
import { TabOverflowMenu } from './TabOverflowMenu.tsx';
import type { PageTabs } from './usePageTabs.ts';

type ContextAction = 'refresh' | 'closeLeft' | 'closeRight' | 'closeOthers';

const CONTEXT_ACTIONS: ReadonlyArray<{ key: ContextAction; label: string }> = [
  { key: 'refresh', label: '刷新' },
  { key: 'closeLeft', label: '关闭左侧' },
  { key: 'closeRight', label: '关闭右侧' },
  { key: 'closeOthers', label: '关闭其他' },
];

interface ContextMenuAt {
  path: string;
  x: number;
  y: number;
}

function TabContextMenu({ at, tabs, onClose }: { at: ContextMenuAt; tabs: PageTabs; onClose(refocus: boolean): void }) {
  const ref = useRef<HTMLUListElement>(null);
  const entries = useRef<Array<HTMLLIElement | null>>([]);
  useEffect(() => entries.current[0]?.focus(), []);
  useDismiss(true, [ref], (reason) => onClose(reason === 'escape'));

  const run = (action: ContextAction) => {
    onClose(false);
    tabs[action](at.path);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    const count = CONTEXT_ACTIONS.length;
    const move = (to: number) => entries.current[(to + count) % count]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(count - 1);
    else if (event.key === 'Enter' || event.key === ' ') run(CONTEXT_ACTIONS[index].key);
    else if (event.key === 'Tab') onClose(true);
    else return;
    event.preventDefault();
  };

  return (
    <ul ref={ref} role="menu" aria-label="页签操作" className="shell-dropdown-menu shell-context-menu" style={{ left: at.x, top: at.y }}>
      {CONTEXT_ACTIONS.map((action, index) => (
        <li
          key={action.key}
          ref={(node) => {
            entries.current[index] = node;
          }}
          role="menuitem"
          tabIndex={-1}
          className="shell-dropdown-item"
          onClick={() => run(action.key)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {action.label}
        </li>
      ))}
    </ul>
  );
}

export function TabBar({ tabs, panelId }: { tabs: PageTabs; panelId?: string }) {
  const [menu, setMenu] = useState<ContextMenuAt>();
  const [focused, setFocused] = useState<string>();
  const tabRefs = useRef(new Map<string, HTMLDivElement>());
  // The whole tab (label and close button), for what the strip shows of it.
  const tabBoxes = useRef(new Map<string, HTMLElement>());
  const strip = useRef<HTMLDivElement>(null);
  const paths = tabs.tabs.map((tab) => tab.path);
  const outOfView = useTabOverflow(strip, tabBoxes, paths, tabs.active);
  const tabStop = focused && paths.includes(focused) ? focused : tabs.active;

  const focusTab = (path: string | undefined) => {
    if (!path) return;
    setFocused(path);
    tabRefs.current.get(path)?.focus();
  };
  const openMenuAt = (path: string) => {
    const box = tabRefs.current.get(path)?.getBoundingClientRect();
    setMenu({ path, x: box ? box.left : 0, y: box ? box.bottom : 0 });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, path: string) => {
    const at = paths.indexOf(path);
    if (event.key === 'ArrowRight') focusTab(paths[(at + 1) % paths.length]);
    else if (event.key === 'ArrowLeft') focusTab(paths[(at - 1 + paths.length) % paths.length]);
    else if (event.key === 'Home') focusTab(paths[0]);
    else if (event.key === 'End') focusTab(paths.at(-1));
    else if (event.key === 'Enter' || event.key === ' ') tabs.select(path);
    else if (event.key === 'Delete') tabs.close(path);
    else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) openMenuAt(path);
    else return;
    event.preventDefault();
  };

  return (
    <div className="shell-tabs">
      <div ref={strip} role="tablist" aria-label="多页签" className="shell-tablist">
        {tabs.tabs.map((tab) => {
          const active = tab.path === tabs.active;
          return (
            <div
              key={tab.path}
              ref={(node) => {
                if (node) tabBoxes.current.set(tab.path, node);
                else tabBoxes.current.delete(tab.path);
              }}
              className={active ? 'shell-tab is-active' : 'shell-tab'}
              onContextMenu={(event) => {
                event.preventDefault();
                setMenu({ path: tab.path, x: event.clientX, y: event.clientY });
              }}
            >
              <div
                ref={(node) => {
                  if (node) tabRefs.current.set(tab.path, node);
                  else tabRefs.current.delete(tab.path);
                }}
                role="tab"
                id={`shell-tab-${tab.path}`}
                aria-selected={active}
                aria-controls={active ? panelId : undefined}
                tabIndex={tab.path === tabStop ? 0 : -1}
                className="shell-tab-label"
                onClick={() => tabs.select(tab.path)}
                onFocus={() => setFocused(tab.path)}
                onKeyDown={(event) => onKeyDown(event, tab.path)}
              >
                {tab.title}
              </div>
              <button type="button" className="shell-tab-close" aria-label={`关闭 ${tab.title}`} tabIndex={-1} onClick={() => tabs.close(tab.path)}>
                <Icon name="close" />
              </button>
            </div>
          );
        })}
      </div>
      {outOfView.length > 0 ? (
        <TabOverflowMenu hidden={tabs.tabs.filter((tab) => outOfView.includes(tab.path))} onSelect={tabs.select} />
      ) : null}
      {menu ? (
        <TabContextMenu
          key={`${menu.path}@${menu.x},${menu.y}`}
          at={menu}
          tabs={tabs}
          onClose={(refocus) => {
            setMenu(undefined);
            if (refocus) focusTab(menu.path);
          }}
        />
      ) : null}
    </div>
  );
}
