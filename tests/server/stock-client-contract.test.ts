/**
 * Issue 24: the stock JeecgBoot Vue2 client (ant-design-vue-jeecg 3.4.3) against this server, as recorded request /
 * response pairs in tests/fixtures/stock-client/<topic>.json. Each file's exchanges run in order against one fresh
 * app per backend, each as its named demo user (null: no token); the answer must have the recorded status and
 * contain the recorded body (toMatchObject, timestamps left out).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  exchanges: Exchange[];
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
      t = await startTestApp(kind);
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
      const answer = await t.call({ method, url: `/jeecg-boot${url}`, token, ...(body === undefined ? {} : { payload: body as object }) });
      expect(answer.status, `${exchange.caller}: ${method} ${url}`).toBe(exchange.response.status);
      expect(answer.body, `${exchange.caller}: ${method} ${url}`).toMatchObject(exchange.response.body);
    });
  });
});
