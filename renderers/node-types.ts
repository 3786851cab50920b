/** The node type names renderers are registered under; screens refer to renderers only through these. */
export const RendererTypes = {
  listPage: 'list-page',
  form: 'form',
  treeList: 'tree-list',
  detail: 'detail',
} as const;

/** The screen renderer of an entity's menu entry: a tree list for entities that declare `tree`, else a list page. */
export function entityScreenType(entity: { tree?: unknown }): string {
  return entity.tree ? RendererTypes.treeList : RendererTypes.listPage;
}
