import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('shares one load among concurrent requests of a token, and not with requests after a change was announced', async () => {
    const cache = new GrantsCache();
    cache.setLive(true);
    const releases: Array<() => void> = [];
    const load = () => new Promise<SessionGrants>((resolve) => releases.push(() => resolve(grants)));
    const first = [cache.get('t', load), cache.get('t', load), cache.get('t', load)];
    expect(releases).toHaveLength(1);
    cache.invalidateAll();
    const afterChange = cache.get('t', load);
    expect(releases).toHaveLength(2);
    for (const release of releases) release();
    expect(await Promise.all([...first, afterChange])).toEqual([grants, grants, grants, grants]);
  });

  it('re-reads a session in use before its entry expires, answering from the entry meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new GrantsCache(30_000, 100, 5_000);
      cache.setLive(true);
      const older = { userId: 'u1', username: 'older' } as SessionGrants;
      const newer = { userId: 'u1', username: 'newer' } as SessionGrants;
      let loads = 0;
      let release: (value: SessionGrants) => void = () => undefined;
      const load = () => new Promise<SessionGrants>((resolve) => ((loads += 1), (release = resolve)));
      const cold = cache.get('t', load);
      release(older);
      expect(await cold).toBe(older);
      vi.advanceTimersByTime(24_000);
      expect(await cache.get('t', load)).toBe(older);
      expect(loads).toBe(1);
      // The last five seconds: answered at once, one background read for all of them.
      vi.advanceTimersByTime(2_000);
      expect(await cache.get('t', load)).toBe(older);
      expect(await cache.get('t', load)).toBe(older);
      expect(loads).toBe(2);
      release(newer);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await cache.get('t', load)).toBe(newer);
      expect(loads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never caches an unknown token', async () => {
    const cache = new GrantsCache();
    cache.setLive(true);
    await cache.get('t', async () => null);
    expect(cache.size).toBe(0);
  });
});
