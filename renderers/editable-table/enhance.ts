/**
 * Table enhancements: JeecgBoot lets an admin attach JavaScript to a table by its code and evaluates it in the page
 * (the Online form's "JS增强"). Here the same hooks are plain functions the app registers under the table's code,
 * and a table names its code (`enhance`); nothing is ever evaluated from text. The records are keyed by code and
 * the last 16 are kept (issue 6): registering a 17th code drops the oldest, re-registering one makes it the newest.
 */
import type { GridRow } from './rows.ts';

export interface GridCellChange {
  row: Readonly<GridRow>;
  key: string;
  value: unknown;
  /** Position of the row in the table (0-based). */
  rowIndex: number;
}

export interface GridEnhance {
  /** A new row (新增, insert, rows a paste adds) before it shows: the values to fill in. */
  onRowAdded?(row: Readonly<GridRow>): Record<string, unknown> | void;
  /** After a person changed a cell: other cells of the same row to set (e.g. 金额 = 单价 × 数量). */
  onCellChange?(change: GridCellChange): Record<string, unknown> | void;
}

export const ENHANCE_LIMIT = 16;

const records = new Map<string, GridEnhance>();

/** Registers (or replaces) the enhancement of the tables with this code; the newest 16 codes are kept. */
export function registerGridEnhance(code: string, enhance: GridEnhance): void {
  if (!code) throw new Error('A table enhancement needs a code');
  records.delete(code);
  records.set(code, enhance);
  while (records.size > ENHANCE_LIMIT) records.delete(records.keys().next().value as string);
}

export function gridEnhance(code: string | undefined): GridEnhance | undefined {
  return code ? records.get(code) : undefined;
}

/** The codes kept, oldest first. */
export function gridEnhanceCodes(): string[] {
  return [...records.keys()];
}
