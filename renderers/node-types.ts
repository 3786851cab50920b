/** The node type names renderers are registered under; screens refer to renderers only through these. */
export const RendererTypes = {
  listPage: 'list-page',
  form: 'form',
} as const;
