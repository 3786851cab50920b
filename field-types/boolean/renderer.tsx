/** `boolean` in forms: rjsf's own checkbox. */
import type { FieldTypeRenderer } from '../renderer-part.ts';

export const booleanRenderer: FieldTypeRenderer = {
  formUi: () => ({}),
};
