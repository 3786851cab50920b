/** `number` in forms (and integer, money): typed as text, converted on blur. */
import { useEffect, useState } from 'react';
import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { parseNumberInput } from '../../src/contracts/index.ts';
import { placeholderOf, type FieldTypeRenderer } from '../renderer-part.ts';

/** Numbers typed as text, converted on blur; text that is not a number is cleared. */
export function NumberInputWidget(props: WidgetProps) {
  const [text, setText] = useState(() => (typeof props.value === 'number' ? String(props.value) : ''));
  useEffect(() => {
    setText((shown) => (parseNumberInput(shown) === props.value ? shown : typeof props.value === 'number' ? String(props.value) : ''));
  }, [props.value]);
  return (
    <Input
      id={props.id}
      inputMode="decimal"
      value={text}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        const value = parseNumberInput(text);
        setText(value === undefined ? '' : String(value));
        props.onChange(value);
        props.onBlur(props.id, value);
      }}
    />
  );
}

export const numberRenderer: FieldTypeRenderer = {
  formUi: (field) => ({ 'ui:widget': 'NumberInputWidget', 'ui:placeholder': placeholderOf(field, `请输入${field.label}`) }),
  widgets: { NumberInputWidget },
};
