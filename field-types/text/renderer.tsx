/** `text` in forms: a three-line textarea. */
import { placeholderOf, type FieldTypeRenderer } from '../renderer-part.ts';

export const textRenderer: FieldTypeRenderer = {
  formUi: (field) => ({ 'ui:widget': 'textarea', 'ui:placeholder': placeholderOf(field, `请输入${field.label}`), 'ui:options': { rows: 3 } }),
  wideInForm: true,
};
