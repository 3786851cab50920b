/**
 * Cells written as plain DOM instead of React content ("painted"): a body row that only scrolls to show another row
 * rewrites its text in place, as a hand-written virtual list does, without a React render of 22 rows × 12 cells per
 * step. React renders a painted cell as an empty element and never touches what is inside it (nor its flash class);
 * a cell that is active, has an error or is of a type that draws components (slot, progress, registered display, expand, drag) is
 * rendered by React as before, under another key, so the two never share an element.
 */
import type { GridColumn } from '../../src/contracts/grid.ts';
import { gridCell } from './cell-registry.ts';
import { cellText, isEditable, splitValues, togglesInPlace } from './cells.tsx';
import { popupCellProblem } from './PopupCell.tsx';
import type { GridRow } from './rows.ts';
import type { LaidOutColumn } from './GridRowView.tsx';

/** Whether the column's cells can be painted while they are not active or marked. */
export function paintable(column: GridColumn): boolean {
  const { type } = column;
  if (type === 'row-number' || type === 'row-checkbox' || type === 'row-radio') return true;
  if (type.startsWith('row-') || type === 'slot' || type === 'progress' || gridCell(type)?.display) return false;
  return !(type === 'popup' && popupCellProblem(column));
}

export function isChecked(value: unknown): boolean {
  return value === true || value === 'Y' || value === '1';
}

export function cellEditable(layout: LaidOutColumn, disabled: boolean | undefined): boolean {
  return isEditable(layout.column) && !layout.disabled && !disabled;
}

export function radioSelection(layout: LaidOutColumn, selectionType: 'checkbox' | 'radio' | undefined): boolean {
  return layout.column.type === 'row-radio' || selectionType === 'radio';
}

/** What was last written into each painted cell, so an unchanged cell costs no DOM write. */
const written = new WeakMap<Element, string>();

function setText(cell: HTMLElement, text: string): void {
  if (written.get(cell) === text) return;
  written.set(cell, text);
  // Changing the text node in place is a "text changed" for layout; textContent would remove and insert a node.
  const only = cell.firstChild;
  if (text !== '' && only && only === cell.lastChild && only.nodeType === Node.TEXT_NODE) only.nodeValue = text;
  else cell.textContent = text;
}

function setTags(cell: HTMLElement, tags: string[]): void {
  const mark = `\u0001${tags.join('\u0001')}`;
  if (written.get(cell) === mark) return;
  written.set(cell, mark);
  cell.replaceChildren(
    ...tags.map((tag) => {
      const span = document.createElement('span');
      span.className = 'grid-tag';
      span.textContent = tag;
      return span;
    }),
  );
}

/** The light checkbox / radio of GridRowView's GridCheck, as DOM: same role, name, state and class. */
function setCheck(cell: HTMLElement, label: string, checked: boolean, disabled: boolean, radio: boolean): void {
  const mark = `\u0002${label}\u0002${checked}\u0002${disabled}\u0002${radio}`;
  if (written.get(cell) === mark) return;
  written.set(cell, mark);
  let box = cell.firstElementChild as HTMLElement | null;
  if (!box) {
    box = document.createElement('span');
    cell.appendChild(box);
  }
  box.setAttribute('role', radio ? 'radio' : 'checkbox');
  box.setAttribute('aria-label', label);
  box.setAttribute('aria-checked', String(checked));
  if (disabled) box.setAttribute('aria-disabled', 'true');
  else box.removeAttribute('aria-disabled');
  box.tabIndex = disabled ? -1 : 0;
  box.className = `${radio ? 'grid-radio' : 'grid-check'}${checked ? ' is-checked' : ''}${disabled ? ' is-disabled' : ''}`;
}

export interface PaintContext {
  row: GridRow;
  position: number;
  selected: boolean;
  disabled?: boolean;
  selectionType?: 'checkbox' | 'radio';
  /** Whether the cell was just changed by a live update (its class flashes it, as on a React cell). */
  flashing(key: string): boolean;
}

/** Writes what a painted cell shows for the row (the same text, elements and names as the React cells). */
export function paintCell(cell: HTMLElement, layout: LaidOutColumn, context: PaintContext): void {
  const { column } = layout;
  const { row, position } = context;
  if (column.type === 'row-number') return setText(cell, String(position + 1));
  if (column.type === 'row-checkbox' || column.type === 'row-radio') {
    return setCheck(cell, `选择第${position + 1}行`, context.selected, false, radioSelection(layout, context.selectionType));
  }
  const className = context.flashing(column.key) ? 'grid-cell grid-cell-flash' : 'grid-cell';
  if (cell.className !== className) cell.className = className;
  const value = row[column.popup?.field ?? column.key];
  if (togglesInPlace(column)) return setCheck(cell, column.title, isChecked(value), !cellEditable(layout, context.disabled), false);
  if (column.type === 'tags') return setTags(cell, value === undefined || value === null || value === '' ? [] : splitValues(value));
  setText(cell, cellText(column, value, layout.options ?? []));
}
