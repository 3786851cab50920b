/**
 * The bell's popover body, loaded on first open (keeps Tabs/List out of the shell's first download): the newest
 * unread 通知 and 系统消息, 全部已读 and 查看更多.
 */
import { Button, Empty, Flex, List, Tabs, Tag, Typography } from 'antd';
import type { Inbox, InboxMessage } from './NotificationBell.tsx';

function MessageList({ messages, onOpen }: { messages: InboxMessage[]; onOpen(message: InboxMessage): void }) {
  if (messages.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" />;
  return (
    <List
      size="small"
      dataSource={messages}
      renderItem={(message) => (
        <List.Item key={message.id} style={{ cursor: 'pointer' }} onClick={() => onOpen(message)}>
          <Flex vertical style={{ width: '100%', minWidth: 0 }}>
            <Flex align="center" gap={4}>
              {message.priority === 'H' ? <Tag color="red">紧急</Tag> : null}
              <Typography.Link ellipsis style={{ flex: 1 }}>
                {message.titile}
              </Typography.Link>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[message.sender, message.sendTime].filter(Boolean).join(' · ')}
            </Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}

export interface NotificationPanelProps {
  inbox: Inbox;
  onOpen(message: InboxMessage): void;
  onReadAll(): void;
  onMore(): void;
}

export default function NotificationPanel({ inbox, onOpen, onReadAll, onMore }: NotificationPanelProps) {
  return (
    <div style={{ width: 320 }}>
      <Tabs
        size="small"
        items={[
          { key: 'notice', label: `通知(${inbox.anntMsgTotal})`, children: <MessageList messages={inbox.anntMsgList} onOpen={onOpen} /> },
          { key: 'system', label: `系统消息(${inbox.sysMsgTotal})`, children: <MessageList messages={inbox.sysMsgList} onOpen={onOpen} /> },
        ]}
      />
      <Flex justify="space-between">
        <Button type="link" size="small" disabled={inbox.anntMsgTotal + inbox.sysMsgTotal === 0} onClick={onReadAll}>
          全部已读
        </Button>
        <Button type="link" size="small" onClick={onMore}>
          查看更多
        </Button>
      </Flex>
    </div>
  );
}
