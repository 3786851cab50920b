import { describe, expect, it } from 'vitest';
import type { WebSocket as PageSocket } from 'playwright-core';
import { sql } from 'kysely';
import { createSession } from '../../server/auth/sessions.ts';
import { desktopSession, logIn } from './harness.ts';

const HOME = '/dashboard/analysis';

/** The unread count the bell's accessible name ends with ("消息通知，2类待办，3条未读" → 3). */
function unreadOn(label: string | null): number {
  const match = /，(\d+)条未读$/.exec(label ?? '');
  if (!match) throw new Error(`the bell says no unread count: ${label}`);
  return Number(match[1]);
}

describe('the header bell hears a published announcement over the websocket', () => {
  const session = desktopSession();

  /** An admin's API call, with a session created the way login creates one. */
  async function asAdmin<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
    const { env } = session;
    const admin = await env.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const token = await createSession(env.ctx.db, admin.id, null);
    const response = await env.app.inject({ method, url: `/jeecg-boot${url}`, headers: { 'x-access-token': token }, payload });
    const body = response.json() as { success: boolean; message: string; result: T };
    if (!body.success) throw new Error(`${url}: ${body.message}`);
    return body.result;
  }

  it('shows the pushed notice on the bell, opens it sanitised and marks it read', async () => {
    const { page, env } = session;
    const opened = page.waitForEvent('websocket');
    await logIn(page, env, HOME, 'ops');
    await page.waitForURL((url) => url.pathname === HOME);
    // The demo notices are on the bell already: this one must add one to their count.
    const bell = page.getByRole('button', { name: /^消息通知.*条未读$/ });
    await bell.waitFor();
    const unreadBefore = unreadOn(await bell.getAttribute('aria-label'));

    // The socket carries the token as its subprotocol, never in the address.
    const socket: PageSocket = await opened;
    expect(socket.url()).toMatch(/\/jeecg-boot\/websocket\/[^/?]+$/);
    const ops = await env.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'ops').executeTakeFirstOrThrow();
    await expect.poll(() => env.app.socketHub.count(ops.id)).toBe(1);

    const { id } = await asAdmin<{ id: string }>('POST', '/sys/annountCement/add', {
      titile: '今晚系统维护',
      msgCategory: '1',
      priority: 'H',
      msgType: 'ALL',
      msgContent: '<p>22:00 起暂停服务<img src="x" onerror="window.__hacked = 1"></p>',
    });
    await asAdmin('GET', `/sys/annountCement/doReleaseData?id=${id}`);

    // No reload and well before the 60 s poll: the push made the bell reload. The one bell also counts 待办, so
    // the announcements are on its 通知 tab.
    await page.getByRole('button', { name: new RegExp(`^消息通知.*，${unreadBefore + 1}条未读$`) }).click();
    await page.getByRole('dialog', { name: '消息通知' }).getByRole('tab', { name: /^通知/ }).click();
    await page.getByText('今晚系统维护').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('22:00 起暂停服务').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined();
    await dialog.getByText('关闭', { exact: true }).click();
    // Read: the bell is back to the count it had.
    await page.getByRole('button', { name: new RegExp(`^消息通知.*，${unreadBefore}条未读$`) }).waitFor();

    const { rows: receipts } = await sql<{ read_flag: string }>`select read_flag from sys_announcement_send
      where annt_id = ${id} and user_id = ${ops.id}`.execute(env.ctx.db);
    expect(receipts).toEqual([{ read_flag: '1' }]);
    expect(session.pageErrors).toEqual([]);
  });

  it('an admin publishes a draft from 通知公告, then reads it from the bell’s 查看更多 (我的消息)', async () => {
    const { env } = session;
    const { id } = await asAdmin<{ id: string }>('POST', '/sys/annountCement/add', {
      titile: '五一放假安排',
      msgCategory: '1',
      priority: 'M',
      msgType: 'ALL',
      msgContent: '<p>5月1日至5日放假</p>',
    });
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await logIn(page, env, '/isystem/annountCement', 'admin');
      const row = page.getByRole('row', { name: /五一放假安排/ });
      await row.getByText('未发布').waitFor();
      await row.getByRole('button', { name: '发布' }).click();
      await page.getByRole('tooltip').getByRole('button', { name: /确\s*定/ }).click();
      await row.getByText('已发布').waitFor();
      expect(await row.getByRole('button', { name: '发布' }).count()).toBe(0);

      // The admin is in the tenant too: the push reaches their own bell.
      await page.getByRole('button', { name: /^消息通知.*\d+条未读$/ }).click();
      await page.getByRole('button', { name: '查看更多' }).click();
      await page.waitForURL((url) => url.pathname === '/isps/userAnnouncement');
      const mine = page.getByRole('row', { name: /五一放假安排/ });
      await mine.getByText('未读').waitFor();
      await mine.getByRole('button', { name: '标为已读' }).click();
      await mine.getByText('已读', { exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    expect(id).toBeTruthy();
  });

  it('我的消息 → 查看 shows a message rendered, and its 去处理 opens the page the admin named (issue 22, item 2)', async () => {
    const { env } = session;
    const { id } = await asAdmin<{ id: string }>('POST', '/sys/annountCement/add', {
      titile: '司机资料待补全',
      msgCategory: '1',
      priority: 'M',
      msgType: 'ALL',
      msgContent: '<p>请补全<b>驾驶证</b>照片</p>',
      openType: 'url',
      openPage: '/wlhy/hydriver/HyDriverList',
    });
    await asAdmin('GET', `/sys/annountCement/doReleaseData?id=${id}`);
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await logIn(page, env, '/isps/userAnnouncement', 'ops');
      const mine = page.getByRole('row', { name: /司机资料待补全/ });
      await mine.getByRole('button', { name: '查看' }).click();
      const drawer = page.locator('.ant-drawer', { hasText: '通知消息' });
      // Rendered, not its source.
      await drawer.locator('b', { hasText: '驾驶证' }).waitFor();
      expect(await drawer.getByText('<p>', { exact: false }).count()).toBe(0);
      await drawer.getByRole('button', { name: '去处理' }).click();
      await page.waitForURL((url) => url.pathname === '/wlhy/hydriver/HyDriverList');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
