/**
 * The permission menu, inline (side menu, mobile drawer) or horizontal (top menu). Hidden entries are already
 * left out of `nav`; external entries open in a new window; inline, only one top-level folder is open at a time.
 */
import { useEffect, useMemo, useState } from 'react';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { ancestorKeys } from '../../engine/menu-routes.ts';
import type { NavItem } from '../../engine/menu-routes.ts';
import type { NavTheme } from '../preferences/index.ts';
import { menuIcon } from '../main/menu-icons.tsx';

type MenuItem = Required<MenuProps>['items'][number];

function toMenuItems(items: NavItem[]): MenuItem[] {
  return items.map((item) => ({
    key: item.key,
    icon: menuIcon(item.icon),
    label: item.title,
    ...(item.children ? { children: toMenuItems(item.children) } : {}),
  }));
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
  const menuItems = useMemo(() => toMenuItems(nav), [nav]);
  const rootKeys = useMemo(() => nav.filter((item) => item.children).map((item) => item.key), [nav]);
  const external = useMemo(() => new Map(flatten(nav).map((item) => [item.key, item.externalUrl])), [nav]);
  const selectedKey = selectedKeyFor(nav, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (selectedKey ? ancestorKeys(nav, selectedKey) : []));

  useEffect(() => {
    if (selectedKey) setOpenKeys(ancestorKeys(nav, selectedKey));
  }, [nav, selectedKey]);

  function onOpenChange(keys: string[]) {
    // Only one top-level folder open at a time (JeecgBoot's sider behaviour).
    const latest = keys.find((key) => !openKeys.includes(key));
    setOpenKeys(latest && rootKeys.includes(latest) ? [latest] : keys);
  }

  const controlsOpenKeys = mode === 'inline' && !collapsed;
  return (
    <nav aria-label="主菜单" style={mode === 'horizontal' ? { flex: 1, minWidth: 0 } : undefined}>
      <Menu
        theme={theme}
        mode={mode}
        items={menuItems}
        selectedKeys={selectedKey ? [selectedKey] : []}
        {...(controlsOpenKeys ? { openKeys, onOpenChange } : {})}
        style={{ borderInlineEnd: 0, ...(mode === 'horizontal' ? { lineHeight: '64px', borderBottom: 0 } : {}) }}
        onClick={({ key }) => {
          const url = external.get(key);
          if (url) window.open(url, '_blank', 'noopener');
          else navigate(addressOf ? addressOf(key) : key);
          onNavigate?.();
        }}
      />
    </nav>
  );
}
