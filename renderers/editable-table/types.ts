import type { Ref } from 'react';
import type { GridColumn } from '../../src/contracts/grid.ts';
import type { GridRow } from './rows.ts';
import type { CellError, GridRuleHandler } from './validation.ts';

export type GridSize = 'medium' | 'small' | 'mini' | 'tiny';
/** `expand` (展开全部 / 收起全部) shows only on tables with row-expand. */
export type ToolbarButton = 'add' | 'remove' | 'clearSelection' | 'expand';

/** Props of the `editable-table` node (JVxeTable's, contract §8, under our names where theirs were Vue-specific). */
export interface EditableTableProps {
  columns: GridColumn[];
  /** Starting rows; a new array (by identity) starts the grid over. */
  rows?: GridRow[];
  /** Every change (cell, add, remove, move), with all rows; for forms holding line items. */
  onChange?(rows: readonly GridRow[]): void;
  size?: GridSize;
  /** Height of the scrolling body in px (default 400). */
  height?: number;
  toolbar?: boolean;
  toolbarButtons?: ToolbarButton[];
  rowNumber?: boolean;
  rowSelection?: boolean;
  rowSelectionType?: 'checkbox' | 'radio';
  /** Adds the row-expand column: a toggle per row opening a detail area under it. */
  rowExpand?: boolean;
  /** A registered slot (registerGridSlot) that draws the detail area; by default it lists the row's columns. */
  expandSlot?: string;
  /** Code of the table enhancement (registerGridEnhance) this table uses. */
  enhance?: string;
  /** Adds the row-drag-sort column (move up/down, drag); positions go into `dragSortKey` on save. */
  dragSort?: boolean;
  dragSortKey?: string;
  /** Permission prefix: `<authPre>add` / `<authPre>batch_delete` govern the buttons, `<authPre><key>` the columns. */
  authPre?: string;
  /** Named checks for `{handler: name}` rules. */
  handlers?: Record<string, GridRuleHandler>;
  disabled?: boolean;
  /**
   * Live updates (vxeSocket): rows of this table changed on other pages are merged in as they happen. For engine
   * entities the key is the entity name; the server sends each page only rows its user may see.
   */
  socketKey?: string;
  /** Briefly highlights cells changed by a live update. */
  reloadEffect?: boolean;
  handleRef?: Ref<EditableTableHandle>;
}

export interface EditableTableHandle {
  /** Checks every row; on errors, scrolls to and marks the first one. */
  validate(): Promise<CellError[]>;
  /** Rows as they are posted: temporary ids dropped, drag-sort positions written. */
  getValues(): Array<Record<string, unknown>>;
  addRows(count?: number): void;
  /** Merges a row change from elsewhere (a live update) into the row with that id; returns the keys changed. */
  patchRow(id: string, patch: Record<string, unknown>): string[];
  /** Tells other pages showing this table that the row changed (after the page saved it). */
  announceRow(id: string): void;
  /** Marks cells with messages from elsewhere (e.g. the server refused a row); replaces the current marks. */
  markErrors(errors: ReadonlyArray<{ id: string; key: string; message: string }>): void;
}

export const ROW_HEIGHT: Record<GridSize, number> = { medium: 44, small: 36, mini: 30, tiny: 26 };
