/**
 * A message that points at a business record (`openType: component`): the screen its `openPage` names, loaded by
 * the dynamic loader, which then opens the record `busId` (JeecgBoot's DynamicNotice). Rendered inside an antd
 * island by the bell, on first use.
 */
import { Modal } from 'antd';
import { DynamicScreen } from '../main/DynamicScreen.tsx';
import type { InboxMessage } from './NotificationBell.tsx';

export default function RecordDialog({ message, onClose }: { message: InboxMessage; onClose(): void }) {
  return (
    <Modal open title={message.titile} width="80%" footer={null} destroyOnHidden onCancel={onClose}>
      <DynamicScreen component={message.openPage ?? ''} formData={message.busId ? { id: message.busId } : undefined} />
    </Modal>
  );
}
