/** `password` in forms: a masked input; the stored hash never comes back, so an empty box on edit keeps it. */
import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { placeholderOf, type FieldTypeRenderer } from '../renderer-part.ts';

const single = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : String(value));

/** The stored password is never sent to the browser: an empty box on edit keeps it. */
export function PasswordWidget(props: WidgetProps) {
  return (
    <Input.Password
      id={props.id}
      value={single(props.value) ?? ''}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
      autoComplete="new-password"
      onChange={(event) => props.onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

export const passwordRenderer: FieldTypeRenderer = {
  formUi: (field) => ({ 'ui:widget': 'PasswordWidget', 'ui:placeholder': placeholderOf(field, `请输入${field.label}`) }),
  widgets: { PasswordWidget },
};
