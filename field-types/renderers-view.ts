/**
 * The view halves of the field types' renderer parts (FieldTypeView, renderer-part.ts), by type name: how a list's
 * cells, the detail view and the list's query form show a field. Kept apart from renderers.ts, so list and detail
 * screens do not download the form's inputs; a type with nothing to add registers an empty one.
 */
import type { FieldType } from '../src/contracts/entity.ts';
import { partOf } from './contract.ts';
import type { FieldTypeView } from './renderer-part.ts';
import { imageView } from './image/renderer-view.tsx';
import { fileView } from './file/renderer-view.tsx';
import { richtextView } from './richtext/renderer-view.tsx';
import { booleanView } from './boolean/renderer-view.tsx';
import { dateView } from './date/renderer-view.tsx';
import { datetimeView } from './datetime/renderer-view.tsx';
import { textView } from './text/renderer-view.tsx';
import { tagsView } from './tags/renderer-view.tsx';
import { passwordView } from './password/renderer-view.tsx';
import { secretView } from './secret/renderer-view.tsx';
import { departmentView } from './department/renderer-view.tsx';
import { userView } from './user/renderer-view.tsx';

export const FIELD_TYPE_VIEWS: Record<FieldType, FieldTypeView> = {
  string: {},
  text: textView,
  integer: {},
  number: {},
  money: {},
  date: dateView,
  datetime: datetimeView,
  boolean: booleanView,
  image: imageView,
  file: fileView,
  tags: tagsView,
  password: passwordView,
  secret: secretView,
  richtext: richtextView,
  coordinates: {},
  department: departmentView,
  user: userView,
  rows: {},
};

export function fieldTypeView(name: FieldType): FieldTypeView {
  return partOf(FIELD_TYPE_VIEWS, name);
}
