/**
 * Issue 24: the stock JeecgBoot Vue2 admin (ant-design-vue-jeecg 3.4.3) against this server, as recorded
 * request/response pairs. Each tests/fixtures/stock-client/*.json file holds the calls of one topic in the shapes
 * the stock client sends and reads; its exchanges run in order against one fresh app per backend, each as the
 * named demo user (null: no token), and each answer must have the recorded status and contain the recorded body.
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
const FILES = fs.existsSync(DIR) ? fs.readdirSync(DIR).filter((name) => name.endsWith('.json')).sort() : [];
const contracts = FILES.map((name) => ({ name, contract: JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8')) as ContractFile }));

describe.each(BACKENDS)('stock client contract on %s', (kind) => {
  describe.each(contracts)('$name', ({ contract }) => {
    let t: TestApp;
    const tokens = new Map<string, string>();

    beforeAll(async () => {
      t = await startTestApp(kind);
      const users = new Set(contract.exchanges.map((e) => e.as).filter((as): as is NonNullable<Exchange['as']> => as !== null));
      for (const user of users) tokens.set(user, await t.login(user));
    });
    afterAll(async () => {
      await t?.close();
    });

    it.each(contract.exchanges)('$name — $caller', async (exchange) => {
      const { request, response } = exchange;
      const answer = await t.call({
        method: request.method,
        url: `/jeecg-boot${request.url}`,
        token: exchange.as === null ? undefined : tokens.get(exchange.as),
        ...(request.body !== undefined ? { payload: request.body as Record<string, unknown> } : {}),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(response.status);
      expect(answer.body).toMatchObject(response.body);
    });
  });
});
