/** `date` in forms: a date picker writing the wire format (datetime uses it with time). */
import { DatePicker } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import dayjs from 'dayjs';
import { placeholderOf, type FieldTypeRenderer } from '../renderer-part.ts';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const FULL_WIDTH = { width: '100%' } as const;

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

export const dateRenderer: FieldTypeRenderer = {
  formUi: (field) => ({ 'ui:widget': 'CnDateWidget', 'ui:placeholder': placeholderOf(field, '请选择日期'), 'ui:options': { dateFormat: DATE_FORMAT } }),
  widgets: { CnDateWidget },
  formValue: (value) => (typeof value === 'string' ? value.slice(0, 10) : value),
};
