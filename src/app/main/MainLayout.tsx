/**
 * The signed-in shell: side or top menu, header, breadcrumb and title, the multi-tab bar, the routed screens
 * (kept alive where the menu asks) and the footer, all following the user's preferences and the screen size.
 * Lazy-loaded, so the login page carries none of this. The shell itself is plain React and CSS (shell.css), so it
 * paints without antd; the screens load inside an antd island (ScreenArea in AntdIsland), and so do the dialogs
 * and the settings drawer, each the first time it is needed.
 */
import { lazy, useCallback, useEffect, useMemo, useState } from 'react';
import type { CSSProperties } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { buildNavigation, buildRoutes } from '../../engine/menu-routes.ts';
import type { RouteSpec } from '../../engine/menu-routes.ts';
import { createRegistry } from '../../engine/registry.ts';
import { RegistryProvider } from '../../engine/render-node.tsx';
import { ServicesProvider } from '../../engine/services.tsx';
import { createEndpointProvider } from '../../providers/endpoints.ts';
import { createLiveGridProvider } from '../../providers/vxe-socket.ts';
import type { Services } from '../../engine/services.tsx';
import { createAccess } from '../../providers/access.ts';
import { registerRenderers } from '../../../renderers/index.ts';
import { useBranding } from '../layout/branding.ts';
import { GlobalHeader, HEADER_HEIGHT } from '../layout/GlobalHeader.tsx';
import { breadcrumbTrail, findEntry, HOME_TITLE, indexMenu, isScreenPath, searchableLeaves } from '../layout/menu-index.ts';
import { NavMenu } from '../layout/NavMenu.tsx';
import { PageHeader } from '../layout/PageHeader.tsx';
import { useHiddenOnScroll, useIsMobile } from '../layout/responsive.ts';
import { SiteLogo } from '../layout/SiteLogo.tsx';
import { HOME_PATH } from '../paths.ts';
import { PreferencesProvider, usePreferences } from '../preferences/index.ts';
import { AntdIsland, preloadAntd } from '../shell/AntdIsland.tsx';
import { ShellDrawer } from '../shell/Overlay.tsx';
import { ToastProvider } from '../shell/toast.tsx';
import '../shell/shell.css';
import '../shell/shell-popups.css';
import { documentTitle } from '../tabs/tab-rules.ts';
import type { PageTab } from '../tabs/tab-rules.ts';
import { TabBar } from '../tabs/TabBar.tsx';
import { usePageTabs } from '../tabs/usePageTabs.ts';
import { useAppDeps } from '../deps.tsx';
import { useSession } from '../session.tsx';
import { usePlatformSettings } from '../settings.tsx';

const loadScreenArea = () => import('./ScreenArea.tsx');
const ScreenArea = lazy(loadScreenArea);

const registry = registerRenderers(createRegistry());

const SIDER_WIDTH = 200;
/** The menu drawer of the top-menu layout (on mobile) is a little wider, as in JeecgBoot. */
const TOP_MENU_DRAWER_WIDTH = 206;
const COLLAPSED_WIDTH = 80;
const CONTENT_ID = 'shell-content';

function hasRoute(specs: RouteSpec[], path: string): boolean {
  return specs.some((spec) => spec.path === path || hasRoute(spec.children, path));
}

const HOME_SPEC: RouteSpec = { path: HOME_PATH, component: 'dashboard/Analysis', title: HOME_TITLE, children: [] };

const loading = <div className="shell-loading" role="status" aria-label="加载中" />;

/** The screens need antd and their route table: PrivateArea starts both while the menu request is under way. */
export function preloadContent(): void {
  preloadAntd();
  void loadScreenArea().catch(() => undefined);
}

export default function MainLayout() {
  const { storage } = useAppDeps();
  return (
    <ToastProvider>
      <PreferencesProvider storage={storage}>
        <Shell />
      </PreferencesProvider>
    </ToastProvider>
  );
}
function Shell() {
  const session = useSession();
  const deps = useAppDeps();
  const settings = usePlatformSettings();
  const { preferences: prefs } = usePreferences();
  const mobile = useIsMobile();
  const location = useLocation();
  const { pathname } = location;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menu = session.permissions?.menu;

  const routes = useMemo(() => {
    const built = buildRoutes(menu ?? []);
    // The home page is always reachable, even when a role's menu leaves it out.
    return hasRoute(built, HOME_PATH) ? built : [HOME_SPEC, ...built];
  }, [menu]);
  const nav = useMemo(() => buildNavigation(menu ?? []), [menu]);
  const index = useMemo(() => indexMenu(menu ?? []), [menu]);
  const searchable = useMemo(() => searchableLeaves(nav), [nav]);
  const branding = useBranding(deps.storage, settings);

  const entry = findEntry(index, pathname);
  const pageTitle = pathname === HOME_PATH ? HOME_TITLE : entry?.title;
  const fullScreen = isScreenPath(pathname);
  const multiTab = prefs.multiTab && !mobile;

  const currentTab = useMemo<PageTab | undefined>(() => {
    const fullPath = pathname + location.search;
    if (pathname === HOME_PATH) return { path: HOME_PATH, fullPath, title: HOME_TITLE };
    if (!entry || entry.isFolder || entry.hideTab || !pageTitle) return undefined;
    return { path: pathname, fullPath, title: pageTitle };
  }, [pathname, location.search, entry, pageTitle]);
  const isKnownPath = useCallback((path: string) => path === HOME_PATH || findEntry(index, path) !== undefined, [index]);
  const tabs = usePageTabs({ homePath: HOME_PATH, current: currentTab, isKnownPath });

  const activeTitle = multiTab ? tabs.tabs.find((tab) => tab.path === tabs.active)?.title : pageTitle;
  // A menu entry whose tab is open goes back to that tab as it was left (filters, page, sort in its address).
  const addressOf = useCallback(
    (path: string) => (multiTab ? tabs.tabs.find((tab) => tab.path === path)?.fullPath : undefined) ?? path,
    [multiTab, tabs.tabs],
  );
  useEffect(() => {
    document.title = documentTitle(activeTitle, branding.platformName);
    // `settings` too: the settings provider writes the bare platform name when they arrive.
  }, [activeTitle, branding.platformName, settings]);

  const hideHeader = useHiddenOnScroll(prefs.fixedHeader && prefs.hideHeaderOnScroll);

  useEffect(preloadContent, []);

  // Live grid updates: one vxeSocket per signed-in page, opened only when a grid subscribes.
  const live = useMemo(() => {
    const userId = session.user?.id;
    if (!userId || !session.token || typeof WebSocket !== 'function') return undefined;
    return createLiveGridProvider({ apiBase: String(deps.http.axios.defaults.baseURL ?? '/jeecg-boot'), userId, token: session.token });
  }, [deps.http, session.user?.id, session.token]);
  useEffect(() => () => live?.close(), [live]);

  const goTo = useNavigate();
  const navigate = useCallback((path: string) => void goTo(path), [goTo]);
  const services = useMemo<Services | undefined>(
    () =>
      session.permissions
        ? {
            data: deps.data,
            dicts: deps.dicts,
            files: deps.files,
            lookups: deps.lookups,
            entities: deps.entities,
            endpoints: createEndpointProvider(deps.http),
            live,
            navigate,
            access: createAccess(session.permissions),
          }
        : undefined,
    [deps, session.permissions, live, navigate],
  );

  const keepAlive = useCallback((path: string) => {
    const own = index.get(path);
    return own !== undefined && own.keepAlive && !own.isFolder;
  }, [index]);
  const retain = useCallback(
    (path: string) => !multiTab || tabs.tabs.some((tab) => tab.path === path),
    [multiTab, tabs.tabs],
  );

  if (!services) return null;

  const topMenu = prefs.layout === 'topmenu';
  const sider = !mobile && !topMenu;
  const siderWidth = collapsed ? COLLAPSED_WIDTH : SIDER_WIDTH;
  const fixedSider = sider && prefs.fixedSidebar;
  const capped = topMenu && !mobile && prefs.contentWidth === 'Fixed';

  const headerStyle: CSSProperties = prefs.fixedHeader
    ? {
        position: 'fixed',
        top: 0,
        right: 0,
        zIndex: 9,
        width: sider ? `calc(100% - ${siderWidth}px)` : '100%',
        transition: 'transform 0.2s, width 0.2s',
        transform: hideHeader ? `translateY(-${HEADER_HEIGHT}px)` : 'none',
      }
    : {};

  return (
    <RegistryProvider registry={registry}>
      <ServicesProvider services={services}>
        <div className="shell-layout">
          {sider ? (
            <aside
              aria-label="侧边栏"
              className={`shell-sider shell-sider-${prefs.navTheme}${fixedSider ? ' is-fixed' : ''}`}
              style={{ width: siderWidth }}
            >
              <SiteLogo theme={prefs.navTheme} title={branding.logoTitle} showTitle={!collapsed} />
              <NavMenu nav={nav} mode="inline" theme={prefs.navTheme} collapsed={collapsed} addressOf={addressOf} />
            </aside>
          ) : null}
          {mobile ? (
            <ShellDrawer
              open={drawerOpen}
              label="菜单"
              width={topMenu ? TOP_MENU_DRAWER_WIDTH : SIDER_WIDTH}
              className={`shell-sider-${prefs.navTheme}`}
              onClose={() => setDrawerOpen(false)}
            >
              <SiteLogo theme={prefs.navTheme} title={branding.logoTitle} showTitle />
              <NavMenu nav={nav} mode="inline" theme={prefs.navTheme} onNavigate={() => setDrawerOpen(false)} addressOf={addressOf} />
            </ShellDrawer>
          ) : null}
          <div className="shell-main" style={{ marginInlineStart: fixedSider ? siderWidth : 0 }}>
            {prefs.fixedHeader ? <div style={{ height: HEADER_HEIGHT, flex: 'none' }} /> : null}
            <GlobalHeader
              mobile={mobile}
              menuInHeader={topMenu && !mobile}
              navTheme={prefs.navTheme}
              contentWidth={prefs.contentWidth}
              collapsed={collapsed}
              onToggle={() => (mobile ? setDrawerOpen(true) : setCollapsed(!collapsed))}
              nav={nav}
              searchable={searchable}
              addressOf={addressOf}
              platformName={branding.platformName}
              logoTitle={branding.logoTitle}
              style={headerStyle}
            />
            <div className={capped ? 'shell-body is-capped' : 'shell-body'}>
              {multiTab && !fullScreen ? (
                <div className="shell-tabs-bar">
                  <TabBar tabs={tabs} panelId={CONTENT_ID} />
                </div>
              ) : null}
              {fullScreen || !pageTitle ? null : (
                <PageHeader title={pageTitle} breadcrumb={breadcrumbTrail(index, pathname, HOME_PATH)} />
              )}
              <main id={CONTENT_ID} className="shell-content">
                <AntdIsland fallback={loading}>
                  <ScreenArea routes={routes} keepAlive={keepAlive} retain={retain} remountKey={tabs.remountKey} />
                </AntdIsland>
              </main>
            </div>
            {!fullScreen && settings.companyName ? (
              <footer className="shell-footer">
                Copyright © {new Date().getFullYear()} {settings.companyName}
              </footer>
            ) : null}
          </div>
        </div>
      </ServicesProvider>
    </RegistryProvider>
  );
}
