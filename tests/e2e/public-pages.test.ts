import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLoginPage, startE2e, submitPasswordLogin, textedCode, type E2eEnv } from './harness.ts';

describe('public pages: landing page and self-registration', () => {
  let env: E2eEnv;
  beforeAll(async () => {
    env = await startE2e();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('shows the platform branding on /home without signing in, with the ways in', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.baseUrl}/home`);
    await page.getByRole('heading', { name: '鑫源网络货运平台' }).waitFor();
    await page.getByText('客服电话：400-800-2026').waitFor();
    await page.getByText('蒙ICP备2026000001号-1', { exact: false }).waitFor();
    const nav = page.getByRole('navigation', { name: '登录入口' });
    await nav.getByRole('button', { name: '货主登录' }).click();
    await page.waitForURL((url) => url.pathname === '/user/login3');
    await context.close();
  });

  it('registers from the login page, then signs in with the new account', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await openLoginPage(page, env, '/user/login');
    await page.getByRole('link', { name: '注册账户' }).click();
    const form = page.getByRole('form', { name: '用户注册' });
    await form.getByPlaceholder('用户名').fill('9bad');
    await form.getByPlaceholder(/^密码/).fill('weakpass');
    await form.getByRole('button', { name: /注\s*册/ }).click();
    await form.getByText('用户名须以字母开头，由4-30位字母、数字或下划线组成').waitFor();
    await form.getByText('密码不能少于8位，且包含大写字母、小写字母、数字、特殊符号!').waitFor();

    await form.getByPlaceholder('用户名').fill('admin');
    await form.getByPlaceholder(/^密码/).fill('Road@2026ok');
    await form.getByPlaceholder('确认密码').fill('Road@2026ok');
    await form.getByPlaceholder('手机号').fill('13977770001');
    await form.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送').first().waitFor();
    await form.getByPlaceholder('请输入短信验证码').fill(await textedCode(env, '13977770001'));
    await form.getByRole('button', { name: /注\s*册/ }).click();
    // The server's refusal lands on the field it names; the code is still good.
    await form.getByText('用户账号已存在').waitFor();
    await form.getByPlaceholder('用户名').fill('roadrunner');
    await form.getByRole('button', { name: /注\s*册/ }).click();

    await page.getByText('你的账户：roadrunner 注册成功').waitFor();
    const key = await (async () => {
      const captcha = page.waitForResponse((r) => r.url().includes('/sys/randomImage/'));
      await page.getByRole('button', { name: '使用此账户登录' }).click();
      return decodeURIComponent(new URL((await captcha).url()).pathname.split('/').pop()!);
    })();
    await submitPasswordLogin(page, env, key, 'roadrunner', 'Road@2026ok');
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await page.getByText('roadrunner').first().waitFor();
    await context.close();
  });
});

describe('single sign-on through a CAS server', () => {
  let env: E2eEnv;
  let cas: http.Server;
  beforeAll(async () => {
    env = await startE2e();
    // A CAS server whose login page signs in "ops" at once and sends the browser back with a ticket.
    cas = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://cas');
      const service = url.searchParams.get('service') ?? '';
      if (url.pathname === '/cas/login') {
        res.writeHead(302, { location: `${service}?ticket=ST-77-ops` }).end();
      } else if (url.pathname === '/cas/p3/serviceValidate' && url.searchParams.get('ticket') === 'ST-77-ops') {
        res.end('<cas:serviceResponse><cas:authenticationSuccess><cas:user>ops</cas:user></cas:authenticationSuccess></cas:serviceResponse>');
      } else {
        res.end('<cas:serviceResponse><cas:authenticationFailure code="INVALID_TICKET">no</cas:authenticationFailure></cas:serviceResponse>');
      }
    });
    await new Promise<void>((resolve) => cas.listen(0, '127.0.0.1', resolve));
    const { port } = cas.address() as AddressInfo;
    Object.assign(env.ctx.config, { casServerUrl: `http://127.0.0.1:${port}/cas`, casServiceUrl: `${env.baseUrl}/user/login` });
  });
  afterAll(async () => {
    await env?.close();
    await new Promise((resolve) => cas?.close(resolve));
  });

  it('signs in through the CAS login page and lands on the dashboard', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.baseUrl}/user/login`);
    await page.getByRole('link', { name: '统一身份认证登录' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await page.getByText('运营专员').first().waitFor();
    await context.close();
  });

  it('says so when the ticket is refused and stays on the login page', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.baseUrl}/user/login?ticket=ST-0-stale`);
    await page.getByText('票据无效，请重新登录').waitFor();
    expect(new URL(page.url()).searchParams.get('ticket')).toBeNull();
    await context.close();
  });
});
