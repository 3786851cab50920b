/**
 * The drawer a row operation with a `panel` opens: the registered renderer, given the row. What the panel changed
 * reaches the list behind it when the drawer closes, not while it is open: reloading then could take the drawer's
 * own row away (a tree list reloads collapsed, a filtered list may no longer hold the row) and close it mid-use.
 */
import { useCallback, useRef } from 'react';
import { Drawer } from 'antd';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import type { OperationDef } from './contract.ts';
import { RenderNode } from '../../src/engine/render-node.tsx';
import type { OperationPanelProps } from '../../renderers/shared/panel.ts';

const DEFAULT_WIDTH = 640;

export interface OperationPanelDrawerProps {
  entity: EntitySchema;
  operation: OperationDef;
  record: WireRecord;
  onClose(): void;
  onChanged(): void;
}

export default function OperationPanelDrawer({ entity, operation, record, onClose, onChanged }: OperationPanelDrawerProps) {
  const changed = useRef(false);
  const noteChange = useCallback(() => {
    changed.current = true;
  }, []);
  const close = useCallback(() => {
    onClose();
    if (changed.current) onChanged();
  }, [onClose, onChanged]);
  const panel = operation.panel;
  if (!panel) return null;
  return (
    <Drawer open title={panel.title ?? operation.label} size={panel.width ?? DEFAULT_WIDTH} onClose={close} destroyOnHidden>
      <RenderNode<OperationPanelProps>
        type={panel.node}
        props={{ entity, operation, record, settings: panel.props ?? {}, onClose: close, onChanged: noteChange }}
      />
    </Drawer>
  );
}
