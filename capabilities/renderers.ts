/**
 * The renderer parts of the capabilities (renderer-part.ts), by name: one line per capability. Forms and lists
 * ask the functions below; a capability without a renderer part registers an empty one.
 */
import type { EntitySchema } from '../src/contracts/entity.ts';
import type { RegisteredCapability } from './index.ts';
import type { CapabilityRenderer, FormLock, RowAction } from './renderer-part.ts';
import { rowGuardsRenderer } from './row-guards/renderer.ts';

export const CAPABILITY_RENDERERS: Record<RegisteredCapability, CapabilityRenderer> = {
  'row-guards': rowGuardsRenderer,
  // No renderer part: the form shows the server's answer text.
  'review-on-change': {},
  'unique-together': {},
  'count-of': {},
};

const PARTS: readonly CapabilityRenderer[] = Object.values(CAPABILITY_RENDERERS);

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
