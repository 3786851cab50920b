import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../src/contracts/index.ts';
import { AppShell } from '../../src/app/AppShell.tsx';
import { StorageKeys } from '../../src/http/storage.ts';
import { ok } from './helpers/fake-adapter.ts';
import { createFakeServer, LOGIN_RESULT, MENU, PERMISSIONS } from './helpers/fake-server.ts';

const DRIVERS = '/wlhy/hydriver/HyDriverList';

function CurrentLocation() {
  const location = useLocation();
  return <output aria-label="当前地址">{location.pathname + location.search}</output>;
}

function signedIn(server = createFakeServer()) {
  server.storage.set(StorageKeys.token, LOGIN_RESULT.token);
  server.storage.set(StorageKeys.userInfo, LOGIN_RESULT.userInfo);
  return server;
}

function withMenu(menu: MenuNode[]) {
  return signedIn(createFakeServer({ 'get /sys/permission/getUserPermissionByToken': () => ok({ ...PERMISSIONS, menu }) }));
}

function renderApp(path: string, server = signedIn()) {
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <MemoryRouter initialEntries={[path]}>
          <AppShell deps={server.deps} />
          <CurrentLocation />
        </MemoryRouter>
      </AntdApp>
    </ConfigProvider>,
  );
  return server;
}

const location = () => screen.getByRole('status', { name: '当前地址' }).textContent;
const tabTitles = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

/** Makes every media query match (a phone), for one test. */
function onMobile() {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...original(query), matches: true });
  return () => {
    window.matchMedia = original;
  };
}

// The main layout is a lazy chunk (the entry holds only the plain-React login page), and its content area (antd,
// the route table, the home page) lazier still; load their modules once here rather than inside the first test's
// one-second wait.
beforeAll(async () => {
  await Promise.all([
    import('../../src/app/main/MainLayout.tsx'),
    import('../../src/app/main/ScreenArea.tsx'),
    import('../../src/app/shell/AntdTheme.tsx'),
    import('../../src/app/pages/Analysis.tsx'),
  ]);
}, 30_000);

beforeEach(() => sessionStorage.clear());

describe('main layout', () => {
  it('shows the breadcrumb from 首页 through the menu folders to the screen, and the page title', async () => {
    renderApp(DRIVERS);
    const crumbs = await screen.findByRole('navigation', { name: '面包屑' });
    expect(within(crumbs).getByRole('link', { name: '首页' })).toHaveAttribute('href', '/dashboard/analysis');
    expect(crumbs).toHaveTextContent(/^首页\/网络货运\/司机管理$/);
    expect(screen.getByRole('heading', { name: '司机管理' })).toBeInTheDocument();
  });

  it('welcomes the user to the platform in the header', async () => {
    renderApp('/dashboard/analysis');
    expect(await screen.findByText('欢迎使用 测试货运平台')).toBeInTheDocument();
  });

  it('finds a screen by its menu title and goes there', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard/analysis');
    const search = await screen.findByRole('combobox', { name: '搜索菜单' });
    await user.click(search);
    await user.type(search, '司机');
    await user.click(await screen.findByRole('option', { name: '司机管理' }));
    await waitFor(() => expect(location()).toBe(DRIVERS));
  });

  it('shows the footer on ordinary screens but not on /screen/ pages', async () => {
    const board: MenuNode = { ...MENU[0], id: 'board', path: '/screen/board', name: 'board', component: 'screen/Board', meta: { ...MENU[0].meta, title: '监控大屏' } };
    renderApp('/screen/board', withMenu([...MENU, board]));
    expect(await screen.findByText('监控大屏：页面尚未配置')).toBeInTheDocument();
    expect(screen.queryByText(/测试物流有限公司/)).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('folds the side menu to 80 px and opens it again at 200 px', async () => {
    const user = userEvent.setup();
    renderApp(DRIVERS);
    const sider = await screen.findByRole('complementary', { name: '侧边栏' });
    expect(sider).toHaveStyle({ width: '200px' });
    await user.click(screen.getByRole('button', { name: '折叠菜单' }));
    expect(sider).toHaveStyle({ width: '80px' });
    // Folded, the entries keep their names for assistive technology.
    expect(within(sider).getByRole('menuitem', { name: /网络货运/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '展开菜单' }));
    expect(sider).toHaveStyle({ width: '200px' });
  });

  it('shows the footer with the company on the home page', async () => {
    renderApp('/dashboard/analysis');
    expect(await screen.findByText(/Copyright © \d+ 测试物流有限公司/)).toBeInTheDocument();
  });
});

describe('multi-tab bar', () => {
  it('opens a tab per screen, keeps 首页 open and titles the document with the active tab', async () => {
    const user = userEvent.setup();
    renderApp(DRIVERS);
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '司机管理']));
    await waitFor(() => expect(document.title).toBe('司机管理 - 测试货运平台'));

    await user.click(screen.getByRole('button', { name: '关闭 首页' }));
    expect(await screen.findByText('首页不能关闭!')).toBeInTheDocument();
    expect(tabTitles()).toEqual(['首页', '司机管理']);

    await user.click(screen.getByRole('tab', { name: '首页' }));
    await waitFor(() => expect(location()).toBe('/dashboard/analysis'));
    await waitFor(() => expect(document.title).toBe('首页 - 测试货运平台'));
  });

  it('closing the active tab shows its left neighbour; 首页 stays', async () => {
    const user = userEvent.setup();
    renderApp(DRIVERS);
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '司机管理']));
    await user.click(screen.getByRole('button', { name: '关闭 司机管理' }));
    await waitFor(() => expect(tabTitles()).toEqual(['首页']));
    expect(location()).toBe('/dashboard/analysis');
    await user.click(screen.getByRole('button', { name: '关闭 首页' }));
    expect(await screen.findByText('首页不能关闭!')).toBeInTheDocument();
  });

  it('closes the others from the right-click menu and keeps 首页', async () => {
    const user = userEvent.setup();
    const extra: MenuNode = { ...MENU[0], id: 'x', path: '/wlhy/other', name: 'other', component: 'wlhy/Other', meta: { ...MENU[0].meta, title: '其他页面' } };
    const menu: MenuNode[] = [MENU[0], { ...MENU[1], children: [...(MENU[1].children ?? []), extra] }];
    renderApp('/wlhy/other', withMenu(menu));
    await screen.findByRole('tab', { name: '其他页面' });
    await user.click(screen.getByRole('menuitem', { name: /司机管理/ }));
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '其他页面', '司机管理']));

    await user.pointer({ keys: '[MouseRight]', target: screen.getByRole('tab', { name: '司机管理' }) });
    const actions = await screen.findByRole('menu', { name: '页签操作' });
    expect(within(actions).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['刷新', '关闭左侧', '关闭右侧', '关闭其他']);
    await user.click(within(actions).getByRole('menuitem', { name: '关闭其他' }));
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '司机管理']));
    expect(location()).toBe(DRIVERS);
  });

  it('has no tab bar on mobile, where the menu toggle opens a drawer', async () => {
    const restore = onMobile();
    try {
      const user = userEvent.setup();
      renderApp('/dashboard/analysis');
      await user.click(await screen.findByRole('button', { name: '展开菜单' }));
      const drawer = await screen.findByRole('dialog');
      await user.click(within(drawer).getByRole('menuitem', { name: /网络货运/ }));
      await user.click(await within(drawer).findByRole('menuitem', { name: /司机管理/ }));
      await waitFor(() => expect(location()).toBe(DRIVERS));
      expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});

describe('menu search on mobile', () => {
  it('opens the search box in a dialog from the search icon', async () => {
    const restore = onMobile();
    try {
      const user = userEvent.setup();
      renderApp('/dashboard/analysis');
      await user.click(await screen.findByRole('button', { name: '搜索菜单' }));
      const dialog = await screen.findByRole('dialog', { name: '搜索菜单' });
      const search = within(dialog).getByRole('combobox', { name: '搜索菜单' });
      expect(search).toHaveFocus();
      await user.type(search, '司机');
      await user.keyboard('{Enter}');
      await waitFor(() => expect(location()).toBe(DRIVERS));
      expect(screen.queryByRole('dialog', { name: '搜索菜单' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: '搜索菜单' })).toHaveFocus();
    } finally {
      restore();
    }
  });
});

describe('settings drawer', () => {
  afterEach(() => {
    document.body.style.filter = '';
  });

  it('opens from the gear, moves the menu to the top and remembers it', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard/analysis');
    expect(await screen.findByRole('button', { name: '折叠菜单' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '系统设置' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('switch', { name: '下滑时隐藏 Header' })).toBeDisabled();
    expect(within(drawer).getByRole('radio', { name: '流式' })).toBeDisabled();

    await user.click(within(drawer).getByRole('radio', { name: '顶部栏导航' }));
    // The top menu has no sider to fold, and the fixed sidebar no longer applies.
    await waitFor(() => expect(screen.queryByRole('button', { name: '折叠菜单' })).not.toBeInTheDocument());
    expect(within(drawer).getByRole('switch', { name: '固定侧边菜单' })).not.toBeChecked();
    expect(within(drawer).getByRole('radio', { name: '流式' })).toBeEnabled();
    expect(JSON.parse(localStorage.getItem('pro__DEFAULT_LAYOUT_MODE') ?? '{}')).toMatchObject({ value: 'topmenu' });

    await user.click(within(drawer).getByRole('switch', { name: '色弱模式' }));
    expect(document.body.style.filter).toBe('invert(80%)');
    await user.click(within(drawer).getByRole('button', { name: '酱紫' }));
    expect(within(drawer).getByRole('button', { name: '酱紫' })).toHaveAttribute('aria-pressed', 'true');
    // The shell's own styles take the colour from this property (antd's screens from their theme token).
    expect(document.documentElement.style.getPropertyValue('--shell-primary')).toBe('#722ED1');
  });

  it('also opens from the 系统设置 entry of the user menu', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard/analysis');
    await user.click(await screen.findByLabelText(/用户菜单/));
    await user.click(await screen.findByRole('menuitem', { name: /系统设置/ }));
    expect(await screen.findByText('导航模式')).toBeInTheDocument();
  });

  it('says 主题更新失败 when the stored theme cannot be applied', async () => {
    const server = signedIn();
    localStorage.setItem('pro__DEFAULT_COLOR', JSON.stringify({ value: 'chartreuse-ish', expire: null }));
    renderApp('/dashboard/analysis', server);
    expect(await screen.findByText('主题更新失败')).toBeInTheDocument();
  });
});
