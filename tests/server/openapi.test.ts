/** The OpenAPI document: needs a session, is OpenAPI 3.1, and lists what the server really registered. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

interface Operation {
  'x-permission'?: string;
  'x-access'?: string;
  requestBody?: { content: Record<string, { schema: unknown }> };
  parameters?: Array<{ name: string; in: string }>;
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}

describe.each(BACKENDS)('openapi.json on %s', (kind) => {
  let t: TestApp;
  let doc: OpenApi;

  beforeAll(async () => {
    t = await startTestApp(kind, { seedDrivers: 0 });
    const token = await t.login('ops');
    const response = await t.app.inject({ method: 'GET', url: '/jeecg-boot/openapi.json', headers: { 'x-access-token': token } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    doc = JSON.parse(response.body) as OpenApi;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks money-moving adds for an Idempotency-Key, under their own entity (issue 22, item 1)', () => {
    for (const path of ['/jeecg-boot/plateform/cost/repayment/add', '/jeecg-boot/hybill/hyBillPayment/add']) {
      const add = doc.paths[path]?.post as { summary?: string; parameters?: Array<{ name: string; in: string; required?: boolean }> } | undefined;
      expect(add?.parameters, path).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }));
    }
    expect((doc.paths['/jeecg-boot/plateform/cost/repayment/add']?.post as { summary?: string }).summary).toBe('新增垫付还款');
  });

  it('asks money-moving operations for one too, whether the engine or a domain route serves them', () => {
    for (const [path, method] of [['/jeecg-boot/hyinvoice/hyInvoice/issue', 'put'], ['/jeecg-boot/hyinvoice/hyInvoice/apply', 'put'], ['/jeecg-boot/hyfund/hyFundFlow/batchPay', 'put']]) {
      expect(doc.paths[path]?.[method]?.parameters, path).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }));
    }
    expect(doc.paths['/jeecg-boot/hyshipping/hyShippingNote/confirmPay']?.put?.parameters ?? []).not.toContainEqual(expect.objectContaining({ name: 'Idempotency-Key' }));
  });

  it('needs a session', async () => {
    const { status, body } = await t.call({ method: 'GET', url: '/jeecg-boot/openapi.json' });
    expect(status).toBe(401);
    expect(body.code).toBe(401);
  });

  it('is an OpenAPI 3.1 document covering every registered /jeecg-boot route', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    // printRoutes lists each concrete route with its methods; wildcard routes print as a bare "*", checked below.
    const printed = t.app.printRoutes({ commonPrefix: false }).split('\n');
    let checked = 0;
    for (const line of printed) {
      const match = /(\/jeecg-boot\/\S*) \(([A-Z, ]+)\)/.exec(line);
      if (!match) continue;
      const path = match[1].replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      for (const method of match[2].split(',').map((m) => m.trim()).filter((m) => m !== 'HEAD')) {
        expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(doc.paths['/jeecg-boot/sys/common/static/{path}']?.get).toBeDefined();
    // Nothing is documented that the server does not serve.
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const url = path.replace(/\{[^}]+\}/g, 'x');
        expect(t.app.hasRoute({ method: method.toUpperCase() as 'GET', url: path.replace(/\{([^}]+)\}/g, (_m, n: string) => (n === 'path' ? '*' : `:${n}`)) }), `${method} ${url}`).toBe(true);
      }
    }
  });

  it('describes access rules and the entity endpoints from their schemas', () => {
    expect(doc.paths['/jeecg-boot/sys/login'].post['x-access']).toBe('public');
    expect(doc.paths['/jeecg-boot/openapi.json'].get['x-access']).toBe('authenticated');
    const list = doc.paths['/jeecg-boot/hydriver/hyDriver/list'].get;
    expect(list['x-permission']).toBe('hydriver:hyDriver:list');
    expect(list.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['pageNo', 'pageSize', 'column', 'order', 'superQueryParams', 'driverName', 'createTime_begin']));
    const add = doc.paths['/jeecg-boot/hydriver/hyDriver/add'].post;
    expect(add['x-permission']).toBe('hydriver:hyDriver:add');
    expect(add.requestBody?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/HyDriverWrite' });
    const write = doc.components.schemas.HyDriverWrite;
    expect(Object.keys(write.properties ?? {})).toEqual(expect.arrayContaining(['driverName', 'idCard', 'telephone', 'vehicleClass']));
    expect(write.required).toEqual(expect.arrayContaining(['driverName', 'idCard', 'telephone']));
    expect(doc.components.schemas.HyDriver.properties).toHaveProperty('reviewStatus_dictText');
    expect(doc.components.schemas.Result.properties).toHaveProperty('success');
  });
});
