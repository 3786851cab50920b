/**
 * Row operations of the editable grid, as pure functions over the row array (each returns a new array, so React
 * sees the change and undo stays possible): add, insert below, delete selected, move up/down, drag sort, and the
 * `orderNum` rewrite. New rows carry temporary ids ending in `_tid-xxxxxx` (JEditableTable's form) until the server
 * gives them real ones; `rowsForSave` drops those ids.
 */
import { isKeywordType, type GridColumn } from '../../src/contracts/grid.ts';

export type GridRow = Record<string, unknown> & { id: string };

const TEMP_ID = /_tid-[0-9a-z]{6}$/;
let sequence = 0;

export function tempId(): string {
  sequence += 1;
  const random = Math.random().toString(36).slice(2, 8).padEnd(6, '0');
  return `${Date.now().toString(36)}${sequence.toString(36)}_tid-${random}`;
}

export function isTempId(id: unknown): boolean {
  return typeof id === 'string' && TEMP_ID.test(id);
}

/** A new row: a temporary id and each column's default value. */
export function blankRow(columns: readonly GridColumn[]): GridRow {
  const row: GridRow = { id: tempId() };
  for (const column of columns) {
    if (isKeywordType(column.type) || column.defaultValue === undefined) continue;
    row[column.key] = column.defaultValue;
  }
  return row;
}

export function addRows(rows: readonly GridRow[], columns: readonly GridColumn[], count = 1): GridRow[] {
  return [...rows, ...Array.from({ length: count }, () => blankRow(columns))];
}

/** A new row right below `index`. */
export function insertBelow(rows: readonly GridRow[], index: number, columns: readonly GridColumn[]): GridRow[] {
  const at = Math.min(Math.max(index + 1, 0), rows.length);
  return [...rows.slice(0, at), blankRow(columns), ...rows.slice(at)];
}

export function removeRows(rows: readonly GridRow[], ids: ReadonlySet<string>): GridRow[] {
  return rows.filter((row) => !ids.has(row.id));
}

export function canMoveUp(index: number): boolean {
  return index > 0;
}

export function canMoveDown(index: number, length: number): boolean {
  return index >= 0 && index < length - 1;
}

/** Moves one row from `from` to `to` (drag sort); out-of-range positions change nothing. */
export function moveRow(rows: readonly GridRow[], from: number, to: number): readonly GridRow[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return rows;
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export function moveUp(rows: readonly GridRow[], index: number): readonly GridRow[] {
  return canMoveUp(index) ? moveRow(rows, index, index - 1) : rows;
}

export function moveDown(rows: readonly GridRow[], index: number): readonly GridRow[] {
  return canMoveDown(index, rows.length) ? moveRow(rows, index, index + 1) : rows;
}

/** Writes each row's 1-based position into `key` (default `orderNum`), as the server stores the order. */
export function rewriteOrder(rows: readonly GridRow[], key = 'orderNum'): GridRow[] {
  return rows.map((row, index) => (row[key] === index + 1 ? row : { ...row, [key]: index + 1 }));
}

/** Rows as they are posted: temporary ids removed (the server assigns real ones), keyword columns never present. */
export function rowsForSave(rows: readonly GridRow[], options: { dragSortKey?: string } = {}): Array<Record<string, unknown>> {
  const ordered = options.dragSortKey ? rewriteOrder(rows, options.dragSortKey) : rows;
  return ordered.map(({ id, ...rest }) => (isTempId(id) ? rest : { id, ...rest }));
}
