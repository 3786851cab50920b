/**
 * Pasting a block copied from a spreadsheet (tab-separated cells, one line per row) into the grid from the active
 * cell rightwards and downwards, adding rows when the block runs past the last one — how people fill line items
 * from Excel. Only editable data columns receive values; keyword and read-only columns are skipped over.
 */
import type { GridColumn } from '../../src/contracts/grid.ts';

/** Spreadsheet text → rows of cells. Quoted cells (with tabs or line breaks inside) are unquoted as Excel writes them. */
export function parseClipboard(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === '\t') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

export interface PastePlan {
  /** Rows to add at the end first. */
  addRows: number;
  /** Cell writes: row position, column key, value. */
  writes: Array<{ position: number; key: string; value: string }>;
}

/** Where each pasted value goes, starting at (`position`, `key`) among the editable columns. */
export function planPaste(block: string[][], columns: readonly GridColumn[], position: number, key: string, rowCount: number, isEditable: (column: GridColumn) => boolean): PastePlan {
  const editable = columns.filter(isEditable);
  const start = editable.findIndex((column) => column.key === key);
  if (start < 0 || block.length === 0) return { addRows: 0, writes: [] };
  const writes: PastePlan['writes'] = [];
  block.forEach((cells, r) => {
    cells.forEach((value, c) => {
      const column = editable[start + c];
      if (column) writes.push({ position: position + r, key: column.key, value: value.trim() });
    });
  });
  return { addRows: Math.max(0, position + block.length - rowCount), writes };
}
