import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const API = '/jeecg-boot/sys/annountCement';
const SEND = '/jeecg-boot/sys/sysAnnouncementSend';

interface Inbox {
  anntMsgList: Array<{ id: string; titile: string }>;
}

describe.each(BACKENDS)('announcement start/end time, syncNotic and show on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ops: string;
  let shipper: string;
  let serial = 0;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
    ops = await t.login('ops');
    shipper = await t.login('shipper');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Adds (and by default publishes) a notice; returns its id. */
  async function notice(extra: Record<string, unknown>, publish = true): Promise<string> {
    serial += 1;
    const added = await t.call<{ id: string }>({
      method: 'POST', url: `${API}/add`, token: admin,
      payload: { titile: `时间窗${serial}`, msgCategory: '1', priority: 'M', msgType: 'ALL', msgContent: '<p>内容</p>', ...extra },
    });
    expect(added.body).toMatchObject({ success: true });
    const id = added.body.result.id;
    if (publish) expect((await t.call({ method: 'GET', url: `${API}/doReleaseData?id=${id}`, token: admin })).body).toMatchObject({ success: true });
    return id;
  }
  const userId = async (username: string) => (await t.ctx.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  it('refuses an end time before the start time on add and edit', async () => {
    const bad = await t.call({
      method: 'POST', url: `${API}/add`, token: admin,
      payload: { titile: '倒序', msgCategory: '1', priority: 'M', msgType: 'ALL', startTime: '2030-05-02 00:00:00', endTime: '2030-05-01 00:00:00' },
    });
    expect(bad.body).toMatchObject({ success: false });
    expect(JSON.stringify(bad.body)).toContain('结束时间不能早于开始时间');
    const draft = await notice({ startTime: '2030-05-01 00:00:00' }, false);
    const edit = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: draft, endTime: '2030-04-30 00:00:00' } });
    expect(JSON.stringify(edit.body)).toContain('结束时间不能早于开始时间');
    const { rows } = await sql<{ end_time: unknown }>`select end_time from sys_announcement where id = ${draft}`.execute(t.ctx.db);
    expect(rows[0].end_time).toBeNull();
  });

  it('shows a published notice in the bell and 我的消息 only between its start and end time', async () => {
    ids.open = await notice({});
    ids.current = await notice({ startTime: '2020-01-01 00:00:00', endTime: '2099-12-31 00:00:00' });
    ids.future = await notice({ startTime: '2099-01-01 00:00:00' });
    ids.expired = await notice({ startTime: '2019-01-01 00:00:00', endTime: '2020-01-01 00:00:00' });
    const bell = await t.call<Inbox>({ method: 'GET', url: `${API}/listByUser?pageSize=50`, token: ops });
    const shown = bell.body.result.anntMsgList.map((m) => m.id);
    expect(shown).toEqual(expect.arrayContaining([ids.open, ids.current]));
    expect(shown).not.toContain(ids.future);
    expect(shown).not.toContain(ids.expired);
    const mine = await t.call<{ records: Array<{ anntId: string }> }>({ method: 'GET', url: `${SEND}/getMyAnnouncementSend?pageSize=100`, token: ops });
    const listed = mine.body.result.records.map((r) => r.anntId);
    expect(listed).toEqual(expect.arrayContaining([ids.open, ids.current]));
    expect(listed).not.toContain(ids.future);
    expect(listed).not.toContain(ids.expired);
  });

  it('show/{id} renders a notice addressed to the caller as sanitised HTML, and nothing else', async () => {
    // A row written before sanitising existed: the page sanitises again on render.
    await sql`update sys_announcement set titile = '<b>标题</b>',
      msg_content = '<p>正文</p><script>alert(1)</script><img src="x" onerror="alert(2)">' where id = ${ids.open}`.execute(t.ctx.db);
    const page = await t.app.inject({ method: 'GET', url: `${API}/show/${ids.open}`, headers: { 'x-access-token': ops } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(page.body).toContain('<p>正文</p>');
    expect(page.body).toContain('&lt;b&gt;标题&lt;/b&gt;');
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain('onerror');

    const anonymous = await t.app.inject({ method: 'GET', url: `${API}/show/${ids.open}` });
    expect(anonymous.statusCode).toBe(401);
    for (const id of [ids.future, ids.expired, 'nope']) {
      const refused = await t.call({ method: 'GET', url: `${API}/show/${id}`, token: ops });
      expect(refused.body).toMatchObject({ success: false, message: '未找到对应数据' });
    }
    const draft = await notice({}, false);
    expect((await t.call({ method: 'GET', url: `${API}/show/${draft}`, token: ops })).body).toMatchObject({ success: false, message: '未找到对应数据' });
    ids.forShipper = await notice({ msgType: 'USER', userIds: 'shipper' });
    expect((await t.call({ method: 'GET', url: `${API}/show/${ids.forShipper}`, token: ops })).body).toMatchObject({ success: false, message: '未找到对应数据' });
    const own = await t.app.inject({ method: 'GET', url: `${API}/show/${ids.forShipper}`, headers: { 'x-access-token': shipper } });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('时间窗');
  });

  it('syncNotic pushes a published notice to its audience again; drafts, out-of-time notices and other roles are refused', async () => {
    const send = vi.spyOn(t.app.socketHub, 'send');
    try {
      const all = await t.call({ method: 'GET', url: `${API}/syncNotic?anntId=${ids.current}`, token: admin });
      expect(all.body).toMatchObject({ success: true, message: '推送成功' });
      const [users, message] = send.mock.calls.at(-1)!;
      expect(users).toEqual(expect.arrayContaining([await userId('ops'), await userId('shipper')]));
      expect(message).toMatchObject({ cmd: 'topic', msgId: ids.current });

      const one = await t.call({ method: 'PUT', url: `${API}/syncNotic`, token: admin, payload: { id: ids.forShipper } });
      expect(one.body).toMatchObject({ success: true });
      expect(send.mock.calls.at(-1)).toEqual([[await userId('shipper')], { cmd: 'user', msgId: ids.forShipper, msgTxt: expect.any(String) }]);

      send.mockClear();
      const draft = await notice({}, false);
      expect((await t.call({ method: 'GET', url: `${API}/syncNotic?anntId=${draft}`, token: admin })).body).toMatchObject({ success: false, message: '只有已发布的通告可以推送' });
      expect((await t.call({ method: 'GET', url: `${API}/syncNotic?anntId=${ids.future}`, token: admin })).body).toMatchObject({ success: false, message: '通告不在展示时间内，无法推送' });
      expect((await t.call({ method: 'GET', url: `${API}/syncNotic?anntId=nope`, token: admin })).body).toMatchObject({ success: false, message: '未找到对应数据' });
      expect((await t.call({ method: 'GET', url: `${API}/syncNotic?anntId=${ids.current}`, token: ops })).body).toMatchObject({ success: false, code: 510 });
      expect(send).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
  });
});
