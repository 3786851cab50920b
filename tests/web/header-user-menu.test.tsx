import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../src/app/AppShell.tsx';
import { SettingsDrawerOpenerContext } from '../../src/app/header/settings-drawer-context.ts';
import type { DictModel } from '../../src/contracts/index.ts';
import { StorageKeys } from '../../src/http/storage.ts';
import { fail, ok } from './helpers/fake-adapter.ts';
import { createFakeServer, LOGIN_RESULT } from './helpers/fake-server.ts';

const DEPARTS = [
  { id: 'd-ops', departName: '运营部', orgCode: 'A01A01' },
  { id: 'd-finance', departName: '财务部', orgCode: 'A01A02' },
];
const FRESH_DICTS: Record<string, DictModel[]> = { sex: [{ value: '1', text: '男', title: '男', label: '男' }] };

type Overrides = Parameters<typeof createFakeServer>[0];

function signedInServer(overrides: Overrides = {}, userType = 1) {
  const server = createFakeServer({
    'get /sys/user/getCurrentUserDeparts': () => ok({ list: DEPARTS, orgCode: 'A01A01' }),
    'put /sys/selectDepart': (config) => {
      const { orgCode } = JSON.parse(String(config.data)) as { orgCode: string };
      return ok({ userInfo: { ...LOGIN_RESULT.userInfo, orgCode, userType } });
    },
    'get /sys/dict/refleshCache': () => ok(null, '刷新缓存完成！'),
    'get /sys/dict/queryAllDictItems': () => ok(FRESH_DICTS),
    ...overrides,
  });
  server.storage.set(StorageKeys.token, LOGIN_RESULT.token);
  server.storage.set(StorageKeys.userInfo, { ...LOGIN_RESULT.userInfo, orgCode: 'A01A01', userType });
  return server;
}

function renderApp(server: ReturnType<typeof createFakeServer>, openSettings = vi.fn()) {
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <SettingsDrawerOpenerContext.Provider value={{ open: openSettings }}>
          <MemoryRouter initialEntries={['/dashboard/analysis']}>
            <AppShell deps={server.deps} />
          </MemoryRouter>
        </SettingsDrawerOpenerContext.Provider>
      </AntdApp>
    </ConfigProvider>,
  );
  return { server, openSettings };
}

async function openUserMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByLabelText(/用户菜单 管理员/, undefined, { timeout: 5000 }));
  // The sider is a menu too; the dropdown is the one holding the account actions.
  const entry = await screen.findByRole('menuitem', { name: /修改密码/ });
  const menu = entry.closest<HTMLElement>('[role="menu"]');
  if (!menu) throw new Error('the user menu did not open');
  return menu;
}

describe('header user menu', () => {
  it('lists the current department and the account actions; staff also get 清理缓存', async () => {
    const user = userEvent.setup();
    renderApp(signedInServer());
    const menu = await openUserMenu(user);
    expect(await within(menu).findByText('当前部门：运营部')).toBeInTheDocument();
    for (const label of ['切换部门', '系统设置', '修改密码', '清理缓存', '退出登录']) {
      expect(within(menu).getByRole('menuitem', { name: new RegExp(label) })).toBeInTheDocument();
    }
    // The plain link stays beside the menu.
    expect(screen.getAllByText('退出登录').length).toBeGreaterThanOrEqual(2);
  });

  it('does not offer 清理缓存 to customers', async () => {
    const user = userEvent.setup();
    renderApp(signedInServer({}, 2));
    const menu = await openUserMenu(user);
    expect(within(menu).getByRole('menuitem', { name: /修改密码/ })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /清理缓存/ })).not.toBeInTheDocument();
  });

  it('opens the settings drawer from 系统设置', async () => {
    const user = userEvent.setup();
    const { openSettings } = renderApp(signedInServer());
    const menu = await openUserMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: /系统设置/ }));
    expect(openSettings).toHaveBeenCalledTimes(1);
  });

  it('opens 修改密码 with the three password fields', async () => {
    const user = userEvent.setup();
    renderApp(signedInServer());
    const menu = await openUserMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: /修改密码/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('旧密码')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('新密码')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('确认新密码')).toBeInTheDocument();
  });

  it('清理缓存 reloads the dictionaries on the server and replaces the local copy', async () => {
    const user = userEvent.setup();
    const { server } = renderApp(signedInServer());
    const menu = await openUserMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: /清理缓存/ }));
    expect(await screen.findByText('刷新缓存完成！')).toBeInTheDocument();
    expect(server.calls('get', '/sys/dict/refleshCache')).toHaveLength(1);
    expect(server.storage.get(StorageKeys.dicts)).toEqual(FRESH_DICTS);
    expect(localStorage.getItem('pro__UI_CACHE_DB_DICT_DATA')).toContain('"sex"');
  });

  it('says 刷新缓存失败！ when the server refuses, keeping the old dictionaries', async () => {
    const user = userEvent.setup();
    const { server } = renderApp(signedInServer({ 'get /sys/dict/refleshCache': () => fail('只有平台员工可以刷新缓存', 510) }));
    server.storage.set(StorageKeys.dicts, { old: [] });
    const menu = await openUserMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: /清理缓存/ }));
    expect(await screen.findByText('刷新缓存失败！')).toBeInTheDocument();
    expect(server.calls('get', '/sys/dict/queryAllDictItems')).toHaveLength(0);
    expect(server.storage.get(StorageKeys.dicts)).toEqual({ old: [] });
  });

  it('切换部门 switches and the menu then names the new department', async () => {
    const user = userEvent.setup();
    const { server } = renderApp(signedInServer());
    let menu = await openUserMenu(user);
    await within(menu).findByText('当前部门：运营部');
    await user.click(within(menu).getByRole('menuitem', { name: /切换部门/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '财务部' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(server.calls('put', '/sys/selectDepart')).toHaveLength(1));

    menu = await openUserMenu(user);
    expect(await within(menu).findByText('当前部门：财务部')).toBeInTheDocument();
  });

  it('退出登录 in the menu asks first, like the link', async () => {
    const user = userEvent.setup();
    renderApp(signedInServer());
    const menu = await openUserMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: /退出登录/ }));
    expect(await screen.findByText('真的要注销登录吗 ?')).toBeInTheDocument();
  });
});
