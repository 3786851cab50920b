/**
 * Issue 22, item 2: an announcement's 去处理 target (openType url|component, openPage, busId) is stored, checked and
 * handed to everyone who receives the message — the header bell (listByUser) and 我的消息 (list, queryById).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const API = '/jeecg-boot/sys/annountCement';
const SEND = '/jeecg-boot/sys/sysAnnouncementSend';

interface Inbox {
  anntMsgList: WireRecord[];
}

describe.each(BACKENDS)('the 去处理 target of announcements on %s', (kind) => {
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

  async function publish(payload: Record<string, unknown>): Promise<string> {
    const added = await t.call<{ id: string }>({ method: 'POST', url: `${API}/add`, token: admin, payload: { msgCategory: '1', priority: 'M', msgType: 'ALL', msgContent: '<p>测试<b>粗</b></p>', ...payload } });
    expect(added.body).toMatchObject({ success: true });
    const id = added.body.result.id;
    expect((await t.call({ method: 'GET', url: `${API}/doReleaseData?id=${id}`, token: admin })).body).toMatchObject({ success: true });
    return id;
  }

  it('stores openType url with its page, and every reader gets them', async () => {
    const id = await publish({ titile: '账单待确认', openType: 'url', openPage: '/bill/list' });
    const stored = await t.call<WireRecord>({ method: 'GET', url: `${API}/queryById?id=${id}`, token: admin });
    expect(stored.body.result).toMatchObject({ openType: 'url', openPage: '/bill/list', busId: null, openType_dictText: '打开页面' });

    const inbox = await t.call<Inbox>({ method: 'GET', url: `${API}/listByUser?pageSize=50`, token: ops });
    expect(inbox.body.result.anntMsgList.find((m) => m.id === id)).toMatchObject({ openType: 'url', openPage: '/bill/list' });

    const mine = await t.call<Page<WireRecord>>({ method: 'GET', url: `${SEND}/list?titile=${encodeURIComponent('账单待确认')}`, token: ops });
    const receipt = mine.body.result.records[0];
    expect(receipt).toMatchObject({ anntId: id, openType: 'url', openPage: '/bill/list' });
    const detail = await t.call<WireRecord>({ method: 'GET', url: `${SEND}/queryById?id=${String(receipt.id)}`, token: ops });
    expect(detail.body.result).toMatchObject({ openType: 'url', openPage: '/bill/list', msgContent: '<p>测试<b>粗</b></p>' });
  });

  it('stores openType component with the screen and record it opens', async () => {
    const id = await publish({ titile: '司机资料待审核', openType: 'component', openPage: 'wlhy/hydriver/HyDriverList', busId: 'drv-1' });
    const inbox = await t.call<Inbox>({ method: 'GET', url: `${API}/listByUser?pageSize=50`, token: ops });
    expect(inbox.body.result.anntMsgList.find((m) => m.id === id)).toMatchObject({ openType: 'component', openPage: 'wlhy/hydriver/HyDriverList', busId: 'drv-1' });
  });

  it('refuses a target that is not this app\'s page or screen, and one without its page or record', async () => {
    for (const [payload, field] of [
      [{ openType: 'url', openPage: '//evil.example.com/x' }, 'openPage'],
      [{ openType: 'url', openPage: 'https://evil.example.com' }, 'openPage'],
      [{ openType: 'url' }, 'openPage'],
      [{ openType: 'component', openPage: 'no/such/Screen', busId: 'x' }, 'openPage'],
      [{ openType: 'component', openPage: 'wlhy/hydriver/HyDriverList' }, 'busId'],
    ] as const) {
      const refused = await t.call<{ errors: Array<{ field: string }> }>({ method: 'POST', url: `${API}/add`, token: admin, payload: { titile: '坏目标', msgCategory: '1', priority: 'M', msgType: 'ALL', ...payload } });
      expect(refused.body.success, JSON.stringify(payload)).toBe(false);
      expect(refused.body.result.errors.map((e) => e.field)).toContain(field);
    }
  });

  it('a message without an open type keeps no stray target', async () => {
    const added = await t.call<{ id: string }>({ method: 'POST', url: `${API}/add`, token: admin, payload: { titile: '无目标', msgCategory: '1', priority: 'M', msgType: 'ALL', openPage: '/bill/list', busId: 'x' } });
    const stored = await t.call<WireRecord>({ method: 'GET', url: `${API}/queryById?id=${added.body.result.id}`, token: admin });
    expect(stored.body.result).toMatchObject({ openType: null, openPage: null, busId: null });
  });
});
