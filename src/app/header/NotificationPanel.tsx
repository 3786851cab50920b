/**
 * The bell's panel, loaded on first open (plain React): three tabs — 待办 (the non-zero getDsXx categories, each
 * a link to its list), 通知 and 系统消息 (the newest unread announcements, priority shown) — then 全部已读 and
 * 查看更多. It opens on the first tab that has something in it.
 */
import { useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { Inbox, InboxMessage } from './NotificationBell.tsx';
import type { ActiveTodo } from './todo-counts.ts';

/** JeecgBoot's header tags: 紧急 / 重要 / 一般 (the priority dictionary's 高 / 中 / 低). */
const PRIORITY: Record<string, { label: string; tone: string }> = {
  H: { label: '紧急', tone: 'high' },
  M: { label: '重要', tone: 'medium' },
  L: { label: '一般', tone: 'low' },
};

type TabKey = 'todo' | 'notice' | 'system';

function Empty({ text }: { text: string }) {
  return <p className="shell-empty">{text}</p>;
}

function MessageList({ messages, onOpen }: { messages: InboxMessage[]; onOpen(message: InboxMessage): void }) {
  if (messages.length === 0) return <Empty text="暂无未读消息" />;
  return (
    <ul className="shell-bell-list">
      {messages.map((message) => {
        const priority = message.priority ? PRIORITY[message.priority] : undefined;
        return (
          <li key={message.id}>
            <button type="button" className="shell-bell-message" onClick={() => onOpen(message)}>
              <span className="shell-bell-message-title">
                {priority ? <span className={`shell-tag shell-tag-${priority.tone}`}>{priority.label}</span> : null}
                <span className="shell-ellipsis">{message.titile}</span>
              </span>
              <span className="shell-bell-meta">{[message.sender, message.sendTime].filter(Boolean).join(' · ')}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function TodoList({ todos, onTodo }: { todos: ActiveTodo[]; onTodo(path: string): void }) {
  if (todos.length === 0) return <Empty text="暂无待办" />;
  return (
    <ul className="shell-bell-list">
      {todos.map((todo) => (
        <li key={todo.key}>
          <a
            href={todo.path}
            className="shell-bell-todo"
            onClick={(event) => {
              if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              onTodo(todo.path);
            }}
          >
            <span>{todo.label}</span>
            <strong>{todo.count}</strong>
          </a>
        </li>
      ))}
    </ul>
  );
}

export interface NotificationPanelProps {
  todos: ActiveTodo[];
  inbox: Inbox;
  onTodo(path: string): void;
  onOpen(message: InboxMessage): void;
  onReadAll(): void;
  onMore(): void;
}

export default function NotificationPanel({ todos, inbox, onTodo, onOpen, onReadAll, onMore }: NotificationPanelProps) {
  const tabs: Array<{ key: TabKey; label: string; filled: boolean; body: ReactNode }> = [
    { key: 'todo', label: `待办(${todos.length})`, filled: todos.length > 0, body: <TodoList todos={todos} onTodo={onTodo} /> },
    { key: 'notice', label: `通知(${inbox.anntMsgTotal})`, filled: inbox.anntMsgList.length > 0, body: <MessageList messages={inbox.anntMsgList} onOpen={onOpen} /> },
    { key: 'system', label: `系统消息(${inbox.sysMsgTotal})`, filled: inbox.sysMsgList.length > 0, body: <MessageList messages={inbox.sysMsgList} onOpen={onOpen} /> },
  ];
  const [active, setActive] = useState<TabKey>(() => tabs.find((tab) => tab.filled)?.key ?? 'todo');
  const refs = useRef(new Map<TabKey, HTMLButtonElement>());
  const shown = tabs.find((tab) => tab.key === active) ?? tabs[0];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const to = event.key === 'ArrowRight' ? index + 1 : event.key === 'ArrowLeft' ? index - 1 : undefined;
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length].key;
    setActive(next);
    refs.current.get(next)?.focus();
  };

  return (
    <div className="shell-bell">
      <div role="tablist" aria-label="消息分类" className="shell-bell-tabs">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(node) => {
              if (node) refs.current.set(tab.key, node);
              else refs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={`shell-bell-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls="shell-bell-tabpanel"
            tabIndex={tab.key === active ? 0 : -1}
            onClick={() => setActive(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="shell-bell-tabpanel" aria-labelledby={`shell-bell-tab-${shown.key}`} className="shell-bell-body">
        {shown.body}
      </div>
      <div className="shell-bell-footer">
        <button type="button" className="shell-link" disabled={inbox.anntMsgTotal + inbox.sysMsgTotal === 0} onClick={onReadAll}>
          全部已读
        </button>
        <button type="button" className="shell-link" onClick={onMore}>
          查看更多
        </button>
      </div>
    </div>
  );
}
