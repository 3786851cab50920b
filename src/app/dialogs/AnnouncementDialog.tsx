/**
 * 通知消息: one announcement (contract §6.7) — title, sender, send time and the admin-written HTML body. The body
 * is sanitised with DOMPurify before it reaches the page, so a script or event handler in a message cannot run.
 * 60% wide with a 全屏 toggle; a long body scrolls inside the dialog instead of pushing the buttons away.
 */
import { useMemo, useState } from 'react';
import { Button, Modal, Space, Typography } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import DOMPurify from 'dompurify';
import { useNavigate } from 'react-router';

/** The fields the popup shows, named as the server sends them (`titile` is JeecgBoot's own spelling). */
export interface AnnouncementMessage {
  titile: string;
  sender?: string | null;
  sendTime?: string | null;
  msgContent?: string | null;
  /** 'url': the message points at a page of this app (`openPage`) that 去处理 opens. */
  openType?: string | null;
  openPage?: string | null;
}

export interface AnnouncementDialogProps {
  announcement: AnnouncementMessage | undefined;
  onClose(): void;
}

export function sanitizeAnnouncementHtml(html: string | null | undefined): string {
  return DOMPurify.sanitize(html ?? '');
}

export function AnnouncementDialog({ announcement, onClose }: AnnouncementDialogProps) {
  const navigate = useNavigate();
  const [fullScreen, setFullScreen] = useState(false);
  const content = useMemo(() => sanitizeAnnouncementHtml(announcement?.msgContent), [announcement?.msgContent]);
  const target = announcement?.openType === 'url' ? announcement.openPage : undefined;

  function handle() {
    onClose();
    if (target) navigate(target);
  }

  return (
    <Modal
      open={!!announcement}
      title={
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', paddingRight: 32 }}>
          <span>通知消息</span>
          <Button
            type="text"
            size="small"
            icon={fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFullScreen(!fullScreen)}
          >
            {fullScreen ? '退出全屏' : '全屏'}
          </Button>
        </div>
      }
      width={fullScreen ? '100%' : '60%'}
      style={fullScreen ? { top: 0, maxWidth: '100%', paddingBottom: 0 } : undefined}
      styles={{ body: { maxHeight: '80vh', overflowY: 'auto' } }}
      onCancel={onClose}
      footer={
        <Space>
          {target ? (
            <Button type="primary" onClick={handle}>
              去处理
            </Button>
          ) : null}
          <Button onClick={onClose}>关闭</Button>
        </Space>
      }
      destroyOnHidden
    >
      {announcement ? (
        <article>
          <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 0 }}>
            {announcement.titile}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {announcement.sender ? <span>发布人：{announcement.sender}</span> : null}
            {announcement.sender && announcement.sendTime ? '　' : null}
            {announcement.sendTime ? <span>发布时间：{announcement.sendTime}</span> : null}
          </Typography.Paragraph>
          {/* Sanitised above: only harmless markup is left. */}
          <div className="announcement-content" dangerouslySetInnerHTML={{ __html: content }} />
        </article>
      ) : null}
    </Modal>
  );
}
