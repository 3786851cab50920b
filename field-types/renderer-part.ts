/**
 * The renderer part of a field type (`field-types/<type>/renderer.tsx`): the form input a field of it gets. Parts
 * register in renderers.ts; the form renderer asks them for the uiSchema and merges their widgets (and custom
 * fields) into rjsf's registries. Field options that pick an input whatever the type (dict, search, popup, cron,
 * a tree's parent) are the form renderer's own and come first.
 */
import type { ComponentType } from 'react';
import type { FieldProps, UiSchema, WidgetProps } from '@rjsf/utils';
import type { EntitySchema, FieldDef } from '../src/contracts/entity.ts';

export interface FieldTypeRenderer {
  /** The rjsf uiSchema of the field's input in add and edit forms (`entity`: the form's entity). */
  formUi(field: FieldDef, entity: EntitySchema): UiSchema;
  /** rjsf widgets the uiSchema names, by name (merged into the form's widget registry). */
  readonly widgets?: Readonly<Record<string, ComponentType<WidgetProps>>>;
  /** rjsf custom fields (whole-value inputs) the uiSchema names with `ui:field`, by name. */
  readonly fields?: Readonly<Record<string, ComponentType<FieldProps>>>;
  /** A value read from the server as the form edits it (a datetime's `T` made a space). */
  formValue?(value: unknown): unknown;
}

/** The placeholder a field shows: its own, else `fallback`. */
export const placeholderOf = (field: FieldDef, fallback: string): string => field.placeholder ?? fallback;
