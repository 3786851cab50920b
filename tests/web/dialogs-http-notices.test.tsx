import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDepsProvider } from '../../src/app/deps.tsx';
import { SessionProvider, useSession } from '../../src/app/session.tsx';
import { UnauthorizedDialog } from '../../src/app/UnauthorizedDialog.tsx';
import { StorageKeys } from '../../src/http/storage.ts';
import { fail, ok } from './helpers/fake-adapter.ts';
import { createFakeServer, LOGIN_RESULT } from './helpers/fake-server.ts';

function CurrentPath() {
  return <output aria-label="当前地址">{useLocation().pathname}</output>;
}

/** Stands for the login page's 自动登录, which signs back in while the dialog may still be up. */
function SignBackIn() {
  const session = useSession();
  return <button onClick={() => void session.rememberedLogin()}>自动登录</button>;
}

function renderHooks() {
  const server = createFakeServer({
    'get /forbidden': () => ({ status: 403, body: { success: false, message: 'Forbidden', code: 403 } }),
    'get /broken': () => ({ status: 500, body: { success: false, message: '操作失败，服务器内部错误', code: 500 } }),
    'get /refused': () => fail('手机号已存在'),
    'get /expired': () => ({ status: 401, body: { success: true, message: 'Token失效，请重新登录!', code: 401 } }),
    'get /sys/remember': () => ok({ ...LOGIN_RESULT, token: 'fresh-token', rememberToken: 'next-value' }),
    // The refusal arrives after another sign-in has already replaced the token it refused.
    'get /expired-after-sign-in': () => {
      server.storage.set(StorageKeys.token, 'fresh-token');
      return { status: 401, body: { success: true, message: 'Token失效，请重新登录!', code: 401 } };
    },
  });
  server.storage.set(StorageKeys.token, LOGIN_RESULT.token);
  server.storage.set(StorageKeys.userInfo, LOGIN_RESULT.userInfo);
  const reload = vi.fn();
  const { deps } = server;
  render(
    // No motion: jsdom never ends a closing dialog's zoom, so a closed dialog would linger in the document.
    <ConfigProvider button={{ autoInsertSpace: false }} theme={{ token: { motion: false } }}>
      <AntdApp>
        <MemoryRouter initialEntries={['/wlhy/hydriver/HyDriverList']}>
          <AppDepsProvider deps={deps}>
            <SessionProvider deps={{ auth: deps.auth, storage: deps.storage, dicts: deps.dicts }}>
              <UnauthorizedDialog http={deps.http} reload={reload} />
              <CurrentPath />
              <SignBackIn />
            </SessionProvider>
          </AppDepsProvider>
        </MemoryRouter>
      </AntdApp>
    </ConfigProvider>,
  );
  return { server, reload, http: deps.http };
}

describe('http failures as the user sees them', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('HTTP 403 shows 系统提示 / 拒绝访问', async () => {
    const { http } = renderHooks();
    await expect(http.getResult('/forbidden')).rejects.toBeTruthy();
    expect(await screen.findByText('拒绝访问')).toBeInTheDocument();
    expect(screen.getByText('系统提示')).toBeInTheDocument();
  });

  it('HTTP 500 shows the server’s message', async () => {
    const { http } = renderHooks();
    await expect(http.getResult('/broken')).rejects.toBeTruthy();
    expect(await screen.findByText('操作失败，服务器内部错误')).toBeInTheDocument();
  });

  it('a business refusal is left to the screen: no notification', async () => {
    const { http } = renderHooks();
    await expect(http.getResult('/refused')).rejects.toMatchObject({ message: '手机号已存在' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('系统提示')).not.toBeInTheDocument();
  });

  it('HTTP 401: 登录已过期, then 重新登录 logs out and opens the login page as a fresh document', async () => {
    window.history.replaceState(null, '', '/wlhy/hydriver/HyDriverList');
    const user = userEvent.setup();
    const { http, server, reload } = renderHooks();
    await expect(http.getResult('/expired')).rejects.toMatchObject({ status: 401 });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('很抱歉，登录已过期，请重新登录')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '重新登录' }));
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/user/login'));
    expect(reload).toHaveBeenCalledTimes(1);
    // Not rendered in place first: the login page's remembered sign-in must start only in the fresh document.
    expect(screen.getByRole('status', { name: '当前地址' })).toHaveTextContent('/wlhy/hydriver/HyDriverList');
    expect(server.calls('post', '/sys/logout')).toHaveLength(1);
    expect(server.storage.get(StorageKeys.token)).toBeUndefined();
    expect(screen.queryByText('系统提示')).not.toBeInTheDocument();
  });

  it('HTTP 401 on the login page does not reload', async () => {
    window.history.replaceState(null, '', '/user/login');
    const user = userEvent.setup();
    const { http, reload } = renderHooks();
    await expect(http.getResult('/expired')).rejects.toBeTruthy();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '重新登录' }));
    await waitFor(() => expect(screen.getByRole('status', { name: '当前地址' })).toHaveTextContent('/user/login'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('closes by itself once remember-me has signed back in, and ends no session', async () => {
    const user = userEvent.setup();
    const { http, server, reload } = renderHooks();
    server.storage.set(StorageKeys.rememberToken, 'first-value');
    await expect(http.getResult('/expired')).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '自动登录' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('post', '/sys/logout')).toHaveLength(0);
    expect(server.storage.get(StorageKeys.token)).toBe('fresh-token');
    expect(reload).not.toHaveBeenCalled();
  });

  it('重新登录 after a remembered sign-in has stored a fresh token only closes the dialog', async () => {
    const user = userEvent.setup();
    const { http, server, reload } = renderHooks();
    server.storage.set(StorageKeys.rememberToken, 'first-value');
    await expect(http.getResult('/expired')).rejects.toMatchObject({ status: 401 });
    const dialog = await screen.findByRole('dialog');
    // The answer is in, the menu is not yet: storage holds the fresh token, the session state does not.
    await server.deps.auth.rememberedLogin();
    await user.click(within(dialog).getByRole('button', { name: '重新登录' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('post', '/sys/logout')).toHaveLength(0);
    expect(server.storage.get(StorageKeys.token)).toBe('fresh-token');
    expect(reload).not.toHaveBeenCalled();
  });

  it('a remembered browser goes to the login page in place, where its value is spent by a page that stays', async () => {
    window.history.replaceState(null, '', '/wlhy/hydriver/HyDriverList');
    const user = userEvent.setup();
    const { http, server, reload } = renderHooks();
    server.storage.set(StorageKeys.rememberToken, 'first-value');
    await expect(http.getResult('/expired')).rejects.toMatchObject({ status: 401 });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '重新登录' }));
    await waitFor(() => expect(screen.getByRole('status', { name: '当前地址' })).toHaveTextContent('/user/login'));
    expect(reload).not.toHaveBeenCalled();
    expect(server.calls('post', '/sys/logout')).toHaveLength(1);
    expect(server.storage.get(StorageKeys.rememberToken)).toBe('first-value');
  });

  it('says nothing about a refused token the browser no longer holds', async () => {
    const { http, server } = renderHooks();
    await expect(http.getResult('/expired-after-sign-in')).rejects.toMatchObject({ status: 401 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.storage.get(StorageKeys.token)).toBe('fresh-token');
  });
});
