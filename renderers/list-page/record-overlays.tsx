/**
 * What list and tree screens open over their table: the add/edit form (a dialog, or in page mode the whole screen,
 * which the caller then shows alone) and the read-only detail dialog. Shared so both screens behave alike.
 */
import { useImperativeHandle, useMemo, useState } from 'react';
import type { ReactNode, Ref } from 'react';
import { App } from 'antd';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import { RenderNode } from '../../src/engine/render-node.tsx';
import type { RecordId } from '../../src/providers/data.ts';
import type { DetailViewProps } from '../detail/types.ts';
import type { EntityFormProps } from '../form/types.ts';
import { RendererTypes } from '../node-types.ts';
import type { ColumnOptions } from './columns.tsx';
import type { ScreenHandle } from './types.ts';

/** Which form is open: adding (optionally with values filled in, e.g. a tree node's parent) or editing a record. */
export type FormState =
  | { open: false }
  | { open: true; mode: 'add'; initialValues?: WireRecord }
  | { open: true; mode: 'edit'; id: RecordId };

/** In page mode the form replaces the list in its tab (the list keeps its state for the way back). */
export function formTakesScreen(entity: EntitySchema, form: FormState): boolean {
  return form.open && entity.form.mode === 'page';
}

export function RecordForm(props: { entity: EntitySchema; form: FormState; onClose(): void; onSaved(): void }) {
  const { message } = App.useApp();
  const { entity, form } = props;
  if (!form.open) return null;
  return (
    <RenderNode<EntityFormProps>
      type={RendererTypes.form}
      fallback={null}
      props={{
        entity,
        mode: form.mode,
        recordId: form.mode === 'edit' ? form.id : undefined,
        initialValues: form.mode === 'add' ? form.initialValues : undefined,
        open: true,
        onClose: props.onClose,
        onSaved: (text) => {
          message.success(text || '操作成功');
          props.onSaved();
        },
      }}
    />
  );
}

export function RecordDetail(props: { entity: EntitySchema; id: RecordId | undefined; onClose(): void }) {
  if (props.id === undefined) return null;
  return (
    <RenderNode<DetailViewProps>
      type={RendererTypes.detail}
      fallback={null}
      props={{ entity: props.entity, recordId: props.id, open: true, onClose: props.onClose }}
    />
  );
}

export interface RecordOverlays {
  openForm(form: FormState): void;
  openDetail(id: RecordId): void;
  /** The row links that open these: 编辑, and 详情 when the entity declares `detail`. */
  rowActions: Pick<ColumnOptions, 'onEdit' | 'onDetail'>;
  /** In page mode an open form is the whole screen: render this instead of the list when it is set. */
  screen: ReactNode;
  /** The detail dialog and the form dialog, to render with the list. */
  dialogs: ReactNode;
}

/** The form and detail state of a list screen, and its `view(record)` handle; `onSaved` runs after a save. */
export function useRecordOverlays(entity: EntitySchema, handleRef: Ref<ScreenHandle> | undefined, onSaved: () => void): RecordOverlays {
  const [form, setForm] = useState<FormState>({ open: false });
  const [detailId, setDetailId] = useState<RecordId>();
  useImperativeHandle(handleRef, () => ({ view: (record) => record.id !== undefined && setDetailId(record.id as RecordId) }), []);
  const rowActions = useMemo<RecordOverlays['rowActions']>(
    () => ({
      onEdit: (record) => setForm({ open: true, mode: 'edit', id: record.id as RecordId }),
      onDetail: entity.detail ? (record) => setDetailId(record.id as RecordId) : undefined,
    }),
    [entity],
  );
  const close = () => setForm({ open: false });
  const formNode = (
    <RecordForm
      entity={entity}
      form={form}
      onClose={close}
      onSaved={() => {
        close();
        onSaved();
      }}
    />
  );
  const takesScreen = formTakesScreen(entity, form);
  return {
    openForm: setForm,
    openDetail: setDetailId,
    rowActions,
    screen: takesScreen ? formNode : null,
    dialogs: (
      <>
        <RecordDetail entity={entity} id={detailId} onClose={() => setDetailId(undefined)} />
        {takesScreen ? null : formNode}
      </>
    ),
  };
}
