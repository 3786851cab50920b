/** `file` in lists and the detail view: download links of the stored documents (short names in lists). */
import { splitPaths } from '../../src/contracts/index.ts';
import { FileLinks } from '../../renderers/shared/StoredFiles.tsx';
import type { FieldTypeView } from '../renderer-part.ts';

export const fileView: FieldTypeView = {
  listCell: ({ record, field, def }) => <FileLinks paths={splitPaths(record[field])} short domain={def?.fileDomain} />,
  display: (value, field) => <FileLinks paths={splitPaths(value)} domain={field.fileDomain} />,
};
