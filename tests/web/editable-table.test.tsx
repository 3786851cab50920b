/** The editable grid as a person uses it: edit cells, see totals follow, add/remove/move rows, validate. */
import { createRef } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GridColumn } from '../../src/contracts/grid.ts';
import EditableTable from '../../renderers/editable-table/EditableTable.tsx';
import type { EditableTableHandle } from '../../renderers/editable-table/types.ts';
import { accessTo, renderWithServices, stubData } from './helpers/render-screen.tsx';
import { useGridViewport } from './helpers/grid-viewport.ts';

const columns: GridColumn[] = [
  { key: 'goods', title: '货物名称', type: 'input', validateRules: [{ required: true }] },
  { key: 'unit', title: '单位', type: 'select', options: [{ value: 't', title: '吨' }, { value: 'p', text: '件' }], defaultValue: 't' },
  { key: 'weight', title: '重量', type: 'inputNumber', statistics: ['sum', 'average'], validateRules: [{ pattern: 'n', message: '${title}须为数字' }] },
];
const rows = [
  { id: 'r1', goods: '钢材', unit: 't', weight: '10.5' },
  { id: 'r2', goods: '水泥', unit: 'p', weight: '4.25' },
];

function renderGrid(extra: Partial<Parameters<typeof EditableTable>[0]> = {}, codes?: string[]) {
  const handle = createRef<EditableTableHandle>();
  renderWithServices(<EditableTable columns={columns} rows={rows} rowNumber rowSelection handleRef={handle} {...extra} />, {
    data: stubData(),
    access: codes ? accessTo(...codes) : undefined,
  });
  return handle;
}

useGridViewport(400);

const cellOf = (rowText: string, column: number) => within(screen.getByText(rowText).closest('[role="row"]') as HTMLElement).getAllByRole('gridcell')[column];

describe('editable table', () => {
  it('rows recycled by a scroll show their own values, numbers and names, and a click edits the row shown', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 300 }, (_, i) => ({ id: `m${i}`, goods: `货物${i}`, unit: i % 2 ? 'p' : 't', weight: String(i) }));
    const handle = renderGrid({ rows: many });
    const scroller = document.querySelector('.grid-scroll') as HTMLElement;
    const scrollTo = (top: number) =>
      act(() => {
        Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: top });
        scroller.dispatchEvent(new Event('scroll'));
      });
    for (const top of [44 * 100, 44 * 103, 44 * 250, 0, 44 * 291]) {
      scrollTo(top);
      const shown = screen.getAllByRole('row').filter((row) => row.hasAttribute('aria-rowindex') && row.getAttribute('aria-rowindex') !== '1');
      expect(shown.length).toBeGreaterThan(5);
      for (const row of shown) {
        const at = Number(row.getAttribute('aria-rowindex')) - 2;
        expect(within(row).getByRole('rowheader').textContent).toBe(String(at + 1));
        expect(within(row).getByRole('checkbox', { name: `选择第${at + 1}行` })).toBeInTheDocument();
        expect(within(row).getAllByRole('gridcell').slice(1).map((c) => c.textContent)).toEqual([`货物${at}`, at % 2 ? '件' : '吨', String(at)]);
        expect((row as HTMLElement).style.transform).toBe(`translateY(${at * 44}px)`);
      }
    }
    // At the end the window is a few rows shorter: the slots it leaves unused stay mounted but hidden, with no index.
    const unused = [...document.querySelectorAll<HTMLElement>('.grid-body > [role="row"]')].filter((row) => row.style.display === 'none');
    expect(unused.length).toBeGreaterThan(0);
    for (const row of unused) expect(row).not.toHaveAttribute('aria-rowindex');
    // A row a hidden slot last showed changes meanwhile: shown again, it shows the change.
    const lastShown = /货物(\d+)/.exec(unused[0].textContent ?? '')?.[0];
    expect(lastShown).toBeDefined();
    const lastIndex = Number(lastShown!.slice(2));
    act(() => void handle.current!.patchRow(`m${lastIndex}`, { goods: `${lastShown}（改）` }));
    scrollTo(44 * Math.max(0, lastIndex - 3));
    expect(screen.getByText(`${lastShown}（改）`).closest('[role="row"]')).toHaveAttribute('aria-rowindex', String(lastIndex + 2));
    scrollTo(44 * 291);
    await user.click(cellOf('货物293', 1));
    const editor = await screen.findByRole('textbox', { name: '货物名称' });
    expect(editor).toHaveValue('货物293');
    await user.clear(editor);
    await user.type(editor, '改');
    await user.keyboard('{Escape}');
    expect(cellOf('改', 3)).toHaveTextContent('293');
    await user.click(within(screen.getByText('货物295').closest('[role="row"]') as HTMLElement).getByRole('checkbox', { name: '选择第296行' }));
    scrollTo(44 * 100);
    scrollTo(44 * 291);
    expect(within(screen.getByText('货物295').closest('[role="row"]') as HTMLElement).getByRole('checkbox', { name: '选择第296行' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('货物295').closest('[role="row"]')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('货物294').closest('[role="row"]')).not.toHaveAttribute('aria-selected');
  });

  it('shows rows with option texts, row numbers and the 合计/平均 footer', () => {
    renderGrid();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', '', '*货物名称', '单位', '重量']);
    expect(screen.getByText('钢材')).toBeInTheDocument();
    expect(screen.getByText('件')).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['1', '2']);
    expect(screen.getByText('合计').closest('[role="row"]')).toHaveTextContent('14.75');
    expect(screen.getByText('平均').closest('[role="row"]')).toHaveTextContent('7.3750');
  });

  it('edits a cell in place and the totals follow at once', async () => {
    const user = userEvent.setup();
    renderGrid();
    await user.click(cellOf('钢材', 3));
    const input = await screen.findByRole('spinbutton', { name: '重量' });
    await user.clear(input);
    await user.type(input, '0.75');
    expect(screen.getByText('合计').closest('[role="row"]')).toHaveTextContent('5.00');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('spinbutton', { name: '重量' })).toBeInTheDocument(); // Enter moved down a row, still editing
  });

  it('adds a row with defaults, removes selected rows and clears the selection', async () => {
    const user = userEvent.setup();
    const handle = renderGrid();
    await user.click(screen.getByRole('button', { name: /新增/ }));
    await waitFor(() => expect(screen.getAllByRole('rowheader')).toHaveLength(3));
    expect(handle.current!.getValues()[2]).toEqual({ unit: 't' });
    await user.click(screen.getByRole('checkbox', { name: '选择第1行' }));
    expect(screen.getByRole('button', { name: '清空选择（已选 1 项）' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(screen.queryByText('钢材')).not.toBeInTheDocument());
    expect(screen.getAllByRole('rowheader')).toHaveLength(2);
    expect(screen.getByText('合计').closest('[role="row"]')).toHaveTextContent('4.25');
  });

  it('toggles checkbox cells and radio selection with the mouse and the space bar', async () => {
    const user = userEvent.setup();
    const checked: GridColumn = { key: 'insured', title: '保价', type: 'checkbox' };
    const handle = renderGrid({ columns: [...columns, checked], rowSelectionType: 'radio' });
    const insured = screen.getAllByRole('checkbox', { name: '保价' });
    expect(insured[0]).toHaveAttribute('aria-checked', 'false');
    await user.click(insured[0]);
    expect(screen.getAllByRole('checkbox', { name: '保价' })[0]).toHaveAttribute('aria-checked', 'true');
    screen.getAllByRole('checkbox', { name: '保价' })[1].focus();
    await user.keyboard(' ');
    expect(handle.current!.getValues().map((r) => r.insured)).toEqual([true, true]);
    // Radio selection: one row at a time, and choosing a chosen row keeps it chosen.
    await user.click(screen.getByRole('radio', { name: '选择第1行' }));
    await user.click(screen.getByRole('radio', { name: '选择第2行' }));
    await user.click(screen.getByRole('radio', { name: '选择第2行' }));
    expect(screen.getByRole('radio', { name: '选择第1行' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('radio', { name: '选择第2行' })).toHaveAttribute('aria-checked', 'true');
  });

  it('moves rows with the drag-sort buttons and saves their positions', async () => {
    const user = userEvent.setup();
    const handle = renderGrid({ dragSort: true, dragSortKey: 'sortNo' });
    const first = screen.getByText('钢材').closest('[role="row"]') as HTMLElement;
    expect(within(first).getByRole('button', { name: '上移' })).toBeDisabled();
    await user.click(within(first).getByRole('button', { name: '下移' }));
    expect(handle.current!.getValues().map((r) => [r.goods, r.sortNo])).toEqual([
      ['水泥', 1],
      ['钢材', 2],
    ]);
    // The footer is not shown while rows can be dragged (as JVxeTable).
    expect(screen.queryByText('合计')).not.toBeInTheDocument();
  });

  it('validates every row and marks the first error', async () => {
    const handle = renderGrid({ rows: [...rows, { id: 'r3', goods: '', unit: 't', weight: 'abc' }] });
    let errors: Awaited<ReturnType<EditableTableHandle['validate']>> = [];
    await act(async () => {
      errors = await handle.current!.validate();
    });
    expect(errors.map((e) => e.message)).toEqual(['货物名称不能为空', '重量须为数字']);
    const invalid = screen.getAllByRole('gridcell').filter((c) => c.getAttribute('aria-invalid') === 'true');
    expect(invalid).toHaveLength(2);
  });

  it('hides add and remove without the permission codes of its prefix', () => {
    renderGrid({ authPre: 'order:line:' }, ['order:line:add']);
    expect(screen.getByRole('button', { name: /新增/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).not.toBeInTheDocument();
  });

  it('moves with the arrow keys, edits with Enter and fills a pasted spreadsheet block, adding rows', async () => {
    const user = userEvent.setup();
    const handle = renderGrid();
    await user.click(cellOf('钢材', 1)); // 货物名称 of the first row: an input cell opens its editor on click
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowDown}{Enter}');
    const editor = await screen.findByRole('textbox', { name: '货物名称' });
    expect(editor).toHaveValue('水泥');
    await user.keyboard('{Escape}');
    await user.paste('砂石\tt\t7\n石灰\tp\t1.5');
    expect(handle.current!.getValues().map((r) => [r.goods, r.unit, r.weight])).toEqual([
      ['钢材', 't', '10.5'],
      ['砂石', 't', '7'],
      ['石灰', 'p', '1.5'],
    ]);
    expect(screen.getByText('合计').closest('[role="row"]')).toHaveTextContent('19.0');
  });

  it('merges rows changed on other pages, but not its own announcements', async () => {
    const listeners: Array<(row: Record<string, unknown>) => void> = [];
    const sent: unknown[][] = [];
    const live = {
      subscribe: (key: string, _caseId: string, listener: (row: Record<string, unknown>) => void) => {
        expect(key).toBe('testOrderLine');
        listeners.push(listener);
        return () => undefined;
      },
      sendUpdate: (...args: unknown[]) => void sent.push(args),
    };
    const handle = createRef<EditableTableHandle>();
    renderWithServices(<EditableTable columns={columns} rows={rows} socketKey="testOrderLine" reloadEffect handleRef={handle} />, { data: stubData(), live });
    expect(listeners).toHaveLength(1);
    act(() => listeners[0]({ id: 'r2', goods: '水泥（已改）', weight: '5' }));
    expect(await screen.findByText('水泥（已改）')).toBeInTheDocument();
    expect(screen.getByText('合计').closest('[role="row"]')).toHaveTextContent('15.5');
    act(() => handle.current!.announceRow('r1'));
    expect(sent).toHaveLength(1);
    expect(sent[0][0]).toBe('testOrderLine');
    expect(sent[0][1]).toMatchObject({ id: 'r1', goods: '钢材' });
  });

  it('applies a batch of rows changed on other pages in one go', async () => {
    const batches: Array<(rows: Array<Record<string, unknown>>) => void> = [];
    const live = {
      subscribe: (_key: string, _caseId: string, _listener: (row: Record<string, unknown>) => void, onRows?: (rows: Array<Record<string, unknown>>) => void) => {
        if (onRows) batches.push(onRows);
        return () => undefined;
      },
      sendUpdate: () => undefined,
    };
    renderWithServices(<EditableTable columns={columns} rows={rows} socketKey="testOrderLine" />, { data: stubData(), live });
    expect(batches).toHaveLength(1);
    act(() => batches[0]([{ id: 'r1', weight: '1' }, { id: 'r2', goods: '水泥（批量）', weight: '2' }, { id: 'not-here', weight: '9' }]));
    expect(await screen.findByText('水泥（批量）')).toBeInTheDocument();
    expect(screen.getByText('合计').closest('[role="row"]')).toHaveTextContent('3.0');
  });

  it('renders only a screenful of rows out of 10,000', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ id: `m${i}`, goods: `货物${i}`, unit: 't', weight: String(i) }));
    renderGrid({ rows: many, height: 400 });
    expect(screen.getAllByRole('row').length).toBeLessThan(60);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '10001');
    expect(screen.getByText('合计').closest('[role="row"]')).toHaveTextContent('49995000');
  });
});
