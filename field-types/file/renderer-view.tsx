/** `file` in the detail view: download links of the stored documents. */
import { splitPaths } from '../../src/contracts/index.ts';
import { FileLinks } from '../../renderers/shared/StoredFiles.tsx';
import type { FieldTypeView } from '../renderer-part.ts';

export const fileView: FieldTypeView = {
  display: (value) => <FileLinks paths={splitPaths(value)} />,
};
