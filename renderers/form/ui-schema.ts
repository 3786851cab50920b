/**
 * Entity form section → rjsf uiSchema: field order, widgets per field type, placeholders, and no rjsf submit
 * button (the modal's 确定 submits). Writable fields the form does not list stay in the data but are hidden.
 */
import { initialValues, transitionFields } from '../../src/contracts/state-fields.ts';
import type { UiSchema } from '@rjsf/utils';
import { writableFields } from '../../src/contracts/index.ts';
import type { EntitySchema, FieldDef } from '../../src/contracts/index.ts';
import { fieldTypeRenderer } from '../../field-types/renderers.ts';

export const WidgetNames = {
  dict: 'DictSelectWidget',
  date: 'CnDateWidget',
  upload: 'UploadWidget',
  searchSelect: 'SearchSelectWidget',
  dictRadio: 'DictRadioWidget',
  dictCheckbox: 'DictCheckboxWidget',
  dictMulti: 'DictMultiSelectWidget',
  tags: 'TagsWidget',
  number: 'NumberInputWidget',
  password: 'PasswordWidget',
  richText: 'RichTextWidget',
  depart: 'DepartWidget',
  user: 'UserWidget',
  treeParent: 'TreeParentWidget',
  cron: 'CronWidget',
  popup: 'PopupWidget',
  textarea: 'textarea',
  hidden: 'hidden',
} as const;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function formFieldNames(entity: EntitySchema): string[] {
  const writable = new Set(writableFields(entity));
  return entity.form.fields.filter((name) => writable.has(name));
}

/** The rjsf custom fields (whole-value inputs rather than widgets). */
export const FieldNames = { rows: 'RowsField' } as const;

/**
 * `onlyEditable`: a record its state locks (a capability's formLock, such as `editWhen`) opens with every field read-only but these (the
 * editable fields it names).
 */
export function buildUiSchema(entity: EntitySchema, mode: 'add' | 'edit' = 'add', onlyEditable?: readonly string[]): UiSchema {
  const biz = (field: FieldDef) => field.biz ?? entity.table;
  const shown = formFieldNames(entity);
  const transitions = transitionFields(entity);
  const hidden = writableFields(entity).filter((name) => !shown.includes(name));
  const ui: UiSchema = {
    'ui:order': [...shown, ...hidden],
    'ui:submitButtonOptions': { norender: true },
  };
  for (const name of shown) {
    const field = entity.fields[name];
    ui[name] =
      entity.tree?.parentField === name
        ? { 'ui:widget': WidgetNames.treeParent, 'ui:placeholder': field.placeholder ?? `请选择${field.label}（不选为顶级）` }
        : field.widget === 'cron'
        ? { 'ui:widget': WidgetNames.cron, 'ui:placeholder': field.placeholder ?? `请输入${field.label}`, 'ui:options': { api: entity.api } }
        : field.type === 'image' || field.type === 'file'
        ? { 'ui:widget': WidgetNames.upload, 'ui:options': { kind: field.type, maxCount: field.maxCount ?? 1, biz: biz(field) } }
        : field.type === 'rows'
        ? { 'ui:field': FieldNames.rows, 'ui:options': { rowsOf: field } }
        : fieldUi(field);
    // An immutable field is set once, when adding.
    if (field.immutable && mode === 'edit') ui[name] = { ...(ui[name] as UiSchema), 'ui:disabled': true };
    // A state the operations own: shown, not set here — a new record offers only its initial states.
    if (transitions.has(name)) {
      const initial = initialValues(entity, name);
      const options = { ...((ui[name] as UiSchema)['ui:options'] as Record<string, unknown> | undefined), allowedValues: initial };
      ui[name] = mode === 'add' && initial.length > 1 ? { ...(ui[name] as UiSchema), 'ui:options': options } : { ...(ui[name] as UiSchema), 'ui:disabled': true };
    }
    if (onlyEditable && !onlyEditable.includes(name)) ui[name] = { ...(ui[name] as UiSchema), 'ui:disabled': true };
  }
  for (const name of hidden) ui[name] = { 'ui:widget': WidgetNames.hidden };
  return ui;
}

function fieldUi(field: FieldDef): UiSchema {
  const registered = fieldTypeRenderer(field.type);
  if (field.popup) return { 'ui:widget': WidgetNames.popup, 'ui:placeholder': field.placeholder ?? field.popup.placeholder ?? '请选择', 'ui:options': { popup: field.popup } };
  if (field.dict && field.search) {
    return { 'ui:widget': WidgetNames.searchSelect, 'ui:placeholder': field.placeholder ?? `请输入关键字搜索${field.label}`, 'ui:options': { dictCode: field.dict } };
  }
  if (field.dict && (field.widget === 'radio' || field.widget === 'checkbox' || field.multiple)) {
    const widget = field.widget === 'radio' ? WidgetNames.dictRadio : field.widget === 'checkbox' ? WidgetNames.dictCheckbox : WidgetNames.dictMulti;
    return { 'ui:widget': widget, 'ui:placeholder': field.placeholder ?? `请选择${field.label}`, 'ui:options': { dictCode: field.dict } };
  }
  if (field.dict) {
    return { 'ui:widget': WidgetNames.dict, 'ui:placeholder': field.placeholder ?? `请选择${field.label}`, 'ui:options': { dictCode: field.dict } };
  }
  if (registered) return registered.formUi(field);
  switch (field.type) {
    case 'date':
      return { 'ui:widget': WidgetNames.date, 'ui:placeholder': field.placeholder ?? '请选择日期', 'ui:options': { dateFormat: DATE_FORMAT } };
    case 'datetime':
      return { 'ui:widget': WidgetNames.date, 'ui:placeholder': field.placeholder ?? '请选择时间', 'ui:options': { dateFormat: DATETIME_FORMAT } };
    case 'text':
      return { 'ui:widget': WidgetNames.textarea, 'ui:placeholder': field.placeholder ?? `请输入${field.label}`, 'ui:options': { rows: 3 } };
    case 'boolean':
      return {};
    case 'integer':
    case 'number':
    case 'money':
      return { 'ui:widget': WidgetNames.number, 'ui:placeholder': field.placeholder ?? `请输入${field.label}` };
    case 'tags':
      return { 'ui:widget': WidgetNames.tags, 'ui:placeholder': field.placeholder ?? `请输入${field.label}` };
    case 'password':
      return { 'ui:widget': WidgetNames.password, 'ui:placeholder': field.placeholder ?? `请输入${field.label}` };
    case 'richtext':
      return { 'ui:widget': WidgetNames.richText, 'ui:placeholder': field.placeholder ?? `请输入${field.label}` };
    case 'department':
      return { 'ui:widget': WidgetNames.depart, 'ui:placeholder': field.placeholder ?? `请选择${field.label}`, 'ui:options': { multiple: field.multiple === true } };
    case 'user':
      return { 'ui:widget': WidgetNames.user, 'ui:placeholder': field.placeholder ?? `请选择${field.label}`, 'ui:options': { multiple: field.multiple === true } };
    default:
      return { 'ui:placeholder': field.placeholder ?? `请输入${field.label}` };
  }
}

/** Values a record read from the server contributes to the form: writable fields only, dates trimmed to their type. */
export function recordToFormData(entity: EntitySchema, record: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const name of writableFields(entity)) {
    const value = record[name];
    if (value === null || value === undefined) continue;
    const type = entity.fields[name].type;
    if (type === 'date' && typeof value === 'string') data[name] = value.slice(0, 10);
    else if (type === 'datetime' && typeof value === 'string') data[name] = value.replace('T', ' ').slice(0, 19);
    else data[name] = value;
  }
  return data;
}
