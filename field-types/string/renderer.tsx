/** `string` in forms: rjsf's text input with the label as hint. */
import { placeholderOf, type FieldTypeRenderer } from '../renderer-part.ts';

export const stringRenderer: FieldTypeRenderer = {
  formUi: (field) => ({ 'ui:placeholder': placeholderOf(field, `请输入${field.label}`) }),
};
