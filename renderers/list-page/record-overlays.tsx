/**
 * What list and tree screens open over their table: the add/edit form (a dialog, or in page mode the whole screen,
 * which the caller then shows alone) and the read-only detail dialog. Shared so both screens behave alike.
 */
import { App } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import { RenderNode } from '../../src/engine/render-node.tsx';
import type { RecordId } from '../../src/providers/data.ts';
import type { DetailViewProps } from '../detail/types.ts';
import type { EntityFormProps } from '../form/types.ts';
import { RendererTypes } from '../node-types.ts';

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

/** Server paging as JeecgBoot lists offer it: size changer, quick jumper, '共 N 条'. */
export function listPagination(page: number, pageSize: number, total: number, pageSizes: readonly number[]): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total,
    pageSizeOptions: pageSizes.map(String),
    showQuickJumper: true,
    showSizeChanger: true,
    showTotal: (count) => `共 ${count} 条`,
  };
}
