/** `file` in forms: the upload input, listing documents (renderer-view.tsx: download links in the detail view). */
import type { FieldTypeRenderer } from '../renderer-part.ts';
import { uploadRenderer } from '../image/renderer.tsx';

export const fileRenderer: FieldTypeRenderer = uploadRenderer;
