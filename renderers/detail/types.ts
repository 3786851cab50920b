import type { EntitySchema } from '../../src/contracts/index.ts';
import type { RecordId } from '../../src/providers/data.ts';

/** Props of the `detail` node: one record of an entity as a read-only description list, in a modal. */
export interface DetailViewProps {
  entity: EntitySchema;
  recordId: RecordId;
  open: boolean;
  onClose: () => void;
}
