/** `boolean` in forms: rjsf's own checkbox (renderer-view.tsx: 是/否 in the query form). */
import type { FieldTypeRenderer } from '../renderer-part.ts';

export const booleanRenderer: FieldTypeRenderer = {
  formUi: () => ({}),
};
