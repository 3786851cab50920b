/**
 * What the app (and this folder) adds to the grid by name: cell types (how a type shows and edits a value) and
 * slots (a column `type: 'slot'` names one with `slotName`; JVxeTable's scoped slots, here plain components).
 * Keyword types (row-number, row-checkbox, row-radio, row-expand, row-drag-sort) are the grid's own columns and
 * can never be registered as cells: a registered `row-number` would silently change every table's numbering.
 */
import type { ReactNode } from 'react';
import { isKeywordType, type GridColumn } from '../../src/contracts/grid.ts';
import type { GridRow } from './rows.ts';

export interface GridCellDisplayProps {
  column: GridColumn;
  value: unknown;
}

export interface GridCellEditorProps extends GridCellDisplayProps {
  onChange(value: unknown): void;
  onDone(move?: 'down' | 'next' | 'previous' | 'stay'): void;
}

export interface GridCellType {
  /** What the cell shows when it is not being edited. */
  display(props: GridCellDisplayProps): ReactNode;
  /** The active cell's editor; without one the cell cannot be edited. */
  editor?(props: GridCellEditorProps): ReactNode;
  /** Whether a pasted text or Delete may write the cell (false for values that are not text, e.g. files). */
  takesText?: boolean;
  /** The value as `getValues` posts it (e.g. an upload's stored path instead of its progress record). */
  valueOut?(value: unknown): unknown;
}

export interface GridSlotProps {
  column: GridColumn;
  row: Readonly<GridRow>;
  value: unknown;
  /** Position of the row in the table (0-based). */
  rowIndex: number;
  disabled: boolean;
  /** Writes this cell's value (validation and totals follow as for any edit). */
  setValue(value: unknown): void;
  /** Writes several keys of the row at once. */
  setRow(patch: Record<string, unknown>): void;
}

export type GridSlot = (props: GridSlotProps) => ReactNode;

const cellTypes = new Map<string, GridCellType>();
const slots = new Map<string, GridSlot>();

/** Adds (or replaces) a cell type; throws for a keyword type. */
export function registerGridCell(type: string, cell: GridCellType): void {
  if (isKeywordType(type)) throw new Error(`"${type}" is a keyword column of the grid and cannot be registered as a cell type`);
  cellTypes.set(type, cell);
}

export function gridCell(type: string): GridCellType | undefined {
  return cellTypes.get(type);
}

/** Adds (or replaces) the renderer a `slot` column names. */
export function registerGridSlot(name: string, slot: GridSlot): void {
  if (!name) throw new Error('A grid slot needs a name');
  slots.set(name, slot);
}

export function gridSlot(name: string | undefined): GridSlot | undefined {
  return name ? slots.get(name) : undefined;
}
