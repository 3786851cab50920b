/**
 * The renderer part of a capability (`capabilities/<name>/renderer.ts(x)`): what forms and lists ask it. Parts
 * register in renderers.ts; the renderers ask the registry, never a capability by name.
 */
import type { ComponentType, ReactNode } from 'react';
import type { EntitySchema } from '../src/contracts/entity.ts';
import type { WireRecord } from '../src/contracts/envelope.ts';
import type { ListCellRenderer } from '../field-types/renderer-part.ts';
import type { LookupProvider } from '../src/providers/lookups.ts';
import type { AccessProvider } from '../src/providers/access.ts';
import type { RecordId } from '../src/providers/data.ts';

/** An edit form a stored record's state restricts. */
export interface FormLock {
  /** The fields still editable (the others open read-only, and only these are sent). */
  readonly editable: readonly string[];
  /** The notice above the form. */
  readonly notice: string;
}

export type RowAction = 'edit' | 'delete';

/** What a list page hands a capability's toolbar buttons: the rows picked, and what to call once rows changed. */
export interface ToolbarButtonsProps {
  entity: EntitySchema;
  selected: RecordId[];
  onDone(): void;
}

/** How a form shows a field a capability owns: read-only, or (adding) offering only some of its values. */
export type FormFieldRestriction = { readonly disabled: true } | { readonly allowedValues: readonly string[] };

export interface CapabilityRenderer {
  /** How the edit form of this stored record is restricted, or undefined when it is not. */
  formLock?(entity: EntitySchema, record: Record<string, unknown>): FormLock | undefined;
  /** Whether a row offers 编辑 or 删除 (false hides the button). */
  rowActionAllowed?(entity: EntitySchema, action: RowAction, row: Record<string, unknown>): boolean;
  /**
   * Values a new record's add form starts with, read when the form opens (the platform configuration's defaults):
   * a loader, or undefined when the entity declares nothing of this capability or the lookup is not offered.
   */
  addFormDefaults?(entity: EntitySchema, lookups: LookupProvider): (() => Promise<Record<string, unknown>>) | undefined;
  /** Buttons on a list page's toolbar (an operation's batch and toolbar buttons). */
  readonly ToolbarButtons?: ComponentType<ToolbarButtonsProps>;
  /** The 操作 column's buttons for a row, or undefined when the user has none on this entity. */
  rowActions?(entity: EntitySchema, access: AccessProvider, onDone: () => void): ((record: WireRecord) => ReactNode) | undefined;
  /** How the add or edit form shows this field, or undefined when the capability leaves it alone. */
  formField?(entity: EntitySchema, field: string, mode: 'add' | 'edit'): FormFieldRestriction | undefined;
  /** List cells by field type, shown instead of the type's own (a date cell that warns of expiry). */
  readonly listCells?: Readonly<Record<string, ListCellRenderer>>;
}
