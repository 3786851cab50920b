/**
 * Baseline B0, the floor: a hand-written virtual table with no framework — fixed row height, a pool of row
 * elements recycled on scroll (translateY), cell text written with textContent only when the row it shows changes.
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
  body.style.cssText = `position:relative;height:${rows.length * rowHeight}px`;
  inner.append(header, body);
  scroller.appendChild(inner);

  const poolSize = Math.ceil(height / rowHeight) + 2 * OVERSCAN;
  const pool: Array<{ el: HTMLElement; cells: HTMLElement[]; index: number }> = [];
  for (let p = 0; p < Math.min(poolSize, rows.length); p++) {
    const el = document.createElement('div');
    el.className = 'vt-row';
    el.style.cssText = `display:flex;position:absolute;left:0;top:0;height:${rowHeight}px;border-bottom:1px solid #f0f0f0;background:#fff;box-sizing:border-box`;
    const cells = columns.map((_, i) => {
      const cell = document.createElement('div');
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
      slot.index = index;
      slot.el.style.display = 'flex';
      slot.el.style.transform = `translateY(${index * rowHeight}px)`;
      const row = rows[index];
      columns.forEach((c, i) => {
        slot.cells[i].textContent = c.type === 'checkbox' ? (row[c.key] ? '☑' : '☐') : cellText(c, row[c.key]);
      });
    }
  };
  scroller.addEventListener('scroll', render, { passive: true });
  host.appendChild(scroller);
  render();
  return {
    scroller,
    destroy: () => {
      scroller.removeEventListener('scroll', render);
      scroller.remove();
    },
  };
}
