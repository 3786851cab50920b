/**
 * The header's bell (contract §6.7): the unread count as a badge, and a popover with the newest unread 通知 and
 * 系统消息 from `listByUser`. Clicking a message opens it (the sanitising announcement dialog) and marks it read;
 * 全部已读 marks everything; 查看更多 opens 我的消息. The list reloads when the server pushes over the websocket
 * (announcement-socket.ts), on a slow poll as a fallback, and when the popover opens.
 *
 * The list is read without the app's error notices: a server without announcements simply shows an empty bell
 * (and no socket is opened until the first list loaded). The popover body and the dialog load on first use.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Badge, Button, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { Result } from '../../contracts/index.ts';
import type { AnnouncementMessage } from '../dialogs/AnnouncementDialog.tsx';
import { useAppDeps } from '../deps.tsx';
import { useSession } from '../session.tsx';
import { useAnnouncementSocket } from './announcement-socket.ts';

const NotificationPanel = lazy(() => import('./NotificationPanel.tsx'));
const AnnouncementDialog = lazy(() => import('../dialogs/AnnouncementDialog.tsx').then((m) => ({ default: m.AnnouncementDialog })));

export const MY_ANNOUNCEMENTS_PATH = '/isps/userAnnouncement';
const POLL_MS = 60_000;
const PAGE_SIZE = 5;

export interface InboxMessage extends AnnouncementMessage {
  id: string;
  priority?: string | null;
  msgCategory?: string | null;
}

export interface Inbox {
  anntMsgList: InboxMessage[];
  anntMsgTotal: number;
  sysMsgList: InboxMessage[];
  sysMsgTotal: number;
}

const EMPTY: Inbox = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

export function NotificationBell({ dark = false }: { dark?: boolean }) {
  const session = useSession();
  const { http } = useAppDeps();
  const navigate = useNavigate();
  const [inbox, setInbox] = useState<Inbox>(EMPTY);
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);
  const [reading, setReading] = useState<InboxMessage>();
  const userId = session.user?.id;

  const reload = useCallback(async () => {
    try {
      const response = await http.axios.get<Result<Inbox>>('/sys/annountCement/listByUser', { params: { pageSize: PAGE_SIZE } });
      if (!response.data?.success) return;
      setInbox({ ...EMPTY, ...response.data.result });
      setLoaded(true);
    } catch {
      // Quietly keep what is shown: a poll that fails is retried by the next one.
    }
  }, [http]);

  useEffect(() => {
    if (!userId) return;
    void reload();
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [userId, reload]);

  useAnnouncementSocket({
    enabled: loaded,
    apiBase: String(http.axios.defaults.baseURL ?? '/jeecg-boot'),
    userId,
    token: session.token,
    onPush: () => void reload(),
  });

  async function openMessage(message: InboxMessage) {
    setOpen(false);
    setReading(message);
    try {
      await http.putResult('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: message.id });
    } finally {
      void reload();
    }
  }

  async function readAll() {
    try {
      await http.putResult('/sys/sysAnnouncementSend/readAll');
    } finally {
      void reload();
    }
  }

  const total = inbox.anntMsgTotal + inbox.sysMsgTotal;
  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) void reload();
        }}
        // Rendered on first open only, so the panel chunk loads when someone looks.
        content={
          <Suspense fallback={<Spin size="small" />}>
            <NotificationPanel
              inbox={inbox}
              onOpen={(message) => void openMessage(message)}
              onReadAll={() => void readAll()}
              onMore={() => {
                setOpen(false);
                navigate(MY_ANNOUNCEMENTS_PATH);
              }}
            />
          </Suspense>
        }
      >
        <Badge count={total} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            aria-label={total > 0 ? `消息通知，${total}条未读` : '消息通知'}
            icon={<BellOutlined />}
            style={dark ? { color: '#fff' } : undefined}
          />
        </Badge>
      </Popover>
      {reading ? (
        <Suspense fallback={null}>
          <AnnouncementDialog announcement={reading} onClose={() => setReading(undefined)} />
        </Suspense>
      ) : null}
    </>
  );
}
