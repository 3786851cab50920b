/**
 * Buttons of the operations an entity schema declares (`operations`): row buttons in the 操作 column (only on rows
 * whose state passes `when`; more than two go under 更多), batch buttons for the selected rows and toolbar buttons
 * for every row the guard admits. Each shows only with its permission code; the server enforces the same code and
 * guard. A `confirm` asks first; an `input` opens a dialog built from the fields' definitions.
 */
import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { App, Button, Dropdown, Popconfirm, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import { operationAllows, operationPath, operationPermission, operationsAt, type OperationDef, type OperationPlacement } from './contract.ts';
import { useServices } from '../../src/engine/services.tsx';
import type { AccessProvider } from '../../src/providers/access.ts';
import type { OperationTarget, RecordId } from '../../src/providers/data.ts';
import { toastFailure } from '../../src/http/errors.ts';
import { newIdempotencyKey } from '../../src/contracts/idempotency.ts';
import type { ToolbarButtonsProps } from '../renderer-part.ts';

const OperationDialog = lazy(() => import('./renderer-dialog.tsx'));
const OperationPanelDrawer = lazy(() => import('./renderer-panel.tsx'));
const OperationFormOpener = lazy(() => import('./renderer-form-opener.tsx'));

/** Row buttons shown inline before they fold into a 更多 menu. */
const MAX_INLINE_ROW_OPERATIONS = 2;

/** Operations at a placement the user may run. */
export function permittedOperations(entity: EntitySchema, access: AccessProvider, placement: OperationPlacement): OperationDef[] {
  return operationsAt(entity, placement).filter((operation) => access.can(operationPermission(entity, operation)));
}

/** The 操作 column's row operations, when the user may run any (undefined adds nothing to the column). */
export function rowOperationActions(entity: EntitySchema, access: AccessProvider, onDone: () => void): ((record: WireRecord) => ReactNode) | undefined {
  if (permittedOperations(entity, access, 'row').length === 0) return undefined;
  return (record) => <RowOperations entity={entity} record={record} onDone={onDone} />;
}

/** Runs operations for one place on the page, owning the input dialog. */
function useOperationRunner(entity: EntitySchema, onDone: () => void) {
  const { data } = useServices();
  const { message, modal } = App.useApp();
  const [dialog, setDialog] = useState<{ operation: OperationDef; target: OperationTarget; key?: string }>();

  /**
   * Calls the server; failures are shown and rethrown (so an input dialog stays open). `key`: the press's (or the
   * dialog's) Idempotency-Key for operations that take one, so a retry of the same submission writes once.
   */
  async function call(operation: OperationDef, target: OperationTarget, input?: WireRecord, key?: string): Promise<void> {
    try {
      const path = operationPath(entity, operation);
      const result = operation.idempotencyKey
        ? await data.runOperation(path, target, input, { idempotencyKey: key ?? newIdempotencyKey() })
        : await data.runOperation(path, target, input);
      message.success(result.message || '操作成功');
      onDone();
    } catch (error: unknown) {
      toastFailure(message, error);
      throw error;
    }
  }

  /** Starts an operation: its dialog when it takes input, else a confirmation when it has one (unless confirmed). */
  function start(operation: OperationDef, target: OperationTarget, confirmed = false) {
    if (operation.input?.length) setDialog({ operation, target, key: operation.idempotencyKey ? newIdempotencyKey() : undefined });
    else if (operation.confirm && !confirmed) {
      modal.confirm({
        title: operation.label,
        content: operation.confirm,
        okText: '确定',
        cancelText: '取消',
        okButtonProps: { danger: operation.danger },
        onOk: () => call(operation, target).catch(() => undefined),
      });
    } else void call(operation, target).catch(() => undefined);
  }

  const dialogNode: ReactNode = dialog ? (
    <Suspense fallback={null}>
      <OperationDialog
        entity={entity}
        operation={dialog.operation}
        onClose={() => setDialog(undefined)}
        onSubmit={async (input) => {
          await call(dialog.operation, dialog.target, input, dialog.key);
          setDialog(undefined);
        }}
      />
    </Suspense>
  ) : null;

  return { start, dialogNode };
}

export interface RowOperationsProps {
  entity: EntitySchema;
  record: WireRecord;
  onDone(): void;
}

/** The operations of one row, for the 操作 column. Renders nothing when none applies to this row. */
export function RowOperations({ entity, record, onDone }: RowOperationsProps) {
  const { access } = useServices();
  const runner = useOperationRunner(entity, onDone);
  const [panel, setPanel] = useState<OperationDef>();
  const [formOf, setFormOf] = useState<OperationDef>();
  const operations = permittedOperations(entity, access, 'row').filter((operation) => operationAllows(operation, record));
  if (operations.length === 0) return null;
  const target: OperationTarget = { ids: [record.id as RecordId] };
  // Panel operations open their renderer for this row instead of calling the server.
  const start = (operation: OperationDef, rowTarget: OperationTarget, confirmed = false) =>
    operation.panel ? setPanel(operation) : operation.openForm ? setFormOf(operation) : runner.start(operation, rowTarget, confirmed);
  const dialogNode: ReactNode = (
    <>
      {runner.dialogNode}
      {panel && (
        <Suspense fallback={null}>
          <OperationPanelDrawer entity={entity} operation={panel} record={record} onClose={() => setPanel(undefined)} onChanged={onDone} />
        </Suspense>
      )}
      {formOf && (
        <Suspense fallback={null}>
          <OperationFormOpener
          operation={formOf}
          record={record}
          onClose={() => setFormOf(undefined)}
          onSaved={() => {
            setFormOf(undefined);
            onDone();
          }}
          />
        </Suspense>
      )}
    </>
  );

  if (operations.length > MAX_INLINE_ROW_OPERATIONS) {
    return (
      <>
        <Dropdown
          menu={{
            items: operations.map((operation) => ({ key: operation.key, label: operation.label, danger: operation.danger })),
            onClick: ({ key }) => {
              const operation = operations.find((o) => o.key === key);
              if (operation) start(operation, target);
            },
          }}
        >
          <Button type="link" size="small">
            更多 <DownOutlined />
          </Button>
        </Dropdown>
        {dialogNode}
      </>
    );
  }
  return (
    <>
      {operations.map((operation) =>
        operation.confirm && !operation.input?.length && !operation.panel && !operation.openForm ? (
          <Popconfirm
            key={operation.key}
            title={operation.confirm}
            okText="确定"
            cancelText="取消"
            onConfirm={() => start(operation, target, true)}
          >
            <Button type="link" size="small" danger={operation.danger}>
              {operation.label}
            </Button>
          </Popconfirm>
        ) : (
          <Button key={operation.key} type="link" size="small" danger={operation.danger} onClick={() => start(operation, target)}>
            {operation.label}
          </Button>
        ),
      )}
      {dialogNode}
    </>
  );
}


/** Toolbar buttons: batch operations (for the selected rows) and toolbar operations (for every row `when` admits). */
export function OperationButtons({ entity, selected, onDone }: ToolbarButtonsProps) {
  const { access } = useServices();
  const { start, dialogNode } = useOperationRunner(entity, onDone);
  const batch = permittedOperations(entity, access, 'batch');
  const toolbar = permittedOperations(entity, access, 'toolbar');
  if (batch.length === 0 && toolbar.length === 0) return null;
  return (
    <Space>
      {toolbar.map((operation) => (
        <Button key={`toolbar-${operation.key}`} danger={operation.danger} onClick={() => start(operation, { all: true })}>
          {operation.label}
        </Button>
      ))}
      {batch.map((operation) => (
        <Button
          key={`batch-${operation.key}`}
          danger={operation.danger}
          disabled={selected.length === 0}
          onClick={() => start(operation, { ids: selected })}
        >
          {operation.label.startsWith('批量') ? operation.label : `批量${operation.label}`}
        </Button>
      ))}
      {dialogNode}
    </Space>
  );
}
