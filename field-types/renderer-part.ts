/**
 * The renderer part of a field type (`field-types/<type>/renderer.tsx`): the form input a field of it gets. Parts
 * register in renderers.ts; the form renderer asks them for the uiSchema and merges their widgets into rjsf's.
 */
import type { ComponentType } from 'react';
import type { UiSchema, WidgetProps } from '@rjsf/utils';
import type { FieldDef } from '../src/contracts/entity.ts';

export interface FieldTypeRenderer {
  /** The rjsf uiSchema of the field's input in add and edit forms. */
  formUi(field: FieldDef): UiSchema;
  /** rjsf widgets the uiSchema names, by name (merged into the form's widget registry). */
  readonly widgets?: Readonly<Record<string, ComponentType<WidgetProps>>>;
}
