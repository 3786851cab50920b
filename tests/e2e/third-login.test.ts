import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './harness.ts';

describe('signing in with a third-party (OAuth 2.0) account', () => {
  let env: E2eEnv;
  let provider: http.Server;
  beforeAll(async () => {
    env = await startE2e();
    // A provider whose authorize page signs in at once: "ops" for one client, an unknown user for the other.
    provider = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://idp');
      if (url.pathname === '/authorize') {
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', url.searchParams.get('scope') === 'ghost' ? 'code-ghost' : 'code-ops');
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() }).end();
      } else if (url.pathname === '/token') {
        let raw = '';
        req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        req.on('end', () => {
          const code = new URLSearchParams(raw).get('code');
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ access_token: code === 'code-ops' ? 'at-ops' : 'at-ghost' }));
        });
      } else if (url.pathname === '/userinfo') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ preferred_username: req.headers.authorization === 'Bearer at-ops' ? 'ops' : 'ghost' }));
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    const idp = `http://127.0.0.1:${port}`;
    Object.assign(env.ctx.config, {
      oauth2: {
        name: '企业微信',
        authorizeUrl: `${idp}/authorize`,
        tokenUrl: `${idp}/token`,
        userinfoUrl: `${idp}/userinfo`,
        clientId: 'freight',
        clientSecret: 's3cret',
        redirectUrl: `${env.baseUrl}/jeecg-boot/sys/thirdLogin/oauth2/callback`,
        scope: 'openid',
        userField: 'preferred_username',
      },
    });
  });
  afterAll(async () => {
    await env?.close();
    await new Promise((resolve) => provider?.close(resolve));
  });

  it('goes to the provider from the login page and lands on the dashboard as the bound account', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.baseUrl}/user/login`);
    await page.getByRole('link', { name: '企业微信登录' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await page.getByText('运营专员').first().waitFor();
    await context.close();
  });

  it('says so when the provider account is bound to nobody, and stays on the login page', async () => {
    env.ctx.config.oauth2!.scope = 'ghost';
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.baseUrl}/user/login`);
    await page.getByRole('link', { name: '企业微信登录' }).click();
    await page.getByText('该第三方账号未绑定平台用户，请联系管理员').waitFor();
    expect(new URL(page.url()).searchParams.get('thirdLoginError')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/user/login');
    await context.close();
  });
});
