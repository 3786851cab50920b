/**
 * Entity form section → rjsf uiSchema: field order, widgets per field type, placeholders, and no rjsf submit
 * button (the modal's 确定 submits). Writable fields the form does not list stay in the data but are hidden.
 */
import type { UiSchema } from '@rjsf/utils';
import { writableFields } from '../../src/contracts/index.ts';
import type { EntitySchema, FieldDef } from '../../src/contracts/index.ts';
import { fieldTypeRenderer } from '../../field-types/renderers.ts';
import { formFieldRestriction } from '../../capabilities/renderers.ts';

/** Widgets of field options (the types' own are named by their parts, field-types/<type>/renderer.tsx). */
export const WidgetNames = {
  dict: 'DictSelectWidget',
  searchSelect: 'SearchSelectWidget',
  dictRadio: 'DictRadioWidget',
  dictCheckbox: 'DictCheckboxWidget',
  dictMulti: 'DictMultiSelectWidget',
  treeParent: 'TreeParentWidget',
  cron: 'CronWidget',
  popup: 'PopupWidget',
  hidden: 'hidden',
} as const;

export function formFieldNames(entity: EntitySchema): string[] {
  const writable = new Set(writableFields(entity));
  return entity.form.fields.filter((name) => writable.has(name));
}

/**
 * `onlyEditable`: a record its state locks (a capability's formLock, such as `editWhen`) opens with every field read-only but these (the
 * editable fields it names).
 */
export function buildUiSchema(entity: EntitySchema, mode: 'add' | 'edit' = 'add', onlyEditable?: readonly string[]): UiSchema {
  const shown = formFieldNames(entity);
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
        : fieldUi(field, entity);
    // An immutable field is set once, when adding.
    if (field.immutable && mode === 'edit') ui[name] = { ...(ui[name] as UiSchema), 'ui:disabled': true };
    // A field a capability owns (an operation's state): read-only, or offering only some values (initial states).
    const restriction = formFieldRestriction(entity, name, mode);
    if (restriction && 'allowedValues' in restriction) {
      const options = { ...((ui[name] as UiSchema)['ui:options'] as Record<string, unknown> | undefined), allowedValues: restriction.allowedValues };
      ui[name] = { ...(ui[name] as UiSchema), 'ui:options': options };
    } else if (restriction) ui[name] = { ...(ui[name] as UiSchema), 'ui:disabled': true };
    if (onlyEditable && !onlyEditable.includes(name)) ui[name] = { ...(ui[name] as UiSchema), 'ui:disabled': true };
  }
  for (const name of hidden) ui[name] = { 'ui:widget': WidgetNames.hidden };
  return ui;
}

/** Options that pick an input whatever the type (popup, dictionaries) first, else the type's own input. */
function fieldUi(field: FieldDef, entity: EntitySchema): UiSchema {
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
  return fieldTypeRenderer(field.type).formUi(field, entity);
}

/** Values a record read from the server contributes to the form: writable fields only, as their types edit them (dates trimmed). */
export function recordToFormData(entity: EntitySchema, record: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const name of writableFields(entity)) {
    const value = record[name];
    if (value === null || value === undefined) continue;
    const formValue = fieldTypeRenderer(entity.fields[name].type).formValue;
    data[name] = formValue ? formValue(value) : value;
  }
  return data;
}
