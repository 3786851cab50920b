/** `tags` in forms: free tags typed as text. */
import { useEffect, useState } from 'react';
import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { formatTagsInput, tagsInputToValue, tagsValueToInput } from '../../src/contracts/index.ts';
import { placeholderOf, type FieldTypeRenderer } from '../renderer-part.ts';

const single = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : String(value));

/** Tags typed as text: semicolons are re-placed after every two characters; stored comma-joined. */
export function TagsWidget(props: WidgetProps) {
  const [text, setText] = useState(() => tagsValueToInput(props.value));
  // A new record (edit mode) replaces what is shown; our own changes round-trip to the same text.
  useEffect(() => {
    setText((shown) => (tagsInputToValue(shown) === single(props.value) ? shown : tagsValueToInput(props.value)));
  }, [props.value]);
  return (
    <Input
      id={props.id}
      value={text}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
      onChange={(event) => {
        const formatted = formatTagsInput(event.target.value);
        setText(formatted);
        props.onChange(tagsInputToValue(formatted));
      }}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

export const tagsRenderer: FieldTypeRenderer = {
  formUi: (field) => ({ 'ui:widget': 'TagsWidget', 'ui:placeholder': placeholderOf(field, `请输入${field.label}`) }),
  widgets: { TagsWidget },
};
