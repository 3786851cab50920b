/**
 * The header's one bell (issue 3, contract §6.7). It gathers two things:
 * - 待办: the seven getDsXx counters (todo-counts.ts), polled every 650 000 ms;
 * - 通知 / 系统消息: the newest unread announcements from `listByUser`, reloaded when the server pushes over the
 *   websocket (announcement-socket.ts), on a slow poll as a fallback, and when the panel opens.
 * The badge is the number of non-zero 待办 categories, plus one when announcements are unread. The panel (300 px)
 * lists both; clicking a message marks it read and opens it by `openType` (`component`: the record's screen with
 * `busId` as id; otherwise the sanitising 通知消息 popup, whose 去处理 follows a `url`); 查看更多 opens 我的消息.
 *
 * Both lists are read without the app's error notices: a server without them simply shows a quiet bell (and no
 * socket is opened until the first announcement list loaded). The panel and the dialogs load on first use.
 */
import { pageParams } from '../../contracts/list-params.ts';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Result } from '../../contracts/index.ts';
import type { AnnouncementMessage } from '../dialogs/AnnouncementDialog.tsx';
import { useAppDeps } from '../deps.tsx';
import { useSession } from '../session.tsx';
import { AntdIsland } from '../shell/AntdIsland.tsx';
import { Icon } from '../shell/icons.tsx';
import { useDismiss } from '../shell/use-dismiss.ts';
import { useAnnouncementSocket } from './announcement-socket.ts';
import { activeTodos, bellBadgeCount, bellLabel, TODO_COUNTS_URL, TODO_POLL_MS } from './todo-counts.ts';
import type { TodoCounts } from './todo-counts.ts';

const NotificationPanel = lazy(() => import('./NotificationPanel.tsx'));
const AnnouncementDialog = lazy(() => import('../dialogs/AnnouncementDialog.tsx').then((m) => ({ default: m.AnnouncementDialog })));
const RecordDialog = lazy(() => import('./RecordDialog.tsx'));

export const MY_ANNOUNCEMENTS_PATH = '/isps/userAnnouncement';
const POLL_MS = 60_000;
const PAGE_SIZE = 5;

export interface InboxMessage extends AnnouncementMessage {
  id: string;
  priority?: string | null;
  msgCategory?: string | null;
  /** With `openType: component`, the record `openPage` shows. */
  busId?: string | null;
}

export interface Inbox {
  anntMsgList: InboxMessage[];
  anntMsgTotal: number;
  sysMsgList: InboxMessage[];
  sysMsgTotal: number;
}

const EMPTY: Inbox = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

/** A reload on mount, on an interval and on demand; failures keep what is shown (the next round retries). */
function usePolled<T>(load: () => Promise<T | undefined>, everyMs: number, enabled: boolean): [T | undefined, () => Promise<void>] {
  const [value, setValue] = useState<T>();
  const reload = useCallback(async () => {
    try {
      const next = await load();
      if (next !== undefined) setValue(next);
    } catch {
      // Quietly keep what is shown.
    }
  }, [load]);
  useEffect(() => {
    if (!enabled) return;
    void reload();
    const timer = setInterval(() => void reload(), everyMs);
    return () => clearInterval(timer);
  }, [enabled, reload, everyMs]);
  return [value, reload];
}

export function NotificationBell({ dark = false }: { dark?: boolean }) {
  const session = useSession();
  const { http } = useAppDeps();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [reading, setReading] = useState<InboxMessage>();
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const userId = session.user?.id;

  const loadInbox = useCallback(async () => {
    const response = await http.axios.get<Result<Inbox>>('/sys/annountCement/listByUser', { params: pageParams(1, PAGE_SIZE) });
    return response.data?.success ? { ...EMPTY, ...response.data.result } : undefined;
  }, [http]);
  const loadCounts = useCallback(async () => {
    const response = await http.axios.get<Result<TodoCounts>>(TODO_COUNTS_URL);
    return response.data?.success ? response.data.result : undefined;
  }, [http]);
  const [loadedInbox, reloadInbox] = usePolled(loadInbox, POLL_MS, !!userId);
  const [counts, reloadCounts] = usePolled(loadCounts, TODO_POLL_MS, !!userId);
  const inbox = loadedInbox ?? EMPTY;

  useAnnouncementSocket({
    enabled: loadedInbox !== undefined,
    apiBase: String(http.axios.defaults.baseURL ?? '/jeecg-boot'),
    userId,
    token: session.token,
    onPush: () => void reloadInbox(),
  });

  useDismiss(open, [trigger, panel], (reason) => {
    setOpen(false);
    if (reason === 'escape') trigger.current?.focus();
  });

  async function openMessage(message: InboxMessage) {
    setOpen(false);
    setReading(message);
    try {
      await http.putResult('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: message.id });
    } finally {
      void reloadInbox();
    }
  }

  async function readAll() {
    try {
      await http.putResult('/sys/sysAnnouncementSend/readAll');
    } finally {
      void reloadInbox();
    }
  }

  const todos = activeTodos(counts);
  const unread = inbox.anntMsgTotal + inbox.sysMsgTotal;
  const badge = bellBadgeCount(todos, unread);
  const asRecord = reading?.openType === 'component' && reading.openPage;
  return (
    <div className="shell-dropdown">
      <button
        ref={trigger}
        type="button"
        className={dark ? 'shell-icon-button is-dark' : 'shell-icon-button'}
        aria-label={bellLabel(todos, unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpen(!open);
          if (!open) {
            void reloadInbox();
            void reloadCounts();
          }
        }}
      >
        <Icon name="bell" />
        {badge > 0 ? (
          <span className="shell-badge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <div ref={panel} role="dialog" aria-label="消息通知" className="shell-popover shell-bell-panel">
          {/* The panel chunk loads when someone first looks. */}
          <Suspense fallback={<div className="shell-popover-loading" role="status" aria-label="加载中" />}>
            <NotificationPanel
              todos={todos}
              inbox={inbox}
              onTodo={(path) => {
                setOpen(false);
                navigate(path);
              }}
              onOpen={(message) => void openMessage(message)}
              onReadAll={() => void readAll()}
              onMore={() => {
                setOpen(false);
                navigate(MY_ANNOUNCEMENTS_PATH);
              }}
            />
          </Suspense>
        </div>
      ) : null}
      {reading ? (
        <AntdIsland>
          {asRecord ? (
            <RecordDialog message={reading} onClose={() => setReading(undefined)} />
          ) : (
            <AnnouncementDialog announcement={reading} onClose={() => setReading(undefined)} />
          )}
        </AntdIsland>
      ) : null}
    </div>
  );
}
