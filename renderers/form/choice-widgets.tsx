/**
 * rjsf widgets of dictionary fields shown as radio buttons, checkboxes or a multi-select (a field option, not a
 * type: the types' own inputs live in field-types/<type>/renderer.tsx). Several values travel comma-joined, as
 * JeecgBoot stores them.
 */
import { Checkbox, Radio, Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { joinList, splitList } from '../../src/contracts/index.ts';
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
