/** The editable grid's row-expand detail areas, mouse drag sort and sizes, as a person sees them. */
import { createRef } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GridColumn } from '../../src/contracts/grid.ts';
import EditableTable from '../../renderers/editable-table/EditableTable.tsx';
import { registerGridSlot } from '../../renderers/editable-table/cell-registry.ts';
import { ROW_HEIGHT, type EditableTableHandle, type GridSize } from '../../renderers/editable-table/types.ts';
import { DETAIL_ESTIMATE } from '../../renderers/editable-table/RowExpand.tsx';
import { renderWithServices, stubData } from './helpers/render-screen.tsx';
import { useGridViewport } from './helpers/grid-viewport.ts';

useGridViewport(400);

const columns: GridColumn[] = [
  { key: 'goods', title: '货物名称', type: 'input' },
  { key: 'unit', title: '单位', type: 'select', options: [{ value: 't', title: '吨' }] },
  { key: 'weight', title: '重量', type: 'inputNumber', statistics: ['sum'] },
  { key: 'secret', title: '内部编号', type: 'hidden' },
];
const rows = [
  { id: 'r1', goods: '钢材', unit: 't', weight: '10', secret: 'N-1' },
  { id: 'r2', goods: '水泥', unit: 't', weight: '4', secret: 'N-2' },
  { id: 'r3', goods: '砂石', unit: 't', weight: '7', secret: 'N-3' },
];

function renderGrid(extra: Partial<Parameters<typeof EditableTable>[0]> = {}) {
  const handle = createRef<EditableTableHandle>();
  renderWithServices(<EditableTable columns={columns} rows={rows} handleRef={handle} {...extra} />, { data: stubData() });
  return handle;
}

/** The body row showing `text` (not a detail area that repeats it). */
const bodyRow = (text: string) => screen.getAllByRole('row').find((row) => row.hasAttribute('aria-rowindex') && within(row).queryByText(text)) as HTMLElement;
const offsetOf = (row: HTMLElement) => Number(/translateY\((\d+(?:\.\d+)?)px\)/.exec(row.style.transform)?.[1]);

describe('row expand', () => {
  it('opens a detail area under a row listing its columns, and the rows below move down to make room', async () => {
    const user = userEvent.setup();
    renderGrid({ rowExpand: true });
    expect(offsetOf(bodyRow('水泥'))).toBe(ROW_HEIGHT.medium);
    // JVxeTable shows no footer on tables whose rows expand.
    expect(screen.queryByText('合计')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '展开第1行' }));
    const detail = screen.getByRole('region', { name: '第1行详情' });
    expect(within(detail).getByText('内部编号').nextSibling).toHaveTextContent('N-1');
    expect(within(detail).getByText('单位').nextSibling).toHaveTextContent('吨');
    expect(bodyRow('钢材')).toHaveAttribute('aria-expanded', 'true');
    expect(offsetOf(bodyRow('水泥'))).toBe(ROW_HEIGHT.medium + DETAIL_ESTIMATE);
    await user.click(screen.getByRole('button', { name: '收起第1行' }));
    expect(screen.queryByRole('region', { name: '第1行详情' })).not.toBeInTheDocument();
    expect(offsetOf(bodyRow('水泥'))).toBe(ROW_HEIGHT.medium);
  });

  it('expands and collapses every row from the toolbar', async () => {
    const user = userEvent.setup();
    renderGrid({ rowExpand: true });
    await user.click(screen.getByRole('button', { name: /展开全部/ }));
    expect(screen.getAllByRole('region', { name: /行详情$/ })).toHaveLength(3);
    expect(offsetOf(bodyRow('砂石'))).toBe(2 * (ROW_HEIGHT.medium + DETAIL_ESTIMATE));
    await user.click(screen.getByRole('button', { name: /收起全部/ }));
    expect(screen.queryAllByRole('region', { name: /行详情$/ })).toHaveLength(0);
  });

  it('draws the detail with a registered slot, which may write the row', async () => {
    const user = userEvent.setup();
    registerGridSlot('test-line-detail', ({ row, setRow }) => (
      <button type="button" onClick={() => setRow({ weight: '99' })}>{`${String(row.goods)}：改为99吨`}</button>
    ));
    const handle = renderGrid({ rowExpand: true, expandSlot: 'test-line-detail' });
    await user.click(screen.getByRole('button', { name: '展开第2行' }));
    await user.click(screen.getByRole('button', { name: '水泥：改为99吨' }));
    expect(handle.current!.getValues()[1].weight).toBe('99');
    expect(bodyRow('水泥')).toHaveTextContent('99');
  });
});

describe('drag sort with the mouse', () => {
  const h = ROW_HEIGHT.medium;
  const handleOf = (text: string) => within(bodyRow(text)).getByRole('button', { name: /^拖动第\d+行$/ });

  it('moves a row to where it is dropped and rewrites orderNum to the 1-based positions', () => {
    const handle = renderGrid({ dragSort: true });
    // jsdom has no layout: the body starts at 0, rows are 44 px apart. Drop 钢材 into the lower half of 砂石.
    fireEvent.pointerDown(handleOf('钢材'), { button: 0, clientY: 10 });
    fireEvent.pointerMove(window, { clientY: 2 * h + 30 });
    expect(bodyRow('钢材').className).toContain('grid-row-dragging');
    fireEvent.pointerUp(window, { clientY: 2 * h + 30 });
    expect(handle.current!.getValues().map((r) => [r.goods, r.orderNum])).toEqual([
      ['水泥', 1],
      ['砂石', 2],
      ['钢材', 3],
    ]);
    expect(within(bodyRow('钢材')).getByRole('button', { name: '下移' })).toBeDisabled();
    // And back up: 钢材 dropped onto the upper half of the first row becomes the first.
    fireEvent.pointerDown(handleOf('钢材'), { button: 0, clientY: 2 * h + 10 });
    fireEvent.pointerMove(window, { clientY: 5 });
    fireEvent.pointerUp(window, { clientY: 5 });
    expect(handle.current!.getValues().map((r) => r.goods)).toEqual(['钢材', '水泥', '砂石']);
  });

  it('leaves the order alone when the drag is cancelled with Escape or dropped where it started', () => {
    const handle = renderGrid({ dragSort: true, dragSortKey: 'sortNo' });
    fireEvent.pointerDown(handleOf('水泥'), { button: 0, clientY: h + 10 });
    fireEvent.pointerMove(window, { clientY: 2 * h + 40 });
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.pointerUp(window, { clientY: 2 * h + 40 });
    fireEvent.pointerDown(handleOf('水泥'), { button: 0, clientY: h + 10 });
    fireEvent.pointerUp(window, { clientY: h + 30 });
    expect(handle.current!.getValues().map((r) => [r.goods, r.sortNo])).toEqual([
      ['钢材', 1],
      ['水泥', 2],
      ['砂石', 3],
    ]);
    expect(bodyRow('水泥').className).not.toContain('grid-row-dragging');
  });

  it('offers no drag handle on a disabled table', () => {
    renderGrid({ dragSort: true, disabled: true });
    expect(screen.queryByRole('button', { name: /^拖动第/ })).not.toBeInTheDocument();
  });
});

describe('sizes', () => {
  it.each<[GridSize, number]>([
    ['medium', 44],
    ['small', 36],
    ['mini', 30],
    ['tiny', 26],
  ])('%s rows are %i px high', (size, height) => {
    renderGrid({ size });
    expect(bodyRow('钢材').style.height).toBe(`${height}px`);
    expect(offsetOf(bodyRow('砂石'))).toBe(2 * height);
  });

  it('falls back to medium for a size it does not know', () => {
    renderGrid({ size: 'huge' as GridSize });
    expect(bodyRow('钢材').style.height).toBe('44px');
  });
});
