import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import type { MenuNode, PermissionResult } from '../../src/contracts/menu.ts';

const API = '/jeecg-boot/sys/annountCement';
const SEND = '/jeecg-boot/sys/sysAnnouncementSend';

interface Announcement {
  id: string;
  titile: string;
  msgContent?: string;
  sendStatus?: string;
  sendStatus_dictText?: string;
  sender?: string;
  msgCategory?: string;
}
interface Inbox {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}
interface Receipt {
  id: string;
  anntId: string;
  titile: string;
  readFlag: string;
  readFlag_dictText: string;
}
interface Page<T> {
  records: T[];
  total: number;
}

describe.each(BACKENDS)('announcements (/sys/annountCement, /sys/sysAnnouncementSend) on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ops: string;
  let shipper: string;
  let other: string;
  let serial = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
    // A second tenant: admin works in both; `tenant2user` only in tenant 2.
    await t.ctx.db.insertInto('sys_tenant').values({ id: 2, name: '另一平台', status: 1 }).onConflict((oc) => oc.column('id').doNothing()).execute();
    await t.ctx.db.updateTable('sys_user').set({ rel_tenant_ids: '1,2' }).where('username', '=', 'admin').execute();
    const hash = (await t.ctx.db.selectFrom('sys_user').select('password_hash').where('username', '=', 'ops').executeTakeFirstOrThrow()).password_hash;
    await t.ctx.db
      .insertInto('sys_user')
      .values({ id: 'u-t2-annt', username: 'tenant2user', realname: '别家用户', password_hash: hash, status: 1, del_flag: 0, user_type: 1, rel_tenant_ids: '2' })
      .execute();
    admin = await t.login('admin');
    ops = await t.login('ops');
    shipper = await t.login('shipper');
    other = await t.login('tenant2user');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function add(fields: Record<string, unknown>, headers: Record<string, string> = {}): Promise<string> {
    serial += 1;
    const { body } = await t.call<{ id: string }>({
      method: 'POST',
      url: `${API}/add`,
      token: admin,
      headers,
      payload: { titile: `通知${serial}`, msgCategory: '1', priority: 'M', msgType: 'ALL', msgContent: `<p>正文${serial}</p>`, ...fields },
    });
    expect(body.message).toBe('添加成功！');
    return body.result.id;
  }

  async function publish(id: string, headers: Record<string, string> = {}) {
    const { body } = await t.call({ method: 'GET', url: `${API}/doReleaseData?id=${id}`, token: admin, headers });
    expect(body).toMatchObject({ success: true, message: '该系统通知发布成功' });
  }

  async function inbox(token: string): Promise<Inbox> {
    const { body } = await t.call<Inbox>({ method: 'GET', url: `${API}/listByUser?pageSize=5`, token });
    expect(body.success).toBe(true);
    return body.result;
  }

  const titles = (list: Announcement[]) => list.map((a) => a.titile);

  it('gives admins 通知公告 under 系统管理, and every role 我的消息 under 个人办公 with its buttons', async () => {
    const menuOf = async (token: string) =>
      (await t.call<PermissionResult>({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token })).body.result;
    const find = (nodes: MenuNode[], title: string): MenuNode | undefined =>
      nodes.map((n) => (n.meta.title === title ? n : find(n.children ?? [], title))).find(Boolean);
    const adminMenu = await menuOf(admin);
    expect(find(adminMenu.menu, '通知公告')).toMatchObject({ path: '/isystem/annountCement', component: 'system/SysAnnouncementList' });
    expect(adminMenu.auth.map((a) => a.action)).toEqual(expect.arrayContaining(['system:annountCement:doReleaseData', 'system:annountCement:doReovkeData']));
    const shipperMenu = await menuOf(shipper);
    expect(find(shipperMenu.menu, '通知公告')).toBeUndefined();
    const folder = find(shipperMenu.menu, '个人办公');
    expect(folder?.children?.map((c) => c.meta.title)).toContain('我的消息');
    expect(shipperMenu.auth.map((a) => a.action)).toEqual(expect.arrayContaining(['system:myAnnouncement:markRead', 'system:myAnnouncement:readAll']));
  });

  it('adds a draft with sanitised rich text, lists it with dictionary texts and reads it back', async () => {
    const id = await add({ titile: '防汛须知', msgContent: '<p onclick="x()">请注意<script>alert(1)</script><b>安全</b></p>' });
    const { body } = await t.call<Page<Announcement>>({ method: 'GET', url: `${API}/list?titile=*防汛*`, token: admin });
    expect(body.result.records).toHaveLength(1);
    expect(body.result.records[0]).toMatchObject({ id, titile: '防汛须知', sendStatus: '0', sendStatus_dictText: '未发布' });
    const byId = await t.call<Announcement>({ method: 'GET', url: `${API}/queryById?id=${id}`, token: admin });
    expect(byId.body.result.msgContent).toBe('<p>请注意<b>安全</b></p>');
  });

  it('refuses bad input and people without the permission codes, changing nothing', async () => {
    const missing = await t.call({ method: 'POST', url: `${API}/add`, token: admin, payload: { msgCategory: '1', msgType: 'ALL' } });
    expect(missing.body).toMatchObject({ success: false, message: '标题：请输入标题' });
    const noUsers = await t.call({ method: 'POST', url: `${API}/add`, token: admin, payload: { titile: '给谁', msgCategory: '1', priority: 'L', msgType: 'USER' } });
    expect(noUsers.body).toMatchObject({ success: false, message: '指定用户：请选择用户' });
    const stranger = await t.call({ method: 'POST', url: `${API}/add`, token: admin, payload: { titile: '给谁', msgCategory: '1', priority: 'L', msgType: 'USER', userIds: 'tenant2user' } });
    expect(stranger.body).toMatchObject({ success: false, message: '指定用户：请从列表中选择' });
    const id = await add({ titile: '只读草稿' });
    for (const call of [
      { method: 'GET', url: `${API}/list` },
      { method: 'POST', url: `${API}/add`, payload: { titile: 'x', msgCategory: '1', priority: 'L', msgType: 'ALL' } },
      { method: 'PUT', url: `${API}/edit`, payload: { id, titile: '改了' } },
      { method: 'DELETE', url: `${API}/delete?id=${id}` },
      { method: 'GET', url: `${API}/doReleaseData?id=${id}` },
      { method: 'PUT', url: `${API}/doReleaseData`, payload: { ids: id } },
    ] as const) {
      const { body } = await t.call({ ...call, token: ops });
      expect(body, `${call.method} ${call.url}`).toMatchObject({ success: false, code: 510 });
    }
    const anonymous = await t.call({ method: 'GET', url: `${API}/listByUser` });
    expect(anonymous.status).toBe(401);
    const stored = await t.call<Announcement>({ method: 'GET', url: `${API}/queryById?id=${id}`, token: admin });
    expect(stored.body.result).toMatchObject({ titile: '只读草稿', sendStatus: '0' });
  });

  it('edits drafts only, and refuses to publish twice or revoke a draft', async () => {
    const id = await add({ titile: '草稿' });
    const edited = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id, titile: '草稿（改）' } });
    expect(edited.body.message).toBe('编辑成功!');
    const revokeDraft = await t.call({ method: 'GET', url: `${API}/doReovkeData?id=${id}`, token: admin });
    expect(revokeDraft.body).toMatchObject({ success: false, message: '只有已发布的通告可以撤销' });
    await publish(id);
    const again = await t.call({ method: 'GET', url: `${API}/doReleaseData?id=${id}`, token: admin });
    expect(again.body).toMatchObject({ success: false, message: '只有未发布的通告可以发布' });
    const late = await t.call({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id, titile: '发布后改' } });
    expect(late.body).toMatchObject({ success: false, message: '已发布或已撤销的通告不能编辑' });
    const row = await t.call<Announcement>({ method: 'GET', url: `${API}/queryById?id=${id}`, token: admin });
    expect(row.body.result).toMatchObject({ titile: '草稿（改）', sendStatus: '1', sender: 'admin' });
  });

  it('delivers an ALL message to every user of the tenant and a USER message only to its addressees', async () => {
    const all = await add({ titile: '全员通知' });
    const personal = await add({ titile: '给运营的系统消息', msgCategory: '2', msgType: 'USER', userIds: 'ops' });
    const draft = await add({ titile: '未发布的' });
    await publish(all);
    await publish(personal);

    const opsInbox = await inbox(ops);
    expect(titles(opsInbox.anntMsgList)).toContain('全员通知');
    expect(titles(opsInbox.sysMsgList)).toEqual(['给运营的系统消息']);
    expect(opsInbox.sysMsgTotal).toBe(1);
    expect(titles(opsInbox.anntMsgList)).not.toContain('未发布的');

    const shipperInbox = await inbox(shipper);
    expect(titles(shipperInbox.anntMsgList)).toContain('全员通知');
    expect(shipperInbox.sysMsgTotal).toBe(0);
    expect(draft).toBeTruthy();

    // Another tenant sees nothing of tenant 1 and cannot mark its messages.
    const otherInbox = await inbox(other);
    expect(otherInbox).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0 });
    const mark = await t.call({ method: 'PUT', url: `${SEND}/editByAnntIdAndUserId`, token: other, payload: { anntId: all } });
    expect(mark.body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('marks one message read for the caller only, then everything with readAll', async () => {
    const first = await add({ titile: '第一条' });
    const second = await add({ titile: '第二条' });
    await publish(first);
    await publish(second);
    const before = (await inbox(shipper)).anntMsgTotal;

    const marked = await t.call({ method: 'PUT', url: `${SEND}/editByAnntIdAndUserId`, token: shipper, payload: { anntId: first } });
    expect(marked.body.success).toBe(true);
    const after = await inbox(shipper);
    expect(after.anntMsgTotal).toBe(before - 1);
    expect(titles(after.anntMsgList)).not.toContain('第一条');
    expect(titles(after.anntMsgList)).toContain('第二条');
    // Someone else's copy is untouched.
    expect(titles((await inbox(ops)).anntMsgList)).toContain('第一条');
    // A bound parameter: SQL in the id matches nothing and changes nothing.
    const injected = await t.call({ method: 'PUT', url: `${SEND}/editByAnntIdAndUserId`, token: ops, payload: { anntId: `${second}' or '1'='1` } });
    expect(injected.body.success).toBe(false);
    expect(titles((await inbox(ops)).anntMsgList)).toContain('第二条');

    const mine = await t.call<Page<Receipt>>({ method: 'GET', url: `${SEND}/getMyAnnouncementSend?titile=第一条`, token: shipper });
    expect(mine.body.result.records).toHaveLength(1);
    expect(mine.body.result.records[0]).toMatchObject({ anntId: first, readFlag: '1', readFlag_dictText: '已读' });
    const unread = await t.call<Page<Receipt>>({ method: 'GET', url: `${SEND}/getMyAnnouncementSend?readFlag=0`, token: shipper });
    expect(unread.body.result.records.map((r) => r.titile)).toContain('第二条');

    const all = await t.call({ method: 'PUT', url: `${SEND}/readAll`, token: shipper });
    expect(all.body.success).toBe(true);
    expect((await inbox(shipper)).anntMsgTotal).toBe(0);
    expect((await inbox(ops)).anntMsgTotal).toBeGreaterThan(0);
  });

  it('我的消息 lists only the caller’s receipts, and 标为已读 refuses someone else’s row', async () => {
    const id = await add({ titile: '列表里的' });
    await publish(id);
    const opsList = await t.call<Page<Receipt>>({ method: 'GET', url: `${SEND}/list?titile=列表里的`, token: ops });
    const shipperList = await t.call<Page<Receipt>>({ method: 'GET', url: `${SEND}/list?titile=列表里的`, token: shipper });
    expect(opsList.body.result.records).toHaveLength(1);
    const opsReceipt = opsList.body.result.records[0];
    const shipperReceipt = shipperList.body.result.records[0];
    expect(opsReceipt.id).not.toBe(shipperReceipt.id);

    // 详情 reads one's own receipt only.
    const detail = await t.call<Receipt>({ method: 'GET', url: `${SEND}/queryById?id=${shipperReceipt.id}`, token: shipper });
    expect(detail.body.result).toMatchObject({ id: shipperReceipt.id, titile: '列表里的', readFlag_dictText: '未读' });
    const othersDetail = await t.call({ method: 'GET', url: `${SEND}/queryById?id=${opsReceipt.id}`, token: shipper });
    expect(othersDetail.body).toMatchObject({ success: false, message: '未找到对应数据' });

    const foreign = await t.call({ method: 'PUT', url: `${SEND}/markRead`, token: shipper, payload: { ids: `${shipperReceipt.id},${opsReceipt.id}` } });
    expect(foreign.body).toMatchObject({ success: false, message: '未找到对应数据' });
    const still = await t.call<Page<Receipt>>({ method: 'GET', url: `${SEND}/list?titile=列表里的`, token: shipper });
    expect(still.body.result.records[0].readFlag).toBe('0');

    const own = await t.call({ method: 'PUT', url: `${SEND}/markRead`, token: shipper, payload: { id: shipperReceipt.id } });
    expect(own.body).toMatchObject({ success: true, message: '已标为已读' });
    const opsAfter = await t.call<Page<Receipt>>({ method: 'GET', url: `${SEND}/list?titile=列表里的`, token: ops });
    expect(opsAfter.body.result.records[0].readFlag).toBe('0');
  });

  it('keeps tenants apart: tenant 2 messages reach tenant 2 only; tenant 1 admins cannot see or change them', async () => {
    const id = await add({ titile: '二号租户通知' }, { 'tenant-id': '2' });
    await publish(id, { 'tenant-id': '2' });
    expect(titles((await inbox(other)).anntMsgList)).toEqual(['二号租户通知']);
    expect(titles((await inbox(ops)).anntMsgList)).not.toContain('二号租户通知');
    const list = await t.call<Page<Announcement>>({ method: 'GET', url: `${API}/list?titile=二号租户通知`, token: admin });
    expect(list.body.result.records).toHaveLength(0);
    const revoke = await t.call({ method: 'GET', url: `${API}/doReovkeData?id=${id}`, token: admin });
    expect(revoke.body).toMatchObject({ success: false, message: '未找到对应数据' });
    const del = await t.call({ method: 'DELETE', url: `${API}/delete?id=${id}`, token: admin });
    expect(del.body.success).toBe(false);
    expect(titles((await inbox(other)).anntMsgList)).toEqual(['二号租户通知']);
  });

  it('revoked and deleted messages leave every inbox', async () => {
    const revoked = await add({ titile: '将撤销' });
    const deleted = await add({ titile: '将删除' });
    await publish(revoked);
    await publish(deleted);
    expect(titles((await inbox(ops)).anntMsgList)).toEqual(expect.arrayContaining(['将撤销', '将删除']));
    const revoke = await t.call({ method: 'PUT', url: `${API}/doReovkeData`, token: admin, payload: { ids: revoked } });
    expect(revoke.body).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    const del = await t.call({ method: 'DELETE', url: `${API}/deleteBatch?ids=${deleted}`, token: admin });
    expect(del.body.message).toBe('批量删除成功!');
    const after = titles((await inbox(ops)).anntMsgList);
    expect(after).not.toContain('将撤销');
    expect(after).not.toContain('将删除');
    const listed = await t.call<Page<Announcement>>({ method: 'GET', url: `${API}/list?titile=将撤销`, token: admin });
    expect(listed.body.result.records[0]).toMatchObject({ sendStatus: '2', sendStatus_dictText: '已撤销' });
    const gone = await t.call<Page<Announcement>>({ method: 'GET', url: `${API}/list?titile=将删除`, token: admin });
    expect(gone.body.result.total).toBe(0);
  });
});
