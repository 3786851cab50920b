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
} as const;

/** The screen renderer of an entity's menu entry: a tree list for entities that declare `tree`, else a list page. */
export function entityScreenType(entity: { tree?: unknown }): string {
  return entity.tree ? RendererTypes.treeList : RendererTypes.listPage;
}
