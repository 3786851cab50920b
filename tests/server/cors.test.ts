/**
 * Issue 24, point 7: CORS_ORIGINS lets listed origins' pages (the stock Vue2 client's dev server) call the API
 * cross-origin, with header auth only: their origin echoed, never `*`, never credentials; everyone else gets no
 * CORS header, and with the default (none) nobody does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { configFromEnv } from '../../server/config.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const LISTED = 'http://localhost:3000';
const OTHER_LISTED = 'https://admin.example.com';
const UNLISTED = 'https://evil.example.net';

function corsHeaders(response: LightMyRequestResponse): Record<string, unknown> {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => name.startsWith('access-control-')));
}

describe('CORS_ORIGINS parsing', () => {
  it('reads a comma-separated list, ignoring blanks and trailing slashes, and defaults to none', () => {
    expect(configFromEnv({ CORS_ORIGINS: ` ${LISTED}/ ,, ${OTHER_LISTED}` }).corsOrigins).toEqual([LISTED, OTHER_LISTED]);
    expect(configFromEnv({}).corsOrigins).toEqual([]);
  });
});

describe.each(BACKENDS)('CORS on %s', (kind) => {
  let t: TestApp;
  let plain: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { corsOrigins: configFromEnv({ CORS_ORIGINS: `${LISTED}, ${OTHER_LISTED}/` }).corsOrigins });
    plain = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
    await plain?.close();
  });

  const preflight = (app: TestApp, origin: string) =>
    app.app.inject({
      method: 'OPTIONS',
      url: '/jeecg-boot/sys/position/add',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-access-token,tenant-id,content-type,x-sign,x-timestamp' },
    });

  it('answers a listed origin\'s preflight without a token, allowing the stock client\'s headers', async () => {
    const response = await preflight(t, OTHER_LISTED);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(OTHER_LISTED);
    expect(String(response.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['x-access-token', 'tenant-id', 'content-type', 'x-requested-with', 'x-sign', 'x-timestamp']));
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('echoes a listed origin on answers, exposes Content-Disposition for exports, and allows no credentials', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/position/list', headers: { origin: LISTED, 'x-access-token': admin } });
    expect(list.json()).toMatchObject({ success: true });
    expect(corsHeaders(list)).toEqual({ 'access-control-allow-origin': LISTED, 'access-control-expose-headers': 'Content-Disposition' });
    expect(list.headers.vary).toMatch(/Origin/);
    const exported = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/position/exportXls', headers: { origin: LISTED, 'x-access-token': admin } });
    expect(exported.headers['content-disposition']).toMatch(/attachment/);
    expect(exported.headers['access-control-allow-origin']).toBe(LISTED);
    // A refusal must be readable too, or the client could not tell an expired token from a network failure.
    const expired = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/position/list', headers: { origin: LISTED, 'x-access-token': 'not-a-token' } });
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['access-control-allow-origin']).toBe(LISTED);
  });

  it('gives an unlisted origin no CORS header and no preflight answer', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/position/list', headers: { origin: UNLISTED, 'x-access-token': admin } });
    expect(corsHeaders(list)).toEqual({});
    const response = await preflight(t, UNLISTED);
    expect(response.statusCode).not.toBe(204);
    expect(corsHeaders(response)).toEqual({});
  });

  it('gives nobody CORS headers by default', async () => {
    const token = await plain.login('admin');
    const list = await plain.app.inject({ method: 'GET', url: '/jeecg-boot/sys/position/list', headers: { origin: LISTED, 'x-access-token': token } });
    expect(list.json()).toMatchObject({ success: true });
    expect(corsHeaders(list)).toEqual({});
    expect(list.headers.vary ?? '').not.toMatch(/Origin/);
    const response = await preflight(plain, LISTED);
    expect(response.statusCode).not.toBe(204);
    expect(corsHeaders(response)).toEqual({});
  });
});
