/** The drawer a row operation with a `panel` opens: the registered renderer, given the row. */
import { Drawer } from 'antd';
import type { EntitySchema, OperationDef, WireRecord } from '../../src/contracts/index.ts';
import { RenderNode } from '../../src/engine/render-node.tsx';
import type { OperationPanelProps } from '../shared/panel.ts';

const DEFAULT_WIDTH = 640;

export interface OperationPanelDrawerProps {
  entity: EntitySchema;
  operation: OperationDef;
  record: WireRecord;
  onClose(): void;
  onChanged(): void;
}

export default function OperationPanelDrawer({ entity, operation, record, onClose, onChanged }: OperationPanelDrawerProps) {
  const panel = operation.panel;
  if (!panel) return null;
  return (
    <Drawer open title={panel.title ?? operation.label} size={panel.width ?? DEFAULT_WIDTH} onClose={onClose} destroyOnHidden>
      <RenderNode<OperationPanelProps>
        type={panel.node}
        props={{ entity, operation, record, settings: panel.props ?? {}, onClose, onChanged }}
      />
    </Drawer>
  );
}
