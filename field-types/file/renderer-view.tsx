/** `file` in lists and the detail view: download links of the stored documents (short names in lists). */
import { splitPaths } from '../../src/contracts/index.ts';
import { FileLinks } from '../../renderers/shared/StoredFiles.tsx';
import type { FieldTypeView } from '../renderer-part.ts';

export const fileView: FieldTypeView = {
  listCell: ({ record, field }) => <FileLinks paths={splitPaths(record[field])} short />,
  display: (value) => <FileLinks paths={splitPaths(value)} />,
};
