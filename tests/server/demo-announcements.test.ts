/**
 * Demo notices on a fresh database, on both databases (issue 8: every screen and bell count shows something on first
 * start). Checked through the endpoints people use — the admin's 通知公告 list, the bell's listByUser and 我的消息 —
 * and against the rules of those screens (published and in its window, or nobody's bell shows it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitiseRichText } from '../../field-types/richtext/server.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

interface Notice {
  id: string;
  titile: string;
  msgContent: string;
  sendStatus: string;
  sendStatus_dictText: string;
  msgCategory: string;
  startTime: string | null;
  endTime: string | null;
}
interface Inbox {
  anntMsgList: Notice[];
  anntMsgTotal: number;
  sysMsgTotal: number;
}
interface Receipt {
  anntId: string;
  readFlag: string;
}

const DEMO_USERS = ['admin', 'ops', 'shipper', 'shipperadmin'];

describe.each(BACKENDS)('demo notices on %s', (kind) => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  let notices: Notice[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const username of DEMO_USERS) tokens.set(username, await t.login(username));
    const { body } = await t.call<{ records: Notice[] }>({
      method: 'GET', url: '/jeecg-boot/sys/annountCement/list?pageSize=50', token: tokens.get('admin'),
    });
    notices = body.result.records;
  });
  afterAll(async () => {
    await t?.close();
  });

  const inbox = async (username: string) =>
    (await t.call<Inbox>({ method: 'GET', url: '/jeecg-boot/sys/annountCement/listByUser?pageSize=50', token: tokens.get(username) })).body.result;
  const showsNow = (notice: Notice) =>
    notice.sendStatus === '1' && (!notice.startTime || Date.parse(notice.startTime) <= Date.now())
    && (!notice.endTime || Date.parse(notice.endTime) >= Date.now());

  it('lists drafts, published and revoked notices on 通知公告, with rich text the editor would keep as it is', () => {
    expect(new Set(notices.map((n) => n.sendStatus_dictText))).toEqual(new Set(['未发布', '已发布', '已撤销']));
    for (const notice of notices) expect(sanitiseRichText(notice.msgContent)).toBe(notice.msgContent);
    // One has run out of its display window: listed here, on nobody's bell.
    expect(notices.some((n) => n.sendStatus === '1' && !showsNow(n))).toBe(true);
  });

  it('has a notice whose 去处理 opens the waybill list (issue 22, item 2)', async () => {
    const mine = (await inbox('shipper')).anntMsgList as Array<Notice & { openType: string | null; openPage: string | null }>;
    expect(mine.find((n) => n.openType === 'url')).toMatchObject({ titile: '关于签收环节启用电子回单的通知', openPage: '/shipping/list' });
  });

  it('puts unread notices on every demo user’s bell, only published ones in their window', async () => {
    const showing = new Set(notices.filter(showsNow).map((n) => n.id));
    for (const username of DEMO_USERS) {
      const mine = await inbox(username);
      expect(mine.anntMsgTotal, username).toBeGreaterThan(0);
      for (const notice of mine.anntMsgList) expect(showing.has(notice.id), `${username}: ${notice.titile}`).toBe(true);
    }
    // Staff have read the older ones already; a shipper account opening its bell for the first time has not.
    expect((await inbox('ops')).anntMsgTotal).toBeLessThan((await inbox('shipper')).anntMsgTotal);
    expect((await inbox('shipper')).anntMsgTotal).toBe(showing.size);
  });

  it('shows staff their earlier notices as read on 我的消息', async () => {
    const { body } = await t.call<{ records: Receipt[] }>({
      method: 'GET', url: '/jeecg-boot/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=50', token: tokens.get('ops'),
    });
    const flags = body.result.records.map((r) => r.readFlag);
    expect(flags).toContain('1');
    expect(flags).toContain('0');
    for (const receipt of body.result.records) expect(notices.some((n) => n.id === receipt.anntId && n.sendStatus === '1')).toBe(true);
  });
});
