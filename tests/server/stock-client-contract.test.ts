/**
 * Issue 24: the stock JeecgBoot Vue2 client (ant-design-vue-jeecg 3.4.3) against this server, as recorded request /
 * response pairs in tests/fixtures/stock-client/<topic>.json. Each file's exchanges run in order against one fresh
 * app per backend, each as its named demo user (null: no token); the answer must have the recorded status and
 * contain the recorded body (toMatchObject, timestamps left out). A file may start its app with the login captcha on
 * (`"captcha": true`); a body string `"$captcha:<key>"` is the answer of the captcha the server drew for that key
 * (a person reads it off the picture), so the login the stock client sends is recorded as it is sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peekCaptcha } from '../../server/auth/captcha.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

type DemoUser = 'admin' | 'ops' | 'shipper' | 'shipperadmin';

interface Exchange {
  name: string;
  caller: string;
  as: DemoUser | null;
  request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown };
  response: { status: number; body: Record<string, unknown> };
}

interface ContractFile {
  client: string;
  topic: string;
  /** The app runs with the login captcha on. */
  captcha?: boolean;
  exchanges: Exchange[];
}

const CAPTCHA_ANSWER = /^\$captcha:(.+)$/;

/** The body with each `$captcha:<key>` string replaced by the answer the server drew for that key. */
async function filled(t: TestApp, body: unknown): Promise<unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const entries = await Promise.all(Object.entries(body).map(async ([key, value]) => {
    const match = typeof value === 'string' ? CAPTCHA_ANSWER.exec(value) : null;
    return [key, match ? await peekCaptcha(t.ctx.kv, match[1]) : value] as const;
  }));
  return Object.fromEntries(entries);
}

const DIR = path.join(import.meta.dirname, '../fixtures/stock-client');
const FILES = fs.existsSync(DIR) ? fs.readdirSync(DIR).filter((name) => name.endsWith('.json')).sort() : [];
const CONTRACTS = FILES.map((name) => [name, JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8')) as ContractFile] as const);

describe.each(BACKENDS)('stock JeecgBoot client contract on %s', (kind) => {
  it('has recorded exchanges', () => {
    expect(CONTRACTS.length).toBeGreaterThan(0);
  });

  describe.each(CONTRACTS)('%s', (_name, contract) => {
    let t: TestApp;
    const tokens = new Map<DemoUser, string>();
    beforeAll(async () => {
      t = await startTestApp(kind, contract.captcha ? { captchaEnabled: true } : {});
      for (const user of new Set(contract.exchanges.map((exchange) => exchange.as))) {
        if (user) tokens.set(user, await t.login(user));
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    it.each(contract.exchanges.map((exchange) => [exchange.name, exchange] as const))('%s', async (_title, exchange) => {
      const { method, url, body } = exchange.request;
      const token = exchange.as ? tokens.get(exchange.as) : undefined;
      const payload = await filled(t, body);
      const answer = await t.call({ method, url: `/jeecg-boot${url}`, token, ...(payload === undefined ? {} : { payload: payload as object }) });
      expect(answer.status, `${exchange.caller}: ${method} ${url}`).toBe(exchange.response.status);
      expect(answer.body, `${exchange.caller}: ${method} ${url}`).toMatchObject(exchange.response.body);
    });
  });
});
