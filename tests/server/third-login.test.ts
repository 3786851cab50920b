import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { claimOf } from '../../server/auth/third-login.ts';
import type { OAuth2Config } from '../../server/context.ts';

const P = '/jeecg-boot';
const REDIRECT = 'https://freight.example.com/jeecg-boot/sys/thirdLogin/oauth2/callback';

/**
 * An OAuth 2.0 provider that knows one code per user: the token endpoint checks the client and redirect URI and
 * trades a code once; userinfo answers for the access token it issued, wrapping the user like some providers do.
 */
function startFakeProvider(codes: Record<string, string>) {
  const tokens = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://idp');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const user = codes[form.get('code') ?? ''];
        const clientOk = form.get('client_id') === 'freight' && form.get('client_secret') === 's3cret' && form.get('redirect_uri') === REDIRECT;
        if (!user || !clientOk) {
          res.statusCode = 400;
          res.end(JSON.stringify({ error: 'invalid_grant' }));
          return;
        }
        delete codes[form.get('code') ?? ''];
        const token = `at-${user}-${tokens.size}`;
        tokens.set(token, user);
        res.end(JSON.stringify({ access_token: token, token_type: 'Bearer' }));
      });
      return;
    }
    if (url.pathname === '/userinfo') {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      res.statusCode = user ? 200 : 401;
      res.end(JSON.stringify(user ? { data: { username: user, nick: 'x' } } : { error: 'invalid_token' }));
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

describe('reading provider claims', () => {
  it('reads nested and flat claims, and nothing from other shapes', () => {
    expect(claimOf({ data: { username: 'ops' } }, 'data.username')).toBe('ops');
    expect(claimOf({ preferred_username: 'admin' }, 'preferred_username')).toBe('admin');
    expect(claimOf({ data: 'ops' }, 'data.username')).toBeUndefined();
    expect(claimOf(null, 'a')).toBeUndefined();
  });
});

describe.each(BACKENDS)('third-party login on %s', (kind) => {
  let t: TestApp;
  let off: TestApp;
  let idp: Awaited<ReturnType<typeof startFakeProvider>>;
  const codes: Record<string, string> = {};

  beforeAll(async () => {
    idp = await startFakeProvider(codes);
    const oauth2: OAuth2Config = {
      name: '企业微信',
      authorizeUrl: `${idp.url}/authorize`,
      tokenUrl: `${idp.url}/token`,
      userinfoUrl: `${idp.url}/userinfo`,
      clientId: 'freight',
      clientSecret: 's3cret',
      redirectUrl: REDIRECT,
      scope: 'openid',
      userField: 'data.username',
    };
    t = await startTestApp(kind, { oauth2 });
    off = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
    await idp?.close();
  });

  /** Starts a login the way the browser does and returns the state the provider would send back. */
  async function start(app: TestApp): Promise<string> {
    const answer = await app.app.inject({ method: 'GET', url: `${P}/sys/thirdLogin/render/oauth2` });
    expect(answer.statusCode).toBe(302);
    const location = new URL(answer.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${idp.url}/authorize`);
    expect(location.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(location.searchParams.get('client_id')).toBe('freight');
    return location.searchParams.get('state') ?? '';
  }

  async function callback(app: TestApp, query: string): Promise<URLSearchParams> {
    const answer = await app.app.inject({ method: 'GET', url: `${P}/sys/thirdLogin/oauth2/callback?${query}` });
    expect(answer.statusCode).toBe(302);
    const location = answer.headers.location as string;
    expect(location.startsWith('/user/login?')).toBe(true);
    return new URL(location, 'http://app').searchParams;
  }

  it('signs in a bound account through the provider with a single-use ticket', async () => {
    codes['code-ops'] = 'ops';
    const state = await start(t);
    const back = await callback(t, `code=code-ops&state=${state}`);
    const ticket = back.get('thirdLoginToken') ?? '';
    expect(ticket).not.toBe('');
    const login = await t.call<{ token: string; userInfo: { username: string } }>({ method: 'GET', url: `${P}/sys/thirdLogin/getLoginUser/${ticket}` });
    expect(login.body).toMatchObject({ success: true, code: 200, result: { userInfo: { username: 'ops' } } });
    const perms = await t.call({ method: 'GET', url: `${P}/sys/permission/getUserPermissionByToken`, token: login.body.result.token });
    expect(perms.body.success).toBe(true);
    // The ticket is gone once used, on either path.
    const again = await t.call({ method: 'GET', url: `${P}/thirdLogin/getLoginUser/${ticket}` });
    expect(again.body).toMatchObject({ success: false, message: '登录凭证已失效，请重新登录' });
  });

  it('refuses a forged or reused state, an unbound account and a provider refusal, opening no session', async () => {
    codes['code-admin'] = 'admin';
    expect((await callback(t, 'code=code-admin&state=forged')).get('thirdLoginError')).toBe('登录请求已失效，请重新登录');
    const state = await start(t);
    codes['code-ghost'] = 'nobody';
    expect((await callback(t, `code=code-ghost&state=${state}`)).get('thirdLoginError')).toBe('该第三方账号未绑定平台用户，请联系管理员');
    // The state was used up by that attempt.
    expect((await callback(t, `code=code-admin&state=${state}`)).get('thirdLoginError')).toBe('登录请求已失效，请重新登录');
    const fresh = await start(t);
    expect((await callback(t, `code=never-issued&state=${fresh}`)).get('thirdLoginError')).toBe('无法连接第三方登录服务，请稍后再试');
    const bogus = await t.call({ method: 'GET', url: `${P}/sys/thirdLogin/getLoginUser/${'x'.repeat(43)}` });
    expect(bogus.body).toMatchObject({ success: false, message: '登录凭证已失效，请重新登录' });
  });

  it('refuses a frozen account when the ticket is traded', async () => {
    codes['code-ops-2'] = 'ops';
    const ticket = (await callback(t, `code=code-ops-2&state=${await start(t)}`)).get('thirdLoginToken') ?? '';
    await t.ctx.db.updateTable('sys_user').set({ status: 2 }).where('username', '=', 'ops').execute();
    const login = await t.call({ method: 'GET', url: `${P}/sys/thirdLogin/getLoginUser/${ticket}` });
    await t.ctx.db.updateTable('sys_user').set({ status: 1 }).where('username', '=', 'ops').execute();
    expect(login.body).toMatchObject({ success: false, message: '该用户已冻结' });
  });

  it('publishes the start address only when configured, and is off otherwise', async () => {
    const on = await t.call<{ thirdLoginUrl: string; thirdLoginName: string }>({ method: 'GET', url: `${P}/setting/hySetting/queryPlatformSettings` });
    expect(on.body.result).toMatchObject({ thirdLoginUrl: `${P}/sys/thirdLogin/render/oauth2`, thirdLoginName: '企业微信' });
    const plain = await off.call<{ thirdLoginUrl: string }>({ method: 'GET', url: `${P}/setting/hySetting/queryPlatformSettings` });
    expect(plain.body.result.thirdLoginUrl).toBe('');
    const refused = await off.app.inject({ method: 'GET', url: `${P}/sys/thirdLogin/render/oauth2` });
    expect(new URL(refused.headers.location as string, 'http://app').searchParams.get('thirdLoginError')).toBe('未启用该第三方登录');
  });
});
