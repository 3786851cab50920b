/**
 * A row operation with `openForm` (e.g. 派车 on an order): opens another entity's add form, its fields filled from
 * the row, as a dialog over this list. The form saves through that entity's own add endpoint and permission; the
 * server fills anything it copies from referenced records itself (`copyFrom`), whatever the form sent.
 */
import { Alert, Modal } from 'antd';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import type { OperationDef } from './contract.ts';
import { useEntitySchema } from '../../src/engine/services.tsx';
import { RecordForm } from '../../renderers/list-page/record-overlays.tsx';

export interface OperationFormOpenerProps {
  operation: OperationDef;
  record: WireRecord;
  onClose(): void;
  onSaved(): void;
}

export default function OperationFormOpener({ operation, record, onClose, onSaved }: OperationFormOpenerProps) {
  const open = operation.openForm;
  const target = useEntitySchema(open?.entity);

  if (!open || target === undefined) return null;
  if (target === null) {
    return (
      <Modal open title={operation.label} footer={null} onCancel={onClose}>
        <Alert type="error" showIcon title={`找不到表单配置：${open.entity}`} />
      </Modal>
    );
  }
  const initialValues = Object.fromEntries(
    Object.entries(open.values)
      .map(([field, source]) => [field, record[source]] as const)
      .filter(([, value]) => value !== null && value !== undefined && value !== ''),
  ) as WireRecord;
  // Always a dialog here: a page-mode form would replace a list it does not belong to.
  const asDialog: EntitySchema = { ...target, form: { ...target.form, mode: 'modal' } };
  return <RecordForm entity={asDialog} form={{ open: true, mode: 'add', initialValues }} onClose={onClose} onSaved={onSaved} />;
}
