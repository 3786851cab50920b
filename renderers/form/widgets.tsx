/** rjsf widgets for entity fields, on antd: dictionary select and a date picker that writes the wire format. */
import { DatePicker, Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import dayjs from 'dayjs';
import { useDictItems } from '../../src/engine/services.tsx';
import { DATE_FORMAT, DATETIME_FORMAT } from './ui-schema.ts';
import { UploadWidget } from './UploadWidget.tsx';
import { SearchSelectWidget } from './SearchSelectWidget.tsx';
import {
  DictCheckboxWidget,
  DictMultiSelectWidget,
  DictRadioWidget,
  NumberInputWidget,
  PasswordWidget,
  TagsWidget,
} from './choice-widgets.tsx';
import { DepartWidget, UserWidget } from './DirectoryWidgets.tsx';
import { RichTextWidget } from './RichTextWidget.tsx';
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

export function CnDateWidget(props: WidgetProps) {
  const format = props.options.dateFormat === DATETIME_FORMAT ? DATETIME_FORMAT : DATE_FORMAT;
  const parsed = typeof props.value === 'string' && props.value !== '' ? dayjs(props.value) : undefined;
  return (
    <DatePicker
      id={props.id}
      value={parsed && parsed.isValid() ? parsed : null}
      format={format}
      showTime={format === DATETIME_FORMAT}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
      style={FULL_WIDTH}
      onChange={(date) => props.onChange(date ? date.format(format) : undefined)}
    />
  );
}

export const entityWidgets = {
  DictSelectWidget,
  CnDateWidget,
  UploadWidget,
  SearchSelectWidget,
  TreeParentWidget,
  DictRadioWidget,
  DictCheckboxWidget,
  DictMultiSelectWidget,
  TagsWidget,
  NumberInputWidget,
  ...FIELD_TYPE_WIDGETS,
  PasswordWidget,
  RichTextWidget,
  DepartWidget,
  UserWidget,
  CronWidget,
  PopupWidget,
};
