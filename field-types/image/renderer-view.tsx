/** `image` in lists and the detail view: thumbnails of the stored pictures. */
import { splitPaths } from '../../src/contracts/index.ts';
import { ImageThumbs } from '../../renderers/shared/StoredFiles.tsx';
import type { FieldTypeView } from '../renderer-part.ts';

export const imageView: FieldTypeView = {
  listCell: ({ record, field, def }) => <ImageThumbs paths={splitPaths(record[field])} domain={def?.fileDomain} />,
  display: (value, field) => <ImageThumbs paths={splitPaths(value)} size={64} domain={field.fileDomain} />,
};
