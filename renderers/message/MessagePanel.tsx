/**
 * The `message` panel node: one message (an announcement a user received) as its reader sees it — title, sender
 * and time, and the rich-text body sanitised — with 去处理 when the message points somewhere (JeecgBoot's
 * openType): `url` opens the app path `openPage` in the shell; `component` opens the screen whose menu component
 * is `openPage` on the record `busId`. Field names default to JeecgBoot's and can be renamed in `panel.props`
 * (titleField, contentField, senderField, timeField, openTypeField, openPageField, recordIdField).
 */
import { useState } from 'react';
import { Button, Modal, Space, Typography } from 'antd';
import { useServices } from '../../src/engine/services.tsx';
import { purifyHtml } from '../shared/html.ts';
import type { OperationPanelProps } from '../shared/panel.ts';
import { ScreenByComponent } from '../shared/ScreenByComponent.tsx';

const DEFAULT_FIELDS = {
  titleField: 'titile',
  contentField: 'msgContent',
  senderField: 'sender',
  timeField: 'sendTime',
  openTypeField: 'openType',
  openPageField: 'openPage',
  recordIdField: 'busId',
} as const;

export default function MessagePanel({ record, settings, onClose }: OperationPanelProps) {
  const { navigate } = useServices();
  const [showingRecord, setShowingRecord] = useState(false);
  const text = (setting: keyof typeof DEFAULT_FIELDS): string => {
    const field = typeof settings[setting] === 'string' ? String(settings[setting]) : DEFAULT_FIELDS[setting];
    const value = record[field];
    return value === null || value === undefined ? '' : String(value);
  };
  const title = text('titleField');
  const openType = text('openTypeField');
  const page = text('openPageField');
  const recordId = text('recordIdField');
  const sender = text('senderField');
  const time = text('timeField');
  // A `url` target is a path of this app; anything else (another site) is not followed.
  const canOpenPage = openType === 'url' && page.startsWith('/') && !page.startsWith('//') && !!navigate;
  const canOpenRecord = openType === 'component' && page !== '';

  function handle() {
    if (canOpenPage) {
      onClose();
      navigate?.(page);
    } else if (canOpenRecord) {
      setShowingRecord(true);
    }
  }

  return (
    <article>
      <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {sender ? <span>发布人：{sender}</span> : null}
        {sender && time ? '　' : null}
        {time ? <span>发布时间：{time}</span> : null}
      </Typography.Paragraph>
      {/* Purified: only harmless markup is left. */}
      <div className="message-content" dangerouslySetInnerHTML={{ __html: purifyHtml(text('contentField')) }} />
      {canOpenPage || canOpenRecord ? (
        <Space style={{ marginTop: 24 }}>
          <Button type="primary" onClick={handle}>
            去处理
          </Button>
        </Space>
      ) : null}
      {showingRecord ? (
        <Modal open title={title} width="80%" footer={null} destroyOnHidden onCancel={() => setShowingRecord(false)}>
          <ScreenByComponent component={page} recordId={recordId || undefined} />
        </Modal>
      ) : null}
    </article>
  );
}
