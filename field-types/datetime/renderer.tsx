/** `datetime` in forms: the date picker with time, writing `YYYY-MM-DD HH:mm:ss`. */
import { placeholderOf, type FieldTypeRenderer } from '../renderer-part.ts';
import { CnDateWidget, DATETIME_FORMAT } from '../date/renderer.tsx';

export const datetimeRenderer: FieldTypeRenderer = {
  formUi: (field) => ({ 'ui:widget': 'CnDateWidget', 'ui:placeholder': placeholderOf(field, '请选择时间'), 'ui:options': { dateFormat: DATETIME_FORMAT } }),
  widgets: { CnDateWidget },
  formValue: (value) => (typeof value === 'string' ? value.replace('T', ' ').slice(0, 19) : value),
};
