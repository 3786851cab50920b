/**
 * The signed-in shell: dark collapsible sider with the server menu, a header with the user and 退出登录, and the
 * routed screens. Lazy-loaded, so the login page carries none of this (nor the renderers behind it).
 */
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { buildNavigation, buildRoutes, ancestorKeys } from '../../engine/menu-routes.ts';
import type { NavItem, RouteSpec } from '../../engine/menu-routes.ts';
import { createRegistry } from '../../engine/registry.ts';
import { RegistryProvider } from '../../engine/render-node.tsx';
import { ServicesProvider } from '../../engine/services.tsx';
import type { Services } from '../../engine/services.tsx';
import { createAccess } from '../../providers/access.ts';
import { registerRenderers } from '../../../renderers/index.ts';
import { HOME_PATH, NOT_FOUND_PATH } from '../paths.ts';
import { UserMenu } from '../header/UserMenu.tsx';
import { useAppDeps } from '../deps.tsx';
import { useSession } from '../session.tsx';
import { usePlatformSettings } from '../settings.tsx';
import { menuIcon } from './menu-icons.tsx';
import { FolderIndex, Screen } from './Screen.tsx';

const registry = registerRenderers(createRegistry());

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
  const keys = flatten(items).map((item) => item.key);
  return keys
    .filter((key) => pathname === key || pathname.startsWith(`${key}/`))
    .sort((a, b) => b.length - a.length)[0];
}

function renderRoute(spec: RouteSpec): ReactNode {
  return (
    <Route key={spec.path} path={spec.path} element={<Screen spec={spec} />}>
      {spec.children.length > 0 ? <Route index element={<FolderIndex spec={spec} />} /> : null}
      {spec.children.map(renderRoute)}
    </Route>
  );
}

function hasRoute(specs: RouteSpec[], path: string): boolean {
  return specs.some((spec) => spec.path === path || hasRoute(spec.children, path));
}

const HOME_SPEC: RouteSpec = { path: HOME_PATH, component: 'dashboard/Analysis', title: '首页', children: [] };

export default function MainLayout() {
  const session = useSession();
  const deps = useAppDeps();
  const settings = usePlatformSettings();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const menu = session.permissions?.menu;

  const routes = useMemo(() => {
    const built = buildRoutes(menu ?? []);
    // The home page is always reachable, even when a role's menu leaves it out.
    return hasRoute(built, HOME_PATH) ? built : [HOME_SPEC, ...built];
  }, [menu]);
  const nav = useMemo(() => buildNavigation(menu ?? []), [menu]);
  const menuItems = useMemo(() => toMenuItems(nav), [nav]);
  const rootKeys = useMemo(() => nav.filter((item) => item.children).map((item) => item.key), [nav]);
  const external = useMemo(() => new Map(flatten(nav).map((item) => [item.key, item.externalUrl])), [nav]);
  const selectedKey = selectedKeyFor(nav, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (selectedKey ? ancestorKeys(nav, selectedKey) : []));

  useEffect(() => {
    if (selectedKey) setOpenKeys(ancestorKeys(nav, selectedKey));
  }, [nav, selectedKey]);

  const services = useMemo<Services | undefined>(
    () =>
      session.permissions
        ? { data: deps.data, dicts: deps.dicts, access: createAccess(session.permissions) }
        : undefined,
    [deps, session.permissions],
  );

  if (!services) return null;

  function onOpenChange(keys: string[]) {
    // Only one top-level folder open at a time (JeecgBoot's sider behaviour).
    const latest = keys.find((key) => !openKeys.includes(key));
    setOpenKeys(latest && rootKeys.includes(latest) ? [latest] : keys);
  }


  const logoSrc = settings.logo || settings.logoLight;
  return (
    <RegistryProvider registry={registry}>
      <ServicesProvider services={services}>
        <Layout style={{ minHeight: '100vh' }}>
          <Layout.Sider theme="dark" width={200} collapsedWidth={80} collapsible collapsed={collapsed} trigger={null}>
            <Link
              to={HOME_PATH}
              style={{ display: 'flex', alignItems: 'center', gap: 8, height: 64, padding: '0 20px', color: '#fff', overflow: 'hidden', whiteSpace: 'nowrap' }}
            >
              {logoSrc ? <img src={logoSrc} alt="logo" style={{ height: 32 }} /> : null}
              {collapsed ? null : <span style={{ fontSize: 16, fontWeight: 600 }}>{settings.logoTitle || settings.platformName}</span>}
            </Link>
            <Menu
              theme="dark"
              mode="inline"
              items={menuItems}
              selectedKeys={selectedKey ? [selectedKey] : []}
              {...(collapsed ? {} : { openKeys, onOpenChange })}
              onClick={({ key }) => {
                const url = external.get(key);
                if (url) window.open(url, '_blank', 'noopener');
                else navigate(key);
              }}
            />
          </Layout.Sider>
          <Layout>
            <Layout.Header
              style={{ background: '#fff', padding: '0 16px', display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}
            >
              <Button
                type="text"
                aria-label={collapsed ? '展开菜单' : '折叠菜单'}
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={() => setCollapsed(!collapsed)}
              />
              <UserMenu />
            </Layout.Header>
            <Layout.Content style={{ margin: 16 }}>
              <Routes>
                <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
                {routes.map(renderRoute)}
                <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
              </Routes>
            </Layout.Content>
            {settings.companyName ? (
              <Layout.Footer style={{ textAlign: 'center', color: '#8c8c8c' }}>
                Copyright © {new Date().getFullYear()} {settings.companyName}
              </Layout.Footer>
            ) : null}
          </Layout>
        </Layout>
      </ServicesProvider>
    </RegistryProvider>
  );
}
