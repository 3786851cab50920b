import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { GrantsCache, grantsCacheOf } from '../../server/auth/grants-cache.ts';
import type { SessionGrants } from '../../server/auth/sessions.ts';

const DRIVERS = '/jeecg-boot/hydriver/hyDriver/list';

async function until(check: () => boolean, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return check();
}

describe.each(BACKENDS)('cached session grants on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers later requests of a session from the cache', async () => {
    const token = await t.login('ops');
    expect((await t.call({ method: 'GET', url: DRIVERS, token })).body.success).toBe(true);
    expect(grantsCacheOf(t.ctx.db).size).toBeGreaterThan(0);
  });

  it('drops the grants when a role is taken away by plain SQL, through the database notification', async () => {
    const token = await t.login('ops');
    expect((await t.call({ method: 'GET', url: DRIVERS, token })).body.success).toBe(true);
    const cache = grantsCacheOf(t.ctx.db);
    expect(cache.size).toBeGreaterThan(0);
    // Not through the server's own code: only the trigger can tell the cache.
    await sql`delete from sys_user_role where user_id = (select id from sys_user where username = 'ops')`.execute(t.ctx.db);
    expect(await until(() => cache.size === 0)).toBe(true);
    const refused = await t.call({ method: 'GET', url: DRIVERS, token });
    expect(refused.body).toMatchObject({ success: false, code: 510 });
  });

  it('refuses a logged-out token on the very next request', async () => {
    const token = await t.login('admin');
    expect((await t.call({ method: 'GET', url: DRIVERS, token })).body.success).toBe(true);
    await t.call({ method: 'POST', url: '/jeecg-boot/sys/logout', token });
    const after = await t.call({ method: 'GET', url: DRIVERS, token });
    expect(after.status).toBe(401);
  });

  it('refuses a frozen user on the very next request', async () => {
    const admin = await t.login('admin');
    const token = await t.login('shipper');
    expect((await t.call({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token })).body.success).toBe(true);
    const user = await sql<{ id: string }>`select id from sys_user where username = 'shipper'`.execute(t.ctx.db);
    const frozen = await t.call({ method: 'PUT', url: '/jeecg-boot/sys/user/frozenBatch', token: admin, payload: { ids: user.rows[0]!.id, status: '2' } });
    expect(frozen.body.success).toBe(true);
    const after = await t.call({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token });
    expect(after.status).toBe(401);
  });
});

describe('grants cache rules', () => {
  const grants = { userId: 'u1' } as SessionGrants;

  it('reads every time while the change feed is not connected', async () => {
    const cache = new GrantsCache();
    let loads = 0;
    const load = async () => ((loads += 1), grants);
    await cache.get('t', load);
    await cache.get('t', load);
    expect(loads).toBe(2);
    cache.setLive(true);
    await cache.get('t', load);
    await cache.get('t', load);
    expect(loads).toBe(3);
  });

  it('does not keep an answer read while a change was announced', async () => {
    const cache = new GrantsCache();
    cache.setLive(true);
    let release: () => void = () => undefined;
    const slow = cache.get('t', () => new Promise<SessionGrants>((resolve) => (release = () => resolve(grants))));
    cache.invalidateAll();
    release();
    await slow;
    expect(cache.size).toBe(0);
  });

  it('reads again once the session itself has expired, however long the cache would keep it', async () => {
    const cache = new GrantsCache(60_000);
    cache.setLive(true);
    let reads = 0;
    const grants = { expiresAtMs: Date.now() + 30 } as SessionGrants;
    const load = async () => ((reads += 1), grants);
    await cache.get('t', load);
    await cache.get('t', load);
    expect(reads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await cache.get('t', load);
    expect(reads).toBe(2);
  });

  it('never caches an unknown token', async () => {
    const cache = new GrantsCache();
    cache.setLive(true);
    await cache.get('t', async () => null);
    expect(cache.size).toBe(0);
  });
});
