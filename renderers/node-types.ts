/** The node type names renderers are registered under; screens refer to renderers only through these. */
export const RendererTypes = {
  listPage: 'list-page',
  form: 'form',
  treeList: 'tree-list',
  detail: 'detail',
  permissionTree: 'permission-tree',
  /** Panel node: a master row's detail records (renderers/child-list). */
  childList: 'child-list',
  /** The editable grid (JVxeTable): line items in forms, and any screen that edits rows in place. */
  editableTable: 'editable-table',
  /** An online report: query form, paged table, totals, export (renderers/report). */
  report: 'report',
  /** An entity list edited in place (schema `list.inlineEdit`): renderers/editable-list. */
  editableList: 'editable-list',
  /** Form preview node: runs a report draft from the 报表配置 form (renderers/report). */
  reportPreview: 'report-preview',
  /** Panel node: a received message with its 去处理 (renderers/message). */
  message: 'message',
} as const;

/**
 * The screen renderer of an entity's menu entry: a tree list for entities that declare `tree`, an editable list for
 * `list.inlineEdit`, else a list page.
 */
export function entityScreenType(entity: { tree?: unknown; list?: { inlineEdit?: boolean } }): string {
  if (entity.tree) return RendererTypes.treeList;
  return entity.list?.inlineEdit ? RendererTypes.editableList : RendererTypes.listPage;
}
