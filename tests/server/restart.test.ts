import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { MemoryKv } from '../../server/core/kv.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'freight-restart-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function start() {
  process.env.LOG_LEVEL = 'silent';
  const database = await openDatabase({ dataDir });
  const built = await buildApp({ ...configFromEnv({ DATA_DIR: dataDir }), dataDir, webDir: undefined, seedDrivers: 25, captchaEnabled: false }, database, new MemoryKv());
  return { ...built, database };
}

async function counts(db: Awaited<ReturnType<typeof start>>['ctx']['db']) {
  const row = await sql<{ users: number; drivers: number; perms: number; grants: number; items: number }>`select
    (select count(*)::int from sys_user) as users, (select count(*)::int from hy_driver) as drivers,
    (select count(*)::int from sys_permission) as perms, (select count(*)::int from sys_role_permission) as grants,
    (select count(*)::int from sys_dict_item) as items`.execute(db);
  return row.rows[0];
}

describe('the embedded database across restarts', () => {
  it('keeps written rows and seeds only once', async () => {
    const first = await start();
    const login = await first.app.inject({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: 'ops', password: 'Freight@2026' } });
    const token = login.json().result.token as string;
    const added = await first.app.inject({
      method: 'POST',
      url: '/jeecg-boot/hydriver/hyDriver/add',
      headers: { 'x-access-token': token },
      payload: { driverName: '重启司机', idCard: '11010519491231002X', telephone: '13511112222', vehicleClass: 'B2', ownerType: '1' },
    });
    expect(added.json().success).toBe(true);
    const before = await counts(first.ctx.db);
    // The four demo accounts and the recycle bin's former employee (server/seed/demo-system.ts).
    expect(before).toMatchObject({ users: 5, drivers: 26 });
    await first.app.close();
    await first.database.close();

    const second = await start();
    expect(await counts(second.ctx.db)).toEqual(before);
    // The session survives a restart too: it lives in the database, not in memory.
    const list = await second.app.inject({
      method: 'GET',
      url: `/jeecg-boot/hydriver/hyDriver/list?driverName=${encodeURIComponent('重启司机')}`,
      headers: { 'x-access-token': token },
    });
    expect(list.json().result.total).toBe(1);
    await second.app.close();
    await second.database.close();
  });
});
