/**
 * The renderer parts of the capabilities (renderer-part.ts), by name: one line per capability. Forms and lists
 * ask the functions below; a capability without a renderer part registers an empty one.
 */
import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import type { EntitySchema, FieldType } from '../src/contracts/entity.ts';
import type { WireRecord } from '../src/contracts/envelope.ts';
import type { AccessProvider } from '../src/providers/access.ts';
import type { RegisteredCapability } from './index.ts';
import type { ListCellRenderer } from '../field-types/renderer-part.ts';
import type { CapabilityRenderer, FormFieldRestriction, FormLock, RowAction, ToolbarButtonsProps } from './renderer-part.ts';
import { operationsRenderer } from './operations/renderer.tsx';
import { rowGuardsRenderer } from './row-guards/renderer.ts';
import { expiryWarningRenderer } from './expiry-warning/renderer.tsx';
import { configDefaultRenderer } from './config-default/renderer.ts';
import type { LookupProvider } from '../src/providers/lookups.ts';

export const CAPABILITY_RENDERERS: Record<RegisteredCapability, CapabilityRenderer> = {
  // No renderer part: the screens ask its contract which entity a field's values name (src/engine/fields.ts).
  references: {},
  operations: operationsRenderer,
  'row-guards': rowGuardsRenderer,
  // No renderer part: the form shows the server's answer text.
  'review-on-change': {},
  'unique-together': {},
  'count-of': {},
  'expiry-warning': expiryWarningRenderer,
  'config-default': configDefaultRenderer,
};

const PARTS: readonly CapabilityRenderer[] = Object.values(CAPABILITY_RENDERERS);

/** The list cell a capability gives fields of this type (shown instead of the type's own), or undefined. */
export function capabilityListCell(type: FieldType): ListCellRenderer | undefined {
  for (const part of PARTS) {
    const cell = part.listCells?.[type];
    if (cell) return cell;
  }
  return undefined;
}

/** The first restriction a capability puts on this record's edit form, or undefined. */
export function formLockOf(entity: EntitySchema, record: Record<string, unknown>): FormLock | undefined {
  for (const part of PARTS) {
    const lock = part.formLock?.(entity, record);
    if (lock) return lock;
  }
  return undefined;
}

/** Whether every capability lets the row offer the action. */
export function rowActionAllowed(entity: EntitySchema, action: RowAction, row: Record<string, unknown>): boolean {
  return PARTS.every((part) => part.rowActionAllowed?.(entity, action, row) ?? true);
}

/** The loaders of the values an add form starts with, one per capability that has some for this entity. */
export function addFormDefaultLoaders(entity: EntitySchema, lookups: LookupProvider): Array<() => Promise<Record<string, unknown>>> {
  return PARTS.flatMap((part) => part.addFormDefaults?.(entity, lookups) ?? []);
}

/** The capabilities' toolbar buttons, in registry order (a list page shows each with its props). */
export const CAPABILITY_TOOLBAR_BUTTONS: ReadonlyArray<ComponentType<ToolbarButtonsProps>> = PARTS.flatMap((part) => part.ToolbarButtons ?? []);

/** The 操作 column's capability buttons for a row, or undefined when no capability gives this user any. */
export function capabilityRowActions(entity: EntitySchema, access: AccessProvider, onDone: () => void): ((record: WireRecord) => ReactNode) | undefined {
  const actions = PARTS.flatMap((part) => part.rowActions?.(entity, access, onDone) ?? []);
  if (actions.length <= 1) return actions[0];
  return (record) => actions.map((action, index) => createElement(Fragment, { key: index }, action(record)));
}

/** The first restriction a capability puts on how the form shows this field, or undefined. */
export function formFieldRestriction(entity: EntitySchema, field: string, mode: 'add' | 'edit'): FormFieldRestriction | undefined {
  for (const part of PARTS) {
    const restriction = part.formField?.(entity, field, mode);
    if (restriction) return restriction;
  }
  return undefined;
}
