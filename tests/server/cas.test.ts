import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { parseServiceResponse } from '../../server/auth/cas-routes.ts';

const P = '/jeecg-boot';
const SERVICE = 'https://freight.example.com/user/login';

/** A CAS server that knows one ticket per user, each issued for one service, and answers like CAS 3.0. */
function startFakeCas(tickets: Record<string, { user: string; service: string }>) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cas');
    seen.push(url.pathname);
    const ticket = tickets[url.searchParams.get('ticket') ?? ''];
    res.setHeader('content-type', 'application/xml');
    if (url.pathname !== '/cas/p3/serviceValidate') {
      res.statusCode = 404;
      res.end();
    } else if (ticket && ticket.service === url.searchParams.get('service')) {
      res.end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess>
        <cas:user>${ticket.user}</cas:user><cas:attributes><cas:mail>x@example.com</cas:mail></cas:attributes>
        </cas:authenticationSuccess></cas:serviceResponse>`);
    } else {
      res.end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
        <cas:authenticationFailure code="INVALID_TICKET">Ticket not recognized</cas:authenticationFailure></cas:serviceResponse>`);
    }
  });
  return new Promise<{ url: string; seen: string[]; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/cas`, seen, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

describe('CAS service response parsing', () => {
  it('reads the user, decoding entities, and the failure text', () => {
    expect(parseServiceResponse('<cas:authenticationSuccess><cas:user> a&amp;b </cas:user></cas:authenticationSuccess>')).toEqual({ ok: true, user: 'a&b' });
    expect(parseServiceResponse('<cas:authenticationFailure code="X">bad &lt;ticket&gt;</cas:authenticationFailure>')).toEqual({ ok: false, reason: 'bad <ticket>' });
    expect(parseServiceResponse('<html>proxy error</html>').ok).toBe(false);
  });
});

describe.each(BACKENDS)('CAS single sign-on on %s', (kind) => {
  let t: TestApp;
  let off: TestApp;
  let cas: Awaited<ReturnType<typeof startFakeCas>>;
  beforeAll(async () => {
    cas = await startFakeCas({
      'ST-1-ops': { user: 'ops', service: SERVICE },
      'ST-2-ghost': { user: 'nobody', service: SERVICE },
      'ST-3-elsewhere': { user: 'admin', service: 'https://other-app.example.com/' },
      'ST-4-shipper': { user: 'shipper', service: SERVICE },
    });
    t = await startTestApp(kind, { casServerUrl: cas.url, casServiceUrl: SERVICE });
    off = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
    await cas?.close();
  });

  const validate = (app: TestApp, ticket: string, method: 'GET' | 'POST' = 'GET', path = '/sys/cas/client/validateLogin') =>
    method === 'GET'
      ? app.call<{ token: string; userInfo: { username: string }; userType: number }>({ method, url: `${P}${path}?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(SERVICE)}` })
      : app.call<{ token: string; userInfo: { username: string }; userType: number }>({ method, url: `${P}${path}`, payload: { ticket } });

  it('signs in the CAS user with a token that works, on both paths and methods', async () => {
    const answer = await validate(t, 'ST-1-ops');
    expect(answer.body).toMatchObject({ success: true, code: 200, result: { userInfo: { username: 'ops' }, userType: 1 } });
    const perms = await t.call({ method: 'GET', url: `${P}/sys/permission/getUserPermissionByToken`, token: answer.body.result.token });
    expect(perms.body.success).toBe(true);
    const post = await validate(t, 'ST-4-shipper', 'POST', '/cas/client/validateLogin');
    expect(post.body).toMatchObject({ success: true, result: { userInfo: { username: 'shipper' }, userType: 2 } });
    expect(cas.seen.every((path) => path === '/cas/p3/serviceValidate')).toBe(true);
  });

  it('refuses unknown tickets, tickets for another service, unknown users and malformed tickets', async () => {
    expect((await validate(t, 'ST-9-forged')).body).toMatchObject({ success: false, message: '票据无效，请重新登录' });
    // A ticket the CAS server issued to another application must not open a session here, whatever service the caller names.
    const elsewhere = await t.call({ method: 'GET', url: `${P}/sys/cas/client/validateLogin?ticket=ST-3-elsewhere&service=${encodeURIComponent('https://other-app.example.com/')}` });
    expect(elsewhere.body).toMatchObject({ success: false, message: '票据无效，请重新登录' });
    expect((await validate(t, 'ST-2-ghost')).body).toMatchObject({ success: false, message: '该用户不存在，请联系管理员开通账号' });
    expect((await validate(t, 'ST-1&x=<y>')).body).toMatchObject({ success: false, message: '票据无效，请重新登录' });
  });

  it('refuses a frozen account', async () => {
    await t.ctx.db.updateTable('sys_user').set({ status: 2 }).where('username', '=', 'ops').execute();
    expect((await validate(t, 'ST-1-ops')).body).toMatchObject({ success: false, message: '该用户已冻结' });
    await t.ctx.db.updateTable('sys_user').set({ status: 1 }).where('username', '=', 'ops').execute();
  });

  it('publishes the CAS login address only when configured, and is off otherwise', async () => {
    const on = await t.call<{ casLoginUrl: string }>({ method: 'GET', url: `${P}/setting/hySetting/queryPlatformSettings` });
    expect(on.body.result.casLoginUrl).toBe(`${cas.url}/login?service=${encodeURIComponent(SERVICE)}`);
    const plain = await off.call<{ casLoginUrl: string }>({ method: 'GET', url: `${P}/setting/hySetting/queryPlatformSettings` });
    expect(plain.body.result.casLoginUrl).toBe('');
    expect((await validate(off, 'ST-1-ops')).body).toMatchObject({ success: false, message: '未启用CAS单点登录' });
  });
});
