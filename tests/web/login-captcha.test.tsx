/**
 * Issue 22, item 10: with the server's LOGIN_CAPTCHA off the login page shows no captcha field, and shows it once
 * the server demands one after repeated failures (code 412, result.captchaRequired).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppShell } from '../../src/app/AppShell.tsx';
import { StorageKeys } from '../../src/http/storage.ts';
import { fail, ok } from './helpers/fake-adapter.ts';
import { createFakeServer, LOGIN_RESULT } from './helpers/fake-server.ts';

const SETTINGS = { platformName: '测试货运平台', loginCaptcha: false };

/** The server's side: LOGIN_CAPTCHA=off, and a captcha demanded from the third failure on. */
function captchaOffServer() {
  let failures = 0;
  return createFakeServer({
    'get /setting/hySetting/queryPlatformSettings': () => ok(SETTINGS),
    'post /sys/login': (config) => {
      const body = JSON.parse(String(config.data)) as { password: string; captcha?: string };
      if (failures >= 3 && body.captcha !== 'ABCD') return fail('登录失败次数较多，请输入验证码', 412, { captchaRequired: true });
      if (body.password !== '123456') {
        failures += 1;
        return fail('用户名或密码错误');
      }
      return ok(LOGIN_RESULT, '登录成功');
    },
  });
}

function renderLogin(server: ReturnType<typeof createFakeServer>) {
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <MemoryRouter initialEntries={['/user/login']}>
          <AppShell deps={server.deps} />
        </MemoryRouter>
      </AntdApp>
    </ConfigProvider>,
  );
}

describe('login page when the server has the captcha off', () => {
  it('signs in without a captcha field', async () => {
    const user = userEvent.setup();
    const server = captchaOffServer();
    renderLogin(server);
    await user.type(await screen.findByPlaceholderText('请输入帐户名'), 'admin');
    await waitFor(() => expect(screen.queryByPlaceholderText('请输入验证码')).not.toBeInTheDocument());
    await user.type(screen.getByPlaceholderText('请输入密码'), '123456');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(server.storage.get(StorageKeys.token)).toBe(LOGIN_RESULT.token));
  });

  it('shows the captcha once the server demands it, and signs in with it', async () => {
    const user = userEvent.setup();
    const server = captchaOffServer();
    renderLogin(server);
    const username = await screen.findByPlaceholderText('请输入帐户名');
    await user.type(username, 'admin');
    await waitFor(() => expect(screen.queryByPlaceholderText('请输入验证码')).not.toBeInTheDocument());
    const password = screen.getByPlaceholderText('请输入密码');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await user.clear(password);
      await user.type(password, 'wrong');
      await user.click(screen.getByRole('button', { name: '登录' }));
      await waitFor(() => expect(server.calls('post', '/sys/login')).toHaveLength(attempt + 1));
      expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    }
    expect(screen.queryByPlaceholderText('请输入验证码')).not.toBeInTheDocument();
    await user.clear(password);
    await user.type(password, '123456');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('登录失败次数较多，请输入验证码')).toBeInTheDocument();
    const captcha = await screen.findByPlaceholderText('请输入验证码');
    expect(await screen.findByAltText('验证码')).toBeInTheDocument();
    // An empty captcha is now refused in the page, before any request.
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
    expect(server.calls('post', '/sys/login')).toHaveLength(4);
    await user.type(captcha, 'ABCD');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(server.storage.get(StorageKeys.token)).toBe(LOGIN_RESULT.token));
  });
});
