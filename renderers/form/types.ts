import type { EntitySchema } from '../../src/contracts/index.ts';
import type { RecordId } from '../../src/providers/data.ts';

/** Props of the `form` node: an add/edit modal for one entity. */
export interface EntityFormProps {
  entity: EntitySchema;
  mode: 'add' | 'edit';
  /** Required in edit mode; the record is read again with queryById. */
  recordId?: RecordId;
  open: boolean;
  onClose: () => void;
  /** Called after a successful write with the server's message. */
  onSaved: (message: string) => void;
  /** Add mode: values the new record starts with (e.g. the parent of a 添加子级 node). */
  initialValues?: Record<string, unknown>;
}
