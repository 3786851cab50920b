/**
 * The permission menu, inline (side menu, mobile drawer), inline-collapsed (80 px sider: icons, folders open as
 * a flyout) or horizontal (top menu: folders open as a dropdown). Plain React (role menu/menuitem), so the shell
 * paints without antd. Hidden entries are already left out of `nav`; external entries open in a new window; only
 * one folder branch is open at a time.
 *
 * Keyboard (WAI-ARIA menu pattern, roving tabindex): arrows move between the entries of the same level (left and
 * right along the top menu), → / ↓ (top menu) / Enter / Space open a folder and go into it, ← or Escape go back
 * out, Home and End jump to the first and last entry.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ancestorKeys } from '../../engine/menu-routes.ts';
import type { NavItem } from '../../engine/menu-routes.ts';
import type { NavTheme } from '../preferences/preferences-model.ts';
import { Icon, menuIcon, useMenuIcons } from '../shell/icons.tsx';
import { useDismiss } from '../shell/use-dismiss.ts';

/** antd's inline indent: each level 24 px further in. */
const INDENT = 24;

interface Row {
  item: NavItem;
  level: number;
  /** The top-level entry this row sits under (itself at level 0). */
  top: string;
}

function flatten(items: NavItem[]): NavItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

/** The menu entry for a path: itself, or the closest listed ancestor for screens hidden from the menu. */
function selectedKeyFor(items: NavItem[], pathname: string): string | undefined {
  return flatten(items)
    .map((item) => item.key)
    .filter((key) => pathname === key || pathname.startsWith(`${key}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The rows a person can see now: every entry whose folders are open, in reading order. */
function visibleRows(items: NavItem[], openKeys: string[], level = 0, top?: string): Row[] {
  return items.flatMap((item) => {
    const row: Row = { item, level, top: top ?? item.key };
    const children = item.children && openKeys.includes(item.key) ? visibleRows(item.children, openKeys, level + 1, row.top) : [];
    return [row, ...children];
  });
}

interface NavMenuProps {
  nav: NavItem[];
  mode: 'inline' | 'horizontal';
  theme: NavTheme;
  collapsed?: boolean;
  /** Called after a screen was chosen (the mobile drawer closes). */
  onNavigate?(): void;
  /** Where a menu entry leads: an open tab's full address (its list filters and page), else the entry's path. */
  addressOf?(path: string): string;
}

export function NavMenu({ nav, mode, theme, collapsed = false, onNavigate, addressOf }: NavMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selectedKey = selectedKeyFor(nav, pathname);
  // Folders float (dropdown, flyout) in the top menu and the collapsed sider; they unfold in place otherwise.
  const popup = mode === 'horizontal' || collapsed;
  const [openKeys, setOpenKeys] = useState<string[]>(() => (selectedKey && !popup ? ancestorKeys(nav, selectedKey) : []));
  const [focusKey, setFocusKey] = useState<string>();
  const icons = useMenuIcons();
  const [pendingFocus, setPendingFocus] = useState<string>();
  const items = useRef(new Map<string, HTMLElement>());
  const rootRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (popup) {
      setOpenKeys([]);
      return;
    }
    // The current screen's folder opens; a top-level screen (首页) leaves open what the user opened.
    const folders = selectedKey ? ancestorKeys(nav, selectedKey) : [];
    if (folders.length > 0) setOpenKeys(folders);
  }, [nav, selectedKey, popup]);

  useEffect(() => {
    if (!pendingFocus) return;
    items.current.get(pendingFocus)?.focus();
    setPendingFocus(undefined);
  }, [pendingFocus, openKeys]);

  useDismiss(popup && openKeys.length > 0, [rootRef], (reason) => {
    const top = openKeys[0];
    setOpenKeys([]);
    if (reason === 'escape' && top) setPendingFocus(top);
  });

  const rows = useMemo(() => visibleRows(nav, openKeys), [nav, openKeys]);
  const tabStop =
    rows.find((row) => row.item.key === focusKey)?.item.key ??
    rows.find((row) => row.item.key === selectedKey)?.item.key ??
    rows.find((row) => selectedKey && ancestorKeys(nav, selectedKey).includes(row.item.key))?.item.key ??
    rows[0]?.item.key;

  const openFolder = (key: string) => setOpenKeys([...ancestorKeys(nav, key), key]);
  const closeFolder = (key: string) => setOpenKeys(ancestorKeys(nav, key));
  const moveTo = (key: string | undefined) => {
    if (!key) return;
    setFocusKey(key);
    setPendingFocus(key);
  };

  function choose(event: MouseEvent<HTMLAnchorElement>, item: NavItem) {
    if (item.externalUrl) {
      onNavigate?.();
      return; // The link itself opens the new window.
    }
    // Ctrl/⌘/Shift-click and middle-click keep their browser meaning (a new tab or window).
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (popup) setOpenKeys([]);
    navigate(addressOf ? addressOf(item.key) : item.key);
    onNavigate?.();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>, row: Row) {
    const { item, level } = row;
    const horizontalRow = mode === 'horizontal' && level === 0;
    // The entries this one moves among: the top row of a floating menu, its open panel, or the whole inline menu.
    const scope = rows.filter((r) => (!popup ? true : level === 0 ? r.level === 0 : r.level > 0 && r.top === row.top));
    const at = scope.findIndex((r) => r.item.key === item.key);
    const next = horizontalRow ? 'ArrowRight' : 'ArrowDown';
    const prev = horizontalRow ? 'ArrowLeft' : 'ArrowUp';
    const into = mode === 'horizontal' && level === 0 ? 'ArrowDown' : 'ArrowRight';
    const topRow = rows.filter((r) => r.level === 0);
    const topAt = topRow.findIndex((r) => r.item.key === row.top);
    let handled = true;

    if (event.key === next) moveTo(scope[(at + 1) % scope.length]?.item.key);
    else if (event.key === prev) moveTo(scope[(at - 1 + scope.length) % scope.length]?.item.key);
    else if (event.key === 'Home') moveTo(scope[0]?.item.key);
    else if (event.key === 'End') moveTo(scope.at(-1)?.item.key);
    else if (item.children && (event.key === into || ((event.key === 'Enter' || event.key === ' ') && !openKeys.includes(item.key)))) {
      openFolder(item.key);
      moveTo(item.children[0]?.key);
    } else if (item.children && (event.key === 'Enter' || event.key === ' ')) closeFolder(item.key);
    else if (mode === 'horizontal' && level > 0 && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      // Inside a dropdown of the top menu, left and right go to the neighbouring top entry.
      const step = event.key === 'ArrowRight' ? 1 : -1;
      setOpenKeys([]);
      moveTo(topRow[(topAt + step + topRow.length) % topRow.length]?.item.key);
    } else if ((event.key === 'ArrowLeft' || event.key === 'Escape') && level > 0) {
      const parent = ancestorKeys(nav, item.key).at(-1);
      if (parent) {
        closeFolder(parent);
        moveTo(parent);
      }
    } else if (event.key === 'ArrowLeft' && item.children && openKeys.includes(item.key)) closeFolder(item.key);
    else if (event.key === ' ' && !item.children) (event.currentTarget as HTMLElement).click();
    else handled = false;
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  function renderItems(list: NavItem[], level: number, top?: string): ReactNode {
    return list.map((item) => {
      const row: Row = { item, level, top: top ?? item.key };
      const iconOnly = collapsed && level === 0;
      const common = {
        role: 'menuitem',
        tabIndex: tabStop === item.key ? 0 : -1,
        ref: (node: HTMLElement | null) => {
          if (node) items.current.set(item.key, node);
          else items.current.delete(item.key);
        },
        title: iconOnly ? item.title : undefined,
        style: mode === 'inline' && !iconOnly ? { paddingInlineStart: INDENT + (popup ? Math.max(0, level - 1) : level) * INDENT } : undefined,
        onFocus: () => setFocusKey(item.key),
        onKeyDown: (event: KeyboardEvent<HTMLElement>) => onKeyDown(event, row),
      } as const;
      const icon = menuIcon(item.icon, icons);
      const label = (
        <>
          {/* Folded, an entry without an icon shows its first character, as antd does. */}
          {icon ?? (iconOnly ? <span className="shell-menu-initial" aria-hidden="true">{item.title.slice(0, 1)}</span> : null)}
          <span className={iconOnly ? 'shell-menu-title shell-visually-hidden' : 'shell-menu-title'}>{item.title}</span>
        </>
      );

      if (!item.children) {
        const selected = item.key === selectedKey;
        return (
          <li key={item.key} role="none" className="shell-menu-li">
            <a
              {...common}
              className={selected ? 'shell-menu-item is-selected' : 'shell-menu-item'}
              href={item.externalUrl ?? (addressOf ? addressOf(item.key) : item.key)}
              aria-current={selected ? 'page' : undefined}
              {...(item.externalUrl ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              onClick={(event) => choose(event, item)}
            >
              {label}
            </a>
          </li>
        );
      }
      const open = openKeys.includes(item.key);
      const holdsSelected = selectedKey !== undefined && ancestorKeys(nav, selectedKey).includes(item.key);
      const floating = popup && level === 0;
      return (
        <li key={item.key} role="none" className={floating ? 'shell-menu-li shell-menu-has-popup' : 'shell-menu-li'}>
          <button
            {...common}
            type="button"
            className={holdsSelected ? 'shell-menu-item shell-menu-folder is-active' : 'shell-menu-item shell-menu-folder'}
            aria-haspopup="menu"
            aria-expanded={open}
            onClick={() => (open ? closeFolder(item.key) : openFolder(item.key))}
          >
            {label}
            {iconOnly ? null : <Icon name="down" className="shell-menu-arrow" />}
          </button>
          {open ? (
            <ul role="menu" aria-label={item.title} className={floating ? 'shell-menu-popup' : 'shell-menu-sub'}>
              {renderItems(item.children, level + 1, row.top)}
            </ul>
          ) : null}
        </li>
      );
    });
  }

  const classes = ['shell-menu', `shell-menu-${theme}`, `shell-menu-${mode}`, collapsed ? 'shell-menu-collapsed' : ''].filter(Boolean).join(' ');
  return (
    <nav aria-label="主菜单" ref={rootRef} className={mode === 'horizontal' ? 'shell-nav shell-nav-horizontal' : 'shell-nav'}>
      <ul role="menu" aria-label="主菜单" aria-orientation={mode === 'horizontal' ? 'horizontal' : 'vertical'} className={classes}>
        {renderItems(nav, 0)}
      </ul>
    </nav>
  );
}
