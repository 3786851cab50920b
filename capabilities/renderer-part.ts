/**
 * The renderer part of a capability (`capabilities/<name>/renderer.ts(x)`): what forms and lists ask it. Parts
 * register in renderers.ts; the renderers ask the registry, never a capability by name.
 */
import type { EntitySchema } from '../src/contracts/entity.ts';
import type { ListCellRenderer } from '../field-types/renderer-part.ts';
import type { LookupProvider } from '../src/providers/lookups.ts';

/** An edit form a stored record's state restricts. */
export interface FormLock {
  /** The fields still editable (the others open read-only, and only these are sent). */
  readonly editable: readonly string[];
  /** The notice above the form. */
  readonly notice: string;
}

export type RowAction = 'edit' | 'delete';

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
  /** List cells by field type, shown instead of the type's own (a date cell that warns of expiry). */
  readonly listCells?: Readonly<Record<string, ListCellRenderer>>;
}
