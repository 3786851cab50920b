/**
 * rjsf widgets of the simpler newer field types: dictionary radio/checkbox/multi-select, tags, typed numbers,
 * and passwords. Several values travel comma-joined, as JeecgBoot stores them.
 */
import { useEffect, useState } from 'react';
import { Checkbox, Input, InputNumber, Radio, Select, Space } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import {
  formatTagsInput,
  joinList,
  parseNumberInput,
  splitList,
  tagsInputToValue,
  tagsValueToInput,
} from '../../src/contracts/index.ts';
import { useDictItems } from '../../src/engine/services.tsx';

const FULL_WIDTH = { width: '100%' } as const;

const dictCodeOf = (props: WidgetProps) => (typeof props.options.dictCode === 'string' ? props.options.dictCode : undefined);
const single = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : String(value));

export function DictRadioWidget(props: WidgetProps) {
  const all = useDictItems(dictCodeOf(props));
  const allowed = props.options.allowedValues;
  const items = Array.isArray(allowed) ? all.filter((item) => allowed.includes(item.value)) : all;
  return (
    <Radio.Group
      id={props.id}
      value={single(props.value)}
      disabled={props.disabled || props.readonly}
      options={items.map((item) => ({ value: item.value, label: item.text }))}
      onChange={(event) => props.onChange(event.target.value === undefined ? undefined : String(event.target.value))}
    />
  );
}

export function DictCheckboxWidget(props: WidgetProps) {
  const items = useDictItems(dictCodeOf(props));
  return (
    <Checkbox.Group
      value={splitList(props.value)}
      disabled={props.disabled || props.readonly}
      options={items.map((item) => ({ value: item.value, label: item.text }))}
      onChange={(values) => props.onChange(joinList(values.map(String)))}
    />
  );
}

export function DictMultiSelectWidget(props: WidgetProps) {
  const items = useDictItems(dictCodeOf(props));
  return (
    <Select
      id={props.id}
      mode="multiple"
      value={splitList(props.value)}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={FULL_WIDTH}
      options={items.map((item) => ({ value: item.value, label: item.text }))}
      onChange={(values: string[]) => props.onChange(joinList(values))}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

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
