/**
 * rjsf widgets for entity fields, on antd: those of field options (dictionary selects, search, popup, cron, a tree's
 * parent) defined here, plus every field type's own (field-types/<type>/renderer.tsx).
 */
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useDictItems } from '../../src/engine/services.tsx';
import { SearchSelectWidget } from './SearchSelectWidget.tsx';
import { DictCheckboxWidget, DictMultiSelectWidget, DictRadioWidget } from './choice-widgets.tsx';
import { TreeParentWidget } from './TreeParentWidget.tsx';
import { CronWidget } from './CronWidget.tsx';
import { PopupWidget } from './PopupWidget.tsx';
import { FIELD_TYPE_WIDGETS } from '../../field-types/renderers.ts';

const FULL_WIDTH = { width: '100%' } as const;

/** A dictionary's items, or only those `allowedValues` names (the states a new record may start in). */
function offeredItems<T extends { value: string }>(items: T[], allowed: unknown): T[] {
  return Array.isArray(allowed) ? items.filter((item) => allowed.includes(item.value)) : items;
}

export function DictSelectWidget(props: WidgetProps) {
  const dictCode = typeof props.options.dictCode === 'string' ? props.options.dictCode : undefined;
  const items = offeredItems(useDictItems(dictCode), props.options.allowedValues);
  const value = props.value === undefined || props.value === null || props.value === '' ? undefined : String(props.value);
  return (
    <Select
      id={props.id}
      value={value}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
      allowClear={!props.required}
      showSearch={{ optionFilterProp: 'label' }}
      style={FULL_WIDTH}
      options={items.map((item) => ({ value: item.value, label: item.text }))}
      onChange={(next: string | undefined) => props.onChange(next ?? undefined)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

export const entityWidgets = {
  DictSelectWidget,
  SearchSelectWidget,
  TreeParentWidget,
  DictRadioWidget,
  DictCheckboxWidget,
  DictMultiSelectWidget,
  ...FIELD_TYPE_WIDGETS,
  CronWidget,
  PopupWidget,
};
