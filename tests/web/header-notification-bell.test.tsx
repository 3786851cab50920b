import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../src/app/AppShell.tsx';
import { announcementSocketUrl, retryDelay } from '../../src/app/header/announcement-socket.ts';
import type { Inbox } from '../../src/app/header/NotificationBell.tsx';
import { StorageKeys } from '../../src/http/storage.ts';
import { ok } from './helpers/fake-adapter.ts';
import { createFakeServer, LOGIN_RESULT } from './helpers/fake-server.ts';

/** Stands in for the browser's WebSocket: records how it was opened and lets the test push messages. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.opened.push(this);
  }
  send(): void {}
  close(): void {
    this.closed = true;
  }
  push(message: object): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const NOTICE = {
  id: 'a1',
  titile: '春节放假通知',
  sender: 'admin',
  sendTime: '2026-01-20 10:00:00',
  priority: 'H',
  msgCategory: '1',
  msgContent: '<p>放假安排<script>window.hacked = true</script><img src="x" onerror="window.hacked = true"></p>',
};
const SECOND = { id: 'a2', titile: '运费结算提醒', sender: 'ops', sendTime: '2026-01-19 09:00:00', priority: 'L', msgCategory: '1' };
const SYSTEM = { id: 's1', titile: '系统升级完成', sender: 'admin', sendTime: '2026-01-18 08:00:00', priority: 'M', msgCategory: '2' };

function inboxServer(initial: Inbox, counts?: Record<string, number>) {
  let inbox = initial;
  const server = createFakeServer({
    'get /sys/annountCement/listByUser': () => ok(inbox),
    ...(counts ? { 'get /hydriver/hyDriver/getDsXx': () => ok(counts) } : {}),
    'put /sys/sysAnnouncementSend/editByAnntIdAndUserId': () => ok(null, '操作成功!'),
    'put /sys/sysAnnouncementSend/readAll': () => ok(null, '全部已读'),
  });
  server.storage.set(StorageKeys.token, LOGIN_RESULT.token);
  server.storage.set(StorageKeys.userInfo, LOGIN_RESULT.userInfo);
  return { server, setInbox: (next: Inbox) => (inbox = next) };
}

function renderApp(server: ReturnType<typeof createFakeServer>) {
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <MemoryRouter initialEntries={['/dashboard/analysis']}>
          <AppShell deps={server.deps} />
        </MemoryRouter>
      </AntdApp>
    </ConfigProvider>,
  );
}

describe('header notification bell', () => {
  beforeEach(() => {
    FakeSocket.opened = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the unread count and lists 通知 and 系统消息 from listByUser', async () => {
    const user = userEvent.setup();
    const { server } = inboxServer({ anntMsgList: [NOTICE, SECOND], anntMsgTotal: 2, sysMsgList: [SYSTEM], sysMsgTotal: 1 });
    renderApp(server);
    const bell = await screen.findByRole('button', { name: '消息通知，3条未读' }, { timeout: 15000 });
    expect(server.calls('get', '/sys/annountCement/listByUser')[0].params).toMatchObject({ pageSize: 5 });

    await user.click(bell);
    expect(await screen.findByRole('tab', { name: '通知(2)' })).toBeInTheDocument();
    expect(screen.getByText('春节放假通知')).toBeInTheDocument();
    expect(screen.getByText('运费结算提醒')).toBeInTheDocument();
    expect(screen.getByText('紧急')).toBeInTheDocument();
    expect(screen.getByText('一般')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '系统消息(1)' }));
    expect(await screen.findByText('系统升级完成')).toBeInTheDocument();
  });

  it('is one bell for 待办 and 通知: the badge counts the due categories plus one for unread announcements', async () => {
    const user = userEvent.setup();
    const counts = { sijiCount: 2, cheCount: 0, huozhuCount: 0, yuejieZhangQi: 1, pijieZhangQi: 0, tangjieZhangQi: 0, dianfuZq: 0 };
    const { server } = inboxServer({ anntMsgList: [NOTICE, SECOND], anntMsgTotal: 2, sysMsgList: [SYSTEM], sysMsgTotal: 1 }, counts);
    renderApp(server);
    const bell = await screen.findByRole('button', { name: '消息通知，2类待办，3条未读' }, { timeout: 15000 });
    expect(bell).toHaveTextContent('3');
    expect(screen.getAllByRole('button', { name: /^消息通知/ })).toHaveLength(1);

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: '消息通知' });
    // It opens on 待办, the first tab with something in it.
    expect(await within(panel).findByRole('tab', { name: '待办(2)' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(panel).getByRole('tab', { name: '通知(2)' }));
    expect(within(panel).getByText('春节放假通知')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: '消息通知' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it('opens a message pointing at a record (openType component) on that record’s screen', async () => {
    const user = userEvent.setup();
    const record = { ...SECOND, id: 'a3', titile: '司机资料待复核', openType: 'component', openPage: 'wlhy/hydriver/HyDriverList', busId: 'd1' };
    const { server } = inboxServer({ anntMsgList: [record], anntMsgTotal: 1, sysMsgList: [], sysMsgTotal: 0 });
    renderApp(server);
    await user.click(await screen.findByRole('button', { name: '消息通知，1条未读' }, { timeout: 15000 }));
    await user.click(await screen.findByText('司机资料待复核'));
    const dialog = await screen.findByRole('dialog', { name: '司机资料待复核' }, { timeout: 5000 });
    expect(await within(dialog).findByText('张三', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(JSON.parse(String(server.calls('put', '/sys/sysAnnouncementSend/editByAnntIdAndUserId')[0].data))).toEqual({ anntId: 'a3' });
  });

  it('opens a message in the sanitised dialog and marks it read', async () => {
    const user = userEvent.setup();
    const { server, setInbox } = inboxServer({ anntMsgList: [NOTICE], anntMsgTotal: 1, sysMsgList: [], sysMsgTotal: 0 });
    renderApp(server);
    await user.click(await screen.findByRole('button', { name: '消息通知，1条未读' }, { timeout: 15000 }));
    setInbox({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 });
    await user.click(await screen.findByText('春节放假通知'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('通知消息')).not.toHaveLength(0);
    expect(within(dialog).getByRole('heading', { name: '春节放假通知' })).toBeInTheDocument();
    expect(within(dialog).getByText('放假安排')).toBeInTheDocument();
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('[onerror]')).toBeNull();
    const marks = server.calls('put', '/sys/sysAnnouncementSend/editByAnntIdAndUserId');
    expect(marks).toHaveLength(1);
    expect(JSON.parse(String(marks[0].data))).toEqual({ anntId: 'a1' });
    expect(await screen.findByRole('button', { name: '消息通知' })).toBeInTheDocument();
  });

  it('全部已读 marks everything read and the badge goes away', async () => {
    const user = userEvent.setup();
    const { server, setInbox } = inboxServer({ anntMsgList: [NOTICE, SECOND], anntMsgTotal: 2, sysMsgList: [], sysMsgTotal: 0 });
    renderApp(server);
    await user.click(await screen.findByRole('button', { name: '消息通知，2条未读' }, { timeout: 15000 }));
    setInbox({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 });
    await user.click(await screen.findByRole('button', { name: '全部已读' }));
    expect(server.calls('put', '/sys/sysAnnouncementSend/readAll')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: '消息通知' })).toBeInTheDocument();
  });

  it('opens the socket with the token as subprotocol (not in the URL) and reloads on a push', async () => {
    const { server, setInbox } = inboxServer({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 });
    renderApp(server);
    await screen.findByRole('button', { name: '消息通知' }, { timeout: 15000 });
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(1));
    const socket = FakeSocket.opened[0];
    expect(socket.url).toMatch(/^ws:\/\/[^/]+\/jeecg-boot\/websocket\/u1$/);
    expect(socket.url).not.toContain(LOGIN_RESULT.token);
    expect(socket.protocols).toEqual([LOGIN_RESULT.token]);

    setInbox({ anntMsgList: [NOTICE], anntMsgTotal: 1, sysMsgList: [], sysMsgTotal: 0 });
    act(() => socket.push({ cmd: 'topic', msgId: 'a1', msgTxt: '春节放假通知' }));
    expect(await screen.findByRole('button', { name: '消息通知，1条未读' })).toBeInTheDocument();
  });

  it('builds socket addresses from the API base and backs off between reconnects', () => {
    expect(announcementSocketUrl('/jeecg-boot', 'u 1', 'https://freight.example.com/dashboard')).toBe('wss://freight.example.com/jeecg-boot/websocket/u%201');
    expect(announcementSocketUrl('http://api.example.com:8080/jeecg-boot/', 'u1', 'https://x.example.com/')).toBe('ws://api.example.com:8080/jeecg-boot/websocket/u1');
    expect([0, 1, 2, 10].map(retryDelay)).toEqual([2000, 4000, 8000, 60000]);
  });
});
