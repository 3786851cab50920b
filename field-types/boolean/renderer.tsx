/** `boolean` in forms: rjsf's own checkbox; 是/否 in the query form. */
import type { FieldTypeRenderer } from '../renderer-part.ts';

export const booleanRenderer: FieldTypeRenderer = {
  formUi: () => ({}),
  queryInput: { options: [{ value: 'true', label: '是' }, { value: 'false', label: '否' }] },
};
