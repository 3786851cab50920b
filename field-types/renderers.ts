/**
 * The renderer parts of the field types (renderer-part.ts), by type name: one line per type, and the compiler asks
 * for each registered type's line. The form renderer reads this list.
 */
import type { ComponentType } from 'react';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import type { FieldType } from '../src/contracts/entity.ts';
import { partOf } from './contract.ts';
import type { FieldTypeRenderer } from './renderer-part.ts';
import { stringRenderer } from './string/renderer.tsx';
import { textRenderer } from './text/renderer.tsx';
import { integerRenderer } from './integer/renderer.tsx';
import { numberRenderer } from './number/renderer.tsx';
import { moneyRenderer } from './money/renderer.tsx';
import { dateRenderer } from './date/renderer.tsx';
import { datetimeRenderer } from './datetime/renderer.tsx';
import { booleanRenderer } from './boolean/renderer.tsx';
import { imageRenderer } from './image/renderer.tsx';
import { fileRenderer } from './file/renderer.tsx';
import { tagsRenderer } from './tags/renderer.tsx';
import { passwordRenderer } from './password/renderer.tsx';
import { secretRenderer } from './secret/renderer.tsx';
import { richtextRenderer } from './richtext/renderer.tsx';
import { coordinatesRenderer } from './coordinates/renderer.tsx';
import { departmentRenderer } from './department/renderer.tsx';
import { userRenderer } from './user/renderer.tsx';
import { rowsRenderer } from './rows/renderer.tsx';

export const FIELD_TYPE_RENDERERS: Record<FieldType, FieldTypeRenderer> = {
  string: stringRenderer,
  text: textRenderer,
  integer: integerRenderer,
  number: numberRenderer,
  money: moneyRenderer,
  date: dateRenderer,
  datetime: datetimeRenderer,
  boolean: booleanRenderer,
  image: imageRenderer,
  file: fileRenderer,
  tags: tagsRenderer,
  password: passwordRenderer,
  secret: secretRenderer,
  richtext: richtextRenderer,
  coordinates: coordinatesRenderer,
  department: departmentRenderer,
  user: userRenderer,
  rows: rowsRenderer,
};

export function fieldTypeRenderer(name: FieldType): FieldTypeRenderer {
  return partOf(FIELD_TYPE_RENDERERS, name);
}

const parts = Object.values<FieldTypeRenderer>(FIELD_TYPE_RENDERERS);

/** Every widget the registered types bring, for the form's rjsf widget registry. */
export const FIELD_TYPE_WIDGETS: Record<string, ComponentType<WidgetProps>> = Object.assign({}, ...parts.map((part) => part.widgets ?? {}));

/** Every custom field (whole-value input) the registered types bring, for the form's rjsf field registry. */
export const FIELD_TYPE_FIELDS: Record<string, ComponentType<FieldProps>> = Object.assign({}, ...parts.map((part) => part.fields ?? {}));
