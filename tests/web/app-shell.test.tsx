import { screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../../src/app/AppShell.tsx';
import { greeting } from '../../src/app/pages/greeting.ts';
import { StorageKeys } from '../../src/http/storage.ts';
import { fail, ok } from './helpers/fake-adapter.ts';
import { createFakeServer, LOGIN_RESULT } from './helpers/fake-server.ts';

function CurrentLocation() {
  const location = useLocation();
  return <output aria-label="当前地址">{location.pathname + location.search}</output>;
}

function renderApp(path: string, server = createFakeServer()) {
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

function signedIn(server = createFakeServer()) {
  server.storage.set(StorageKeys.token, LOGIN_RESULT.token);
  server.storage.set(StorageKeys.userInfo, LOGIN_RESULT.userInfo);
  return server;
}

async function fillLogin(user: ReturnType<typeof userEvent.setup>, password: string, captcha: string) {
  await user.type(await screen.findByPlaceholderText('请输入帐户名'), 'admin');
  await user.type(screen.getByPlaceholderText('请输入密码'), password);
  await user.type(screen.getByPlaceholderText('请输入验证码'), captcha);
  await user.click(screen.getByRole('button', { name: '登录' }));
}

// The shell and its content area (antd, the route table, the home page) are lazy chunks; load their modules once
// here rather than inside a test's one-second wait.
beforeAll(async () => {
  await Promise.all([
    import('../../src/app/main/MainLayout.tsx'),
    import('../../src/app/main/ScreenArea.tsx'),
    import('../../src/app/shell/AntdTheme.tsx'),
    import('../../src/app/pages/Analysis.tsx'),
    import('../../renderers/list-page/ListPage.tsx'),
    import('../../src/app/FramedUnauthorizedDialog.tsx'),
  ]);
}, 30_000);

describe('app shell', () => {
  it('sends a visitor without a token to the login page with the full path as redirect', async () => {
    renderApp('/wlhy/hydriver/HyDriverList?reviewStatus=1');
    expect(await screen.findByPlaceholderText('请输入帐户名')).toBeInTheDocument();
    expect(location()).toBe('/user/login?redirect=%2Fwlhy%2Fhydriver%2FHyDriverList%3FreviewStatus%3D1');
    expect(await screen.findByAltText('验证码')).toHaveAttribute('src', expect.stringContaining('data:image/png'));
    expect(await screen.findByText('测试货运平台')).toBeInTheDocument();
    expect(screen.getByText(/测试物流有限公司/)).toBeInTheDocument();
  });

  it('refreshes the captcha after a wrong one and shows the server message', async () => {
    const user = userEvent.setup();
    const server = renderApp('/user/login');
    await fillLogin(user, '123456', 'XXXX');
    expect(await screen.findAllByText('验证码错误')).not.toHaveLength(0);
    await waitFor(() => expect(server.calls('get', '/sys/randomImage')).toHaveLength(2));
    expect(server.storage.get(StorageKeys.token)).toBeUndefined();
  });

  it('shows a refused password and offers a fresh captcha for the next attempt', async () => {
    const user = userEvent.setup();
    const server = renderApp('/user/login');
    await fillLogin(user, 'wrong', 'ABCD');
    expect(await screen.findAllByText('用户名或密码错误')).not.toHaveLength(0);
    await waitFor(() => expect(server.calls('get', '/sys/randomImage')).toHaveLength(2));
    expect(screen.getByPlaceholderText('请输入验证码')).toHaveValue('');
  });

  it('logs in, stores the session and opens the redirect target with its menu', async () => {
    const user = userEvent.setup();
    const server = renderApp('/user/login?redirect=%2Fwlhy%2Fhydriver%2FHyDriverList%3FreviewStatus%3D1');
    await fillLogin(user, '123456', 'ABCD');

    // The list renderer is a lazy chunk; its first load in jsdom takes a moment.
    expect(await screen.findByText('张三', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(location()).toBe('/wlhy/hydriver/HyDriverList?reviewStatus=1');
    expect(server.storage.get(StorageKeys.token)).toBe('jwt-token');
    expect(server.storage.get(StorageKeys.dicts)).toHaveProperty('review_status');
    const login = server.calls('post', '/sys/login')[0];
    expect(JSON.parse(String(login.data))).toMatchObject({ username: 'admin', captcha: 'ABCD', checkKey: expect.any(String) });
    // The URL state reached the list request.
    expect(server.calls('get', '/hydriver/hyDriver/list').at(-1)?.params).toMatchObject({ reviewStatus: '1' });
    expect(screen.getByRole('menuitem', { name: /司机管理/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新增' })).toBeInTheDocument();
  });

  it('after a reload fetches permissions first, then greets the user on the home page', async () => {
    const server = renderApp('/', signedIn());
    expect(await screen.findByText(new RegExp(`${greeting(new Date().getHours())}，管理员`))).toBeInTheDocument();
    expect(location()).toBe('/dashboard/analysis');
    expect(server.calls('get', '/sys/permission/getUserPermissionByToken')).toHaveLength(1);
  });

  it('logs out when permissions cannot be fetched after a reload', async () => {
    const server = signedIn(
      createFakeServer({ 'get /sys/permission/getUserPermissionByToken': () => fail('服务器开小差了') }),
    );
    renderApp('/dashboard/analysis', server);
    expect(await screen.findByPlaceholderText('请输入帐户名')).toBeInTheDocument();
    expect(location()).toBe('/user/login?redirect=%2Fdashboard%2Fanalysis');
    expect(server.storage.get(StorageKeys.token)).toBeUndefined();
  });

  it('says that permissions must be a non-null array when the menu is empty', async () => {
    const server = signedIn(
      createFakeServer({ 'get /sys/permission/getUserPermissionByToken': () => ok({ menu: [], auth: [], allAuth: [] }) }),
    );
    renderApp('/dashboard/analysis', server);
    expect(await screen.findByText('getPermissionList: permissions must be a non-null array !')).toBeInTheDocument();
  });

  it('shows the 404 page for unknown paths', async () => {
    renderApp('/no/such/page', signedIn());
    expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeInTheDocument();
    expect(location()).toBe('/404');
    await userEvent.setup().click(screen.getByRole('button', { name: '返回首页' }));
    expect(await screen.findByText(new RegExp(`${greeting(new Date().getHours())}，管理员`))).toBeInTheDocument();
  });

  it('asks before logging out, then clears the session', async () => {
    const user = userEvent.setup();
    const server = renderApp('/dashboard/analysis', signedIn());
    await user.click(await screen.findByText('退出登录'));
    // In jsdom every antd id is "test-id", so titles are checked as text inside the dialog.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('提示')).not.toHaveLength(0);
    expect(within(dialog).getByText('真的要注销登录吗 ?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByPlaceholderText('请输入帐户名')).toBeInTheDocument();
    expect(location()).toBe('/user/login');
    expect(server.calls('post', '/sys/logout')).toHaveLength(1);
    expect(server.storage.get(StorageKeys.token)).toBeUndefined();
  });

  it('shows 登录已过期 on HTTP 401 and returns to the login page', async () => {
    const user = userEvent.setup();
    const server = signedIn(
      createFakeServer({
        'get /hydriver/hyDriver/list': () => ({ status: 401, body: { success: true, message: 'Token失效，请重新登录!', code: 401 } }),
      }),
    );
    renderApp('/wlhy/hydriver/HyDriverList', server);
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 5000 });
    expect(within(dialog).getAllByText('登录已过期')).not.toHaveLength(0);
    expect(within(dialog).getByText('很抱歉，登录已过期，请重新登录')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '重新登录' }));
    expect(await screen.findByPlaceholderText('请输入帐户名')).toBeInTheDocument();
    expect(location()).toBe('/user/login');
    expect(server.storage.get(StorageKeys.token)).toBeUndefined();
  });

  it('tells a failed request once: the 系统提示 notification, and no second toast from the screen (issue 22, item 4)', async () => {
    const server = signedIn(
      createFakeServer({
        'get /hydriver/hyDriver/list': () => ({ status: 500, body: { success: false, message: '操作失败，服务器内部错误', code: 500 } }),
      }),
    );
    renderApp('/wlhy/hydriver/HyDriverList', server);
    const inNotification = () =>
      screen.queryAllByText('操作失败，服务器内部错误').some((text) => text.closest('.ant-notification-notice')?.textContent?.includes('系统提示'));
    await waitFor(() => expect(inNotification()).toBe(true), { timeout: 5000 });
    // The list page has caught the same failure by now; give a second toast the time to appear.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('操作失败，服务器内部错误')).toHaveLength(1);
  });

  it('leaves a business refusal to the screen, which tells it once', async () => {
    const server = signedIn(createFakeServer({ 'get /hydriver/hyDriver/list': () => fail('查询条件超出范围') }));
    renderApp('/wlhy/hydriver/HyDriverList', server);
    const toast = await screen.findByText('查询条件超出范围', undefined, { timeout: 5000 });
    expect(toast.closest('.ant-notification-notice')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('查询条件超出范围')).toHaveLength(1);
  });

  it('keeps later pages honest: shipper self-registration says it is not open yet', async () => {
    renderApp('/customer/register');
    expect(await screen.findByText('该功能暂未开放，敬请期待。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回登录' })).toHaveAttribute('href', '/user/login');
  });

  it('sends a visit to the registration result without a registration back to the form', async () => {
    renderApp('/user/register-result');
    expect(await screen.findByRole('form', { name: '用户注册' })).toBeInTheDocument();
    expect(location()).toBe('/user/register');
  });
});

describe('greeting', () => {
  it('follows the hour of day', () => {
    expect([0, 8, 9, 11, 12, 13, 14, 19, 20, 23].map(greeting)).toEqual([
      '早上好', '早上好', '上午好', '上午好', '中午好', '中午好', '下午好', '下午好', '晚上好', '晚上好',
    ]);
  });
});
