/**
 * Issue 22, item 8: the endpoint bases the JeecgBoot front end names in api/manage.js answer as aliases of the
 * system lists they stand for — the same answer, under the same permission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const BASE = '/jeecg-boot';
const ALIASES = [
  ['/api/user?pageSize=5', '/sys/user/list?pageSize=5'],
  ['/api/role?pageSize=5', '/sys/role/list?pageSize=5'],
  ['/api/service', '/sys/quartzJob/list'],
  ['/api/permission', '/sys/permission/list'],
  ['/api/permission/no-pager', '/sys/permission/list'],
] as const;

describe.each(BACKENDS)('spec endpoint bases /api/* on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ops: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
    ops = await t.login('ops');
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(ALIASES)('%s answers what %s answers', async (alias, target) => {
    const viaAlias = await t.call({ method: 'GET', url: `${BASE}${alias}`, token: admin });
    const viaTarget = await t.call({ method: 'GET', url: `${BASE}${target}`, token: admin });
    expect(viaAlias.status).toBe(200);
    expect(viaAlias.body.success).toBe(true);
    expect({ ...viaAlias.body, timestamp: 0 }).toEqual({ ...viaTarget.body, timestamp: 0 });
  });

  it.each(ALIASES)('%s keeps the permission check of its target', async (alias, target) => {
    const refused = await t.call({ method: 'GET', url: `${BASE}${alias}`, token: ops });
    const refusedTarget = await t.call({ method: 'GET', url: `${BASE}${target}`, token: ops });
    expect(refused.body).toMatchObject({ success: false, code: 510 });
    expect(refusedTarget.body).toMatchObject({ success: false, code: 510 });
    expect((await t.call({ method: 'GET', url: `${BASE}${alias}` })).status).toBe(401);
  });
});
