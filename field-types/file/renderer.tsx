/** `file` in forms: the upload input, listing documents; download links in the detail view. */
import { splitPaths } from '../../src/contracts/index.ts';
import { FileLinks } from '../../renderers/shared/StoredFiles.tsx';
import type { FieldTypeRenderer } from '../renderer-part.ts';
import { uploadRenderer } from '../image/renderer.tsx';

export const fileRenderer: FieldTypeRenderer = {
  ...uploadRenderer,
  display: (value) => <FileLinks paths={splitPaths(value)} />,
};
