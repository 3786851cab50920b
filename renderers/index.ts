/**
 * The renderer catalogue. Registration is lazy: nothing here imports antd, rjsf or ajv, so the login screen
 * stays light and each renderer arrives in its own chunk the first time a screen needs it.
 */
import type { Registry } from '../src/engine/registry.ts';
import type { DetailViewProps } from './detail/types.ts';
import type { EntityFormProps } from './form/types.ts';
import type { ListPageProps } from './list-page/types.ts';
import type { EditableTableProps } from './editable-table/types.ts';
import type { ReportViewProps } from './report/ReportView.tsx';
import type { ReportPreviewProps } from './report/ReportPreview.tsx';
import type { OperationPanelProps } from './shared/panel.ts';
import { RendererTypes } from './node-types.ts';

export type { DetailViewProps } from './detail/types.ts';
export type { EntityFormProps } from './form/types.ts';
export type { ListPageProps, ScreenHandle } from './list-page/types.ts';
export type { EditableTableHandle, EditableTableProps } from './editable-table/types.ts';
export type { ReportViewProps } from './report/ReportView.tsx';

export { entityScreenType, RendererTypes } from './node-types.ts';

export function registerRenderers(registry: Registry): Registry {
  registry.register<ListPageProps>({ type: RendererTypes.listPage, load: () => import('./list-page/ListPage.tsx') });
  registry.register<EntityFormProps>({ type: RendererTypes.form, load: () => import('./form/EntityForm.tsx') });
  registry.register<ListPageProps>({ type: RendererTypes.treeList, load: () => import('./tree-list/TreeList.tsx') });
  registry.register<DetailViewProps>({ type: RendererTypes.detail, load: () => import('./detail/DetailView.tsx') });
  registry.register<OperationPanelProps>({ type: RendererTypes.permissionTree, load: () => import('./permission-tree/PermissionTree.tsx') });
  registry.register<OperationPanelProps>({ type: RendererTypes.childList, load: () => import('./child-list/ChildListPanel.tsx') });
  registry.register<EditableTableProps>({ type: RendererTypes.editableTable, load: () => import('./editable-table/EditableTable.tsx') });
  registry.register<ReportViewProps>({ type: RendererTypes.report, load: () => import('./report/ReportView.tsx') });
  registry.register<ReportPreviewProps>({ type: RendererTypes.reportPreview, load: () => import('./report/ReportPreview.tsx') });
  registry.register<ListPageProps>({ type: RendererTypes.editableList, load: () => import('./editable-list/EditableList.tsx') });
  registry.register<OperationPanelProps>({ type: RendererTypes.message, load: () => import('./message/MessagePanel.tsx') });
  return registry;
}
