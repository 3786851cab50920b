/**
 * Issue 24: the stock JeecgBoot Vue2 client (ant-design-vue-jeecg 3.4.3) against this server, as recorded
 * request/response pairs. Each tests/fixtures/stock-client/*.json file runs in order against one fresh app per
 * backend, as the named demo user (null: no token); the response body is matched as a subset (toMatchObject).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Exchange {
  name: string;
  caller: string;
  as: 'admin' | 'ops' | 'shipper' | 'shipperadmin' | null;
  request: { method: Method; url: string; body?: unknown };
  response: { status: number; body: Record<string, unknown> };
}

interface ContractFile {
  client: string;
  topic: string;
  exchanges: Exchange[];
}

const DIR = path.resolve(import.meta.dirname, '../fixtures/stock-client');
const files = fs.existsSync(DIR) ? fs.readdirSync(DIR).filter((name) => name.endsWith('.json')).sort() : [];
const contracts = files.map((name) => ({ name, ...(JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8')) as ContractFile) }));

describe.each(BACKENDS)('stock client contract on %s', (kind) => {
  describe.each(contracts)('$name ($topic)', (contract) => {
    let t: TestApp;
    const tokens = new Map<string, string>();
    beforeAll(async () => {
      t = await startTestApp(kind);
      for (const user of new Set(contract.exchanges.map((e) => e.as))) {
        if (user) tokens.set(user, await t.login(user));
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    it.each(contract.exchanges.map((exchange, index) => ({ step: index + 1, ...exchange })))('#$step $name ($caller)', async (exchange) => {
      const { status, body } = await t.call({
        method: exchange.request.method,
        url: `/jeecg-boot${exchange.request.url}`,
        token: exchange.as ? tokens.get(exchange.as) : undefined,
        ...(exchange.request.body === undefined ? {} : { payload: exchange.request.body as Record<string, unknown> }),
      });
      expect(status).toBe(exchange.response.status);
      expect(body).toMatchObject(exchange.response.body);
    });
  });
});
