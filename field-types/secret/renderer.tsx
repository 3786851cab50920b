/** `secret` in forms: the password type's masked input (the stored value never comes back; blank on edit keeps it). */
import { PasswordWidget } from '../password/renderer.tsx';
import { placeholderOf, type FieldTypeRenderer } from '../renderer-part.ts';

export const secretRenderer: FieldTypeRenderer = {
  formUi: (field) => ({ 'ui:widget': 'PasswordWidget', 'ui:placeholder': placeholderOf(field, `请输入${field.label}（留空则不修改）`) }),
  widgets: { PasswordWidget },
};
