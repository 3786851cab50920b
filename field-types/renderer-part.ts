/**
 * The renderer part of a field type, in two files so a list or detail screen does not download the form's
 * inputs: `renderer.tsx` (FieldTypeRenderer, the form input, registered in renderers.ts) and `renderer-view.tsx`
 * (FieldTypeView, how the list cell, the detail view and the query form show it, registered in renderers-view.ts). The
 * renderers ask them instead of switching on type names. Field options that pick an input whatever the type (dict,
 * search, popup, cron, a tree's parent) are the renderers' own and come first.
 */
import type { ComponentType, ReactNode } from 'react';
import type { FieldProps, UiSchema, WidgetProps } from '@rjsf/utils';
import type { EntitySchema, FieldDef } from '../src/contracts/entity.ts';
import type { WireRecord } from '../src/contracts/envelope.ts';
import type { DictLookup } from '../src/engine/cells.ts';

/**
 * A query-form input other than the default (text for equality, a pair of numbers for a range): `range: 'date'`
 * picks a date range picker sending YYYY-MM-DD; `options` a select of fixed choices for equality.
 */
export interface FieldTypeQueryInput {
  readonly range?: 'date';
  readonly options?: ReadonlyArray<{ readonly value: string; readonly label: string }>;
}

export interface FieldTypeRenderer {
  /** The rjsf uiSchema of the field's input in add and edit forms (`entity`: the form's entity). */
  formUi(field: FieldDef, entity: EntitySchema): UiSchema;
  /** rjsf widgets the uiSchema names, by name (merged into the form's widget registry). */
  readonly widgets?: Readonly<Record<string, ComponentType<WidgetProps>>>;
  /** rjsf custom fields (whole-value inputs) the uiSchema names with `ui:field`, by name. */
  readonly fields?: Readonly<Record<string, ComponentType<FieldProps>>>;
  /** A value read from the server as the form edits it (a datetime's `T` made a space). */
  formValue?(value: unknown): unknown;
  /** True when the input takes the form's whole row (textareas, editors, grids). */
  readonly wideInForm?: boolean;
  /**
   * Set for files: as an operation's only input, the field opens the file-upload popup (its files become the value)
   * instead of a form; `accept` filters the file picker (image/*).
   */
  readonly uploadInput?: { readonly accept?: string };
}

/** One cell of a list: the field (`def` undefined for a system column) of one row. */
export interface ListCellProps {
  entity: EntitySchema;
  field: string;
  def: FieldDef | undefined;
  record: WireRecord;
  lookup: DictLookup;
}

export type ListCellRenderer = (props: ListCellProps) => ReactNode;

export interface FieldTypeView {
  /** The list's cell (thumbnails, tags, names); absent: the formatted text, cut with a tooltip. */
  readonly listCell?: ListCellRenderer;
  /** What the detail view shows for a value (thumbnails, links, rendered HTML); absent: the list's text. */
  display?(value: unknown, field: FieldDef, record: WireRecord): ReactNode;
  /** True when the value reads better across the whole row of the detail view (long text). */
  readonly wideInDetail?: boolean;
  /** The list query form's input, when not the default. */
  readonly queryInput?: FieldTypeQueryInput;
}

/** The placeholder a field shows: its own, else `fallback`. */
export const placeholderOf = (field: FieldDef, fallback: string): string => field.placeholder ?? fallback;
