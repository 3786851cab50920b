/**
 * Issue 21 finding 7: session tokens travel in the X-Access-Token header only — never in `?token=` — except where
 * a browser cannot set headers (the socket's subprotocol, signed file links), and no credential reaches a log.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BACKENDS, PASSWORD, startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipart, TINY_PNG } from './helpers/multipart.ts';
import { redactUrl, REDACTED } from '../../server/auth/log-redaction.ts';
import type { LoginResult } from '../../src/contracts/menu.ts';

const P = '/jeecg-boot';
const PERMISSIONS = `${P}/sys/permission/getUserPermissionByToken`;

describe('redactUrl', () => {
  it('hides credential query values and one-time path segments, and keeps the rest', () => {
    expect(redactUrl('/jeecg-boot/x/list?pageNo=1&token=abc&column=id')).toBe(`/jeecg-boot/x/list?pageNo=1&token=${REDACTED}&column=id`);
    expect(redactUrl('/a?ticket=ST-1&Access_Token=z&%74oken=y&sign=s&expires=9')).toBe(
      `/a?ticket=${REDACTED}&Access_Token=${REDACTED}&%74oken=${REDACTED}&sign=${REDACTED}&expires=9`,
    );
    expect(redactUrl('/jeecg-boot/sys/remember/r3m3mb3r?x=1')).toBe(`/jeecg-boot/sys/remember/${REDACTED}?x=1`);
    expect(redactUrl('/jeecg-boot/sys/thirdLogin/getLoginUser/t1ck3t')).toBe(`/jeecg-boot/sys/thirdLogin/getLoginUser/${REDACTED}`);
    expect(redactUrl('/jeecg-boot/x/list?token&q=%E4')).toBe('/jeecg-boot/x/list?token&q=%E4');
  });
});

describe.each(BACKENDS)('token transport on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let adminId: string;
  let socketBase: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { log: { level: 'info', sink: { write: (line) => void logLines.push(line) } } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    socketBase = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${P}/websocket`;
    const login = await t.call<LoginResult>({ method: 'POST', url: `${P}/sys/login`, payload: { username: 'admin', password: PASSWORD } });
    token = login.body.result.token;
    adminId = login.body.result.userInfo.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a valid token in ?token= on an API call as if there were none, and takes the header', async () => {
    const none = await t.call({ method: 'GET', url: PERMISSIONS });
    const inQuery = await t.call({ method: 'GET', url: `${PERMISSIONS}?token=${token}` });
    expect(inQuery.status).toBe(401);
    expect(inQuery.body).toMatchObject({ success: false, code: 401 });
    expect(inQuery.body.message).toBe(none.body.message);
    expect((await t.call({ method: 'GET', url: PERMISSIONS, token })).status).toBe(200);
  });

  it('opens the push socket with the token as subprotocol, never from the URL', async () => {
    const handshake = (url: string, protocols?: string[]) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(url, protocols);
        socket.on('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0);
          socket.terminate();
        });
        socket.on('open', () => {
          resolve(101);
          socket.close();
        });
        socket.on('error', (error) => {
          if (!String(error.message).includes('Unexpected server response')) reject(error);
        });
      });
    expect(await handshake(`${socketBase}/${adminId}`, [token])).toBe(101);
    expect(await handshake(`${socketBase}/${adminId}?token=${token}`)).toBe(401);
  });

  it('serves files by header or signed link, not by ?token=', async () => {
    const body = multipart({ biz: 'temp' }, { name: 'pic.png', data: TINY_PNG });
    const uploaded = (await t.app.inject({ method: 'POST', url: `${P}/sys/common/upload`, headers: { ...body.headers, 'x-access-token': token }, payload: body.payload })).json() as { message: string };
    const fileUrl = `${P}/sys/common/static/${uploaded.message}`;
    expect((await t.app.inject({ method: 'GET', url: fileUrl, headers: { 'x-access-token': token } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${fileUrl}?token=${token}` })).statusCode).toBe(401);
    const signed = await t.call<string>({ method: 'GET', url: `${P}/sys/common/signUrl?path=${uploaded.message}`, token });
    expect((await t.app.inject({ method: 'GET', url: signed.body.result })).statusCode).toBe(200);
  });

  it('keeps every token, ticket and signature out of the request log and the operation log', async () => {
    // A login naming a token in its query string is an audited request: its stored parameters mask it.
    await t.call({ method: 'POST', url: `${P}/sys/login?token=${token}`, payload: { username: 'ops', password: PASSWORD } });
    await t.call({ method: 'GET', url: `${P}/sys/cas/client/validateLogin?ticket=ST-secret-cas-ticket&service=x` });
    await t.call({ method: 'GET', url: `${P}/sys/remember/secret-remember-value` });
    await t.call({ method: 'GET', url: `${P}/sys/thirdLogin/getLoginUser/secret-third-login-ticket` });
    const signed = await t.call<string>({ method: 'GET', url: `${P}/sys/common/signUrl?path=temp/none.png`, token });
    expect(signed.body.success).toBe(false);
    const stored = await t.call<{ records: unknown[] }>({ method: 'GET', url: `${P}/sys/log/list?logType=1&pageSize=100`, token });
    expect(stored.body.success).toBe(true);
    expect(JSON.stringify(stored.body.result.records)).not.toContain(token);

    const log = logLines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain(REDACTED);
    for (const secret of [token, 'ST-secret-cas-ticket', 'secret-remember-value', 'secret-third-login-ticket']) {
      expect(log).not.toContain(secret);
    }
    // The signed link fetched above travelled in the URL too; its signature is not kept either.
    const signatures = logLines.flatMap((line) => [...line.matchAll(/[?&]sign=([^&"]+)/g)].map((match) => match[1]));
    expect(signatures.length).toBeGreaterThan(0);
    expect(signatures.every((value) => value === REDACTED)).toBe(true);
  });
});
