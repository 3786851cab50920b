import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope.ts';
import { BACKENDS, PASSWORD, startTestApp, type TestApp } from './helpers/test-app.ts';

const P = '/jeecg-boot';
const USERS = `${P}/sys/user`;
const BIN = `${P}/sys/userRecycleBin`;

interface User {
  id: string;
  username: string;
  realname: string;
  status_dictText: string;
  orgCodeTxt: string;
}

describe.each(BACKENDS)('the 用户回收站 screen (/sys/userRecycleBin) on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let serial = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Adds a user and deletes it into the recycle bin; returns its id and username. */
  async function deletedUser(): Promise<{ id: string; username: string }> {
    serial += 1;
    const username = `binuser${serial}`;
    const added = await t.call({ method: 'POST', url: `${USERS}/add`, token: admin, payload: { username, realname: `回收${serial}`, password: PASSWORD, selecteddeparts: 'd-ops' } });
    expect(added.body.success).toBe(true);
    const { id } = await t.ctx.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    expect((await t.call({ method: 'DELETE', url: `${USERS}/delete?id=${id}`, token: admin })).body).toMatchObject({ success: true });
    return { id, username };
  }
  const bin = async (query = '') => (await t.call<Page<User>>({ method: 'GET', url: `${BIN}/list?${query}`, token: admin })).body.result;
  const live = async (username: string) =>
    (await t.call<Page<User>>({ method: 'GET', url: `${USERS}/list?username=${username}`, token: admin })).body.result.records;

  it('is a menu of 系统管理 and lists only deleted users, paged and filtered, with dictionary texts', async () => {
    const menu = await t.call<{ menu: unknown[] }>({ method: 'GET', url: `${P}/sys/permission/getUserPermissionByToken`, token: admin });
    expect(JSON.stringify(menu.body.result.menu)).toContain('/isystem/userRecycleBin');
    const one = await deletedUser();
    await deletedUser();
    const page = await bin('username=binuser*&pageSize=1&column=username&order=asc');
    expect(page).toMatchObject({ total: 2, size: 1, current: 1 });
    expect(page.records[0]).toMatchObject({ username: one.username, status_dictText: '正常', orgCodeTxt: '运营部' });
    expect(JSON.stringify(page)).not.toMatch(/password/i);
    const filtered = await bin(`username=${one.username}`);
    expect(filtered.records.map((u) => u.username)).toEqual([one.username]);
    expect((await bin()).records.map((u) => u.username)).not.toContain('admin');
  });

  it('还原 brings a user back to the users list; 彻底删除 removes them for good', async () => {
    const restored = await deletedUser();
    const answer = await t.call({ method: 'PUT', url: `${BIN}/putRecycleBin`, token: admin, payload: { id: restored.id } });
    expect(answer.body).toMatchObject({ success: true, message: '还原成功' });
    expect((await live(restored.username)).map((u) => u.username)).toEqual([restored.username]);
    expect((await bin(`username=${restored.username}`)).records).toEqual([]);
    await expect(t.login(restored.username)).resolves.toBeTruthy();

    const a = await deletedUser();
    const b = await deletedUser();
    const purged = await t.call({ method: 'PUT', url: `${BIN}/deleteRecycleBin`, token: admin, payload: { ids: `${a.id},${b.id}` } });
    expect(purged.body).toMatchObject({ success: true, message: '删除成功' });
    expect(await t.ctx.db.selectFrom('sys_user').select('id').where('id', 'in', [a.id, b.id]).execute()).toEqual([]);
  });

  it('refuses live users, unknown ids, empty selections and callers without the permission', async () => {
    const adminId = (await live('admin'))[0].id;
    const purgeLive = await t.call({ method: 'PUT', url: `${BIN}/deleteRecycleBin`, token: admin, payload: { ids: adminId } });
    expect(purgeLive.body).toMatchObject({ success: false, message: '未找到对应用户' });
    expect(await live('admin')).toHaveLength(1);
    const unknown = await t.call({ method: 'PUT', url: `${BIN}/putRecycleBin`, token: admin, payload: { ids: 'nope' } });
    expect(unknown.body).toMatchObject({ success: false, message: '未找到对应用户' });
    const empty = await t.call({ method: 'PUT', url: `${BIN}/putRecycleBin`, token: admin, payload: {} });
    expect(empty.body).toMatchObject({ success: false, message: '请选择用户' });

    const victim = await deletedUser();
    const ops = await t.login('ops');
    for (const [method, url, payload] of [
      ['GET', `${BIN}/list`, undefined],
      ['PUT', `${BIN}/putRecycleBin`, { ids: victim.id }],
      ['PUT', `${BIN}/deleteRecycleBin`, { ids: victim.id }],
    ] as const) {
      const refused = await t.call({ method, url, token: ops, payload });
      expect(refused.body).toMatchObject({ success: false, code: 510 });
    }
    expect((await bin(`username=${victim.username}`)).records).toHaveLength(1);
  });
});
