/**
 * What a renderer opened by a row operation's `panel` receives (see OperationPanel in capabilities/operations/contract.ts):
 * the screen's entity, the row, the panel's settings, and callbacks to close the drawer or refresh the list.
 */
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import type { OperationDef } from '../../capabilities/operations/contract.ts';

export interface OperationPanelProps {
  entity: EntitySchema;
  operation: OperationDef;
  record: WireRecord;
  /** `panel.props` of the operation, as written in the schema. */
  settings: Record<string, string | number | boolean | null>;
  /** Closes the drawer (e.g. after saving). */
  onClose(): void;
  /** Reloads the list behind the drawer (the panel changed something it shows). */
  onChanged(): void;
}
