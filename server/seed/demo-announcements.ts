/**
 * The platform's notices (通知公告) for a fresh demo database, so 通知公告, 我的消息 and the header bell's 通知 tab
 * show something on first start (issue 8: "every screen and bell count shows something").
 *
 * Written as the admin screen would have left them: published notices to everyone (ALL), one that has run out of
 * its display window, a revoked one and a draft. Read state follows store.ts: receipts of ALL notices are created
 * lazily when a user first opens their messages, so only the staff's older receipts are written here, already read
 * — the newest notice stays unread for everyone, and shipper accounts find every notice in the window unread.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { newId } from '../core/ids.ts';
import { DEMO_REFERENCE_DATE } from './demo-drivers.ts';
import { beijing, DAY, HOUR } from './demo-freight-steps.ts';
import { DEMO_TENANT_ID } from './seed.ts';

interface Notice {
  title: string;
  /** Rich text as the editor saves it: plain paragraphs and lists, nothing the sanitiser would strip. */
  html: string;
  priority: 'H' | 'M' | 'L';
  /** Days before the demo's reference day, and the Beijing hour, it was written and published. */
  daysAgo: number;
  hour: number;
  state: 'draft' | 'published' | 'revoked';
  /** Display window in days from publication (the notice leaves users' lists after it). */
  showForDays?: number;
  /** Staff who had already read it. */
  readBy?: readonly string[];
  /** The page of this app its 去处理 opens (openType url). */
  openPage?: string;
}

const STAFF = ['admin', 'ops'] as const;

const NOTICES: readonly Notice[] = [
  {
    title: '关于签收环节启用电子回单的通知',
    html: '<p>各位货主、司机：</p><p>自2026年12月1日起，运单签收须在平台上传电子回单照片（回单正面清晰、含收货人签字），'
      + '未上传回单的运单不能签收，也不进入结算。</p><p>如有疑问请联系平台客服 400-800-2026。</p>',
    priority: 'H', daysAgo: 2, hour: 10, state: 'published', openPage: '/shipping/list',
  },
  {
    title: '冬季道路运输安全提示',
    html: '<p>进入冬季，京藏、荣乌等高速沿线多有降雪结冰，请各车队：</p>'
      + '<ul><li>出车前检查轮胎、防滑链和刹车；</li><li>遇团雾、结冰路段减速慢行，严禁疲劳驾驶；</li>'
      + '<li>危险货物运输车辆按规定路线和时段通行。</li></ul>',
    priority: 'M', daysAgo: 10, hour: 8, state: 'published', readBy: STAFF,
  },
  {
    title: '平台服务费率调整公告',
    html: '<p>经平台研究决定，自2026年11月1日起，月结货主的平台服务费率统一调整为5.5%–7.2%，'
      + '具体以各货主合同约定为准。10月31日前已生成的账单不受影响。</p>',
    priority: 'M', daysAgo: 25, hour: 15, state: 'published', readBy: STAFF,
  },
  {
    title: '系统升级维护通知',
    html: '<p>平台将于11月8日22:00至次日02:00进行系统升级，期间暂停下单与调度。</p>',
    priority: 'H', daysAgo: 17, hour: 16, state: 'revoked',
  },
  {
    title: '国庆期间运输安排',
    html: '<p>10月1日至7日高速公路免收小型客车通行费，货车通行不受影响；平台客服照常值班。</p>',
    priority: 'L', daysAgo: 57, hour: 9, state: 'published', showForDays: 12, readBy: STAFF,
  },
  {
    title: '2027年元旦运输安排',
    html: '<p>元旦期间（1月1日至3日）平台正常运营，结算账单顺延至1月4日生成。</p>',
    priority: 'L', daysAgo: 1, hour: 17, state: 'draft',
  },
];

/** Midnight of the reference day in Beijing, as epoch milliseconds. */
const REFERENCE_MIDNIGHT = Date.parse(`${DEMO_REFERENCE_DATE}T00:00:00+08:00`);

export async function seedDemoAnnouncements(db: Kysely<SystemTables>): Promise<void> {
  const users = await sql<{ id: string; username: string }>`select id, username from sys_user
    where username in (${sql.join([...STAFF])})`.execute(db);
  const userIds = new Map(users.rows.map((row) => [row.username, row.id]));
  for (const notice of NOTICES) {
    const written = REFERENCE_MIDNIGHT - notice.daysAgo * DAY + notice.hour * HOUR;
    const sent = notice.state === 'draft' ? null : written + 20 * 60_000;
    const id = newId();
    await sql`insert into sys_announcement (id, titile, msg_content, start_time, end_time, sender, priority,
        msg_category, msg_type, send_status, send_time, cancel_time, del_flag, create_by, create_time, update_by,
        update_time, sys_org_code, tenant_id, open_type, open_page)
      values (${id}, ${notice.title}, ${notice.html}, ${sent === null ? null : beijing(sent)},
        ${notice.showForDays && sent !== null ? beijing(sent + notice.showForDays * DAY) : null},
        ${sent === null ? null : 'admin'}, ${notice.priority}, '1', 'ALL',
        ${{ draft: '0', published: '1', revoked: '2' }[notice.state]}, ${sent === null ? null : beijing(sent)},
        ${notice.state === 'revoked' && sent !== null ? beijing(sent + 18 * HOUR) : null}, '0', 'admin',
        ${beijing(written)}, ${sent === null ? null : 'admin'}, ${sent === null ? null : beijing(sent)}, 'A01',
        ${DEMO_TENANT_ID}, ${notice.openPage ? 'url' : null}, ${notice.openPage ?? null})`.execute(db);
    for (const username of notice.readBy ?? []) {
      const userId = userIds.get(username);
      if (!userId || sent === null) continue;
      const read = beijing(sent + 2 * HOUR);
      await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag, read_time, create_by, create_time,
          tenant_id)
        values (${newId()}, ${id}, ${userId}, '1', ${read}, ${username}, ${beijing(sent + HOUR)}, ${DEMO_TENANT_ID})`.execute(db);
    }
  }
}
