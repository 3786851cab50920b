/** `file` in forms: the upload input, listing documents. */
import type { FieldTypeRenderer } from '../renderer-part.ts';
import { uploadRenderer } from '../image/renderer.tsx';

export const fileRenderer: FieldTypeRenderer = uploadRenderer;
