/**
 * Baseline B0, the floor: a hand-written virtual table with no framework — fixed row height, a pool of row
 * elements recycled on scroll (translateY), cell text written with textContent only when the row it shows changes.
 * A click on a text or number cell puts a bare `<input>` in it (Escape puts the text back): the floor for typing
 * into a cell of a 10k-row page, with no validation, footer or framework.
 */
import type { GridColumn } from '../../src/contracts/grid.ts';
import { cellText, type BenchRow } from './data.ts';

const OVERSCAN = 8;

export interface VanillaTable {
  scroller: HTMLElement;
  destroy(): void;
}

export function mountVanilla(host: HTMLElement, columns: GridColumn[], rows: BenchRow[], height: number, rowHeight: number): VanillaTable {
  const width = columns.reduce((sum, c) => sum + (c.width ?? 120), 0);
  const scroller = document.createElement('div');
  scroller.className = 'vt-scroll';
  scroller.style.cssText = `height:${height}px;overflow:auto;position:relative;border:1px solid #f0f0f0;font-size:14px`;
  const inner = document.createElement('div');
  inner.style.cssText = `width:${width}px;position:relative`;
  const header = document.createElement('div');
  header.style.cssText = `display:flex;position:sticky;top:0;z-index:2;background:#fafafa;height:${rowHeight}px;font-weight:500`;
  let left = 0;
  const cellCss = columns.map((c) => {
    const pinned = c.fixed === 'left' ? `position:sticky;left:${left}px;z-index:1;background:#fff;` : c.fixed === 'right' ? 'position:sticky;right:0;z-index:1;background:#fff;' : '';
    left += c.width ?? 120;
    return `${pinned}box-sizing:border-box;width:${c.width ?? 120}px;flex:none;padding:0 8px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;line-height:${rowHeight}px;border-right:1px solid #f5f5f5`;
  });
  columns.forEach((c, i) => {
    const cell = document.createElement('div');
    cell.style.cssText = cellCss[i];
    cell.textContent = c.title;
    header.appendChild(cell);
  });
  const body = document.createElement('div');
  body.className = 'grid-body';
  body.style.cssText = `position:relative;height:${rows.length * rowHeight}px`;
  inner.append(header, body);
  scroller.appendChild(inner);

  const poolSize = Math.ceil(height / rowHeight) + 2 * OVERSCAN;
  const pool: Array<{ el: HTMLElement; cells: HTMLElement[]; index: number }> = [];
  for (let p = 0; p < Math.min(poolSize, rows.length); p++) {
    const el = document.createElement('div');
    el.className = 'vt-row';
    el.setAttribute('role', 'row');
    el.style.cssText = `display:flex;position:absolute;left:0;top:0;height:${rowHeight}px;border-bottom:1px solid #f0f0f0;background:#fff;box-sizing:border-box`;
    const cells = columns.map((_, i) => {
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      cell.style.cssText = cellCss[i];
      el.appendChild(cell);
      return cell;
    });
    body.appendChild(el);
    pool.push({ el, cells, index: -1 });
  }

  const render = () => {
    const first = Math.max(0, Math.floor(scroller.scrollTop / rowHeight) - OVERSCAN);
    for (let p = 0; p < pool.length; p++) {
      // Each pool slot keeps the rows congruent to it modulo the pool size, so a scroll rewrites only new rows.
      const index = first + ((p - first) % pool.length + pool.length) % pool.length;
      const slot = pool[p];
      if (index >= rows.length) {
        slot.el.style.display = 'none';
        slot.index = -1;
        continue;
      }
      if (slot.index === index) continue;
      if (editing?.slot === slot) stopEditing();
      slot.index = index;
      slot.el.setAttribute('aria-rowindex', String(index + 2));
      slot.el.style.display = 'flex';
      slot.el.style.transform = `translateY(${index * rowHeight}px)`;
      const row = rows[index];
      columns.forEach((c, i) => {
        slot.cells[i].textContent = c.type === 'checkbox' ? (row[c.key] ? '☑' : '☐') : cellText(c, row[c.key]);
      });
    }
  };
  let editing: { slot: (typeof pool)[number]; column: number; input: HTMLInputElement } | undefined;
  const shownText = (index: number, column: number) => {
    const c = columns[column];
    return c.type === 'checkbox' ? (rows[index][c.key] ? '☑' : '☐') : cellText(c, rows[index][c.key]);
  };
  function stopEditing() {
    if (!editing) return;
    const { slot, column } = editing;
    editing = undefined;
    slot.cells[column].textContent = shownText(slot.index, column);
  }
  const startEditing = (event: MouseEvent) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[role="gridcell"]');
    const slot = pool.find((candidate) => candidate.el === cell?.parentElement);
    if (!cell || !slot || slot.index < 0) return;
    const column = slot.cells.indexOf(cell);
    const c = columns[column];
    if (c.type !== 'input' && c.type !== 'inputNumber') return;
    stopEditing();
    const input = document.createElement('input');
    input.setAttribute('aria-label', c.title);
    if (c.type === 'inputNumber') input.setAttribute('role', 'spinbutton');
    input.value = String(rows[slot.index][c.key] ?? '');
    input.style.cssText = 'width:100%;box-sizing:border-box;font:inherit';
    input.addEventListener('input', () => {
      rows[slot.index][c.key] = input.value;
    });
    input.addEventListener('keydown', (key) => {
      if (key.key === 'Escape') stopEditing();
    });
    cell.replaceChildren(input);
    editing = { slot, column, input };
    input.focus();
  };
  body.addEventListener('click', startEditing);
  scroller.addEventListener('scroll', render, { passive: true });
  host.appendChild(scroller);
  render();
  return {
    scroller,
    destroy: () => {
      scroller.removeEventListener('scroll', render);
      body.removeEventListener('click', startEditing);
      scroller.remove();
    },
  };
}
