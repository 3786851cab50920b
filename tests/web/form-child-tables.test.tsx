/** A form with line items (schema `children`): the grid loads the record's rows, checks them, and saves them along. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import EntityForm from '../../renderers/form/EntityForm.tsx';
import type { EntitySchema } from '../../src/contracts/index.ts';
import type { EndpointProvider } from '../../src/providers/endpoints.ts';
import order from '../fixtures/entities/test-order.entity.json';
import line from '../fixtures/entities/test-order-line.entity.json';
import { renderWithServices, stubData } from './helpers/render-screen.tsx';
import { useGridViewport } from './helpers/grid-viewport.ts';

const orderEntity = order as unknown as EntitySchema;
const lineEntity = line as unknown as EntitySchema;

useGridViewport(280, 1000);

function renderOrderForm(mode: 'add' | 'edit') {
  const data = stubData({ records: [], total: 0 }, { id: 'o1', orderNo: 'SO-1', remark: '' });
  const endpoints: EndpointProvider = {
    get: vi.fn(async () => [
      { id: 'l1', orderId: 'o1', goods: '钢材', weight: 12.5, amount: 1000.1, orderNum: 1 },
      { id: 'l2', orderId: 'o1', goods: '水泥', weight: 3, amount: 20, orderNum: 2 },
    ]) as EndpointProvider['get'],
    post: vi.fn() as EndpointProvider['post'],
    download: vi.fn() as EndpointProvider['download'],
  };
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithServices(<EntityForm entity={orderEntity} mode={mode} recordId={mode === 'edit' ? 'o1' : undefined} open onClose={onClose} onSaved={onSaved} />, {
    data,
    endpoints,
    entities: { findByName: async (name) => (name === 'testOrderLine' ? lineEntity : undefined) },
  });
  return { data, endpoints, onSaved, onClose };
}

describe('form with line items', () => {
  it('loads the rows of the record being edited and saves them with the form, numbers as numbers', async () => {
    const user = userEvent.setup();
    const { data, endpoints, onSaved } = renderOrderForm('edit');
    const grid = await screen.findByRole('region', { name: '货物明细' });
    expect(await within(grid).findByText('钢材')).toBeInTheDocument();
    expect(endpoints.get).toHaveBeenCalledWith('/test/testOrder/queryTestOrderLineListByMainId', { id: 'o1' });
    expect(within(grid).getByText('1000.1')).toBeInTheDocument();
    // Rows with a sort field get up/down buttons, and (as in JVxeTable) no footer while they can move.
    expect(within(grid).getAllByRole('button', { name: '下移' })).toHaveLength(2);

    await user.click(within(grid).getByRole('button', { name: /新增/ }));
    // A new row opens its first cell's editor at once.
    await user.type(await within(grid).findByRole('textbox', { name: '货物名称' }), '玻璃');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(data.update).toHaveBeenCalled());
    const sent = data.update.mock.calls[0][2] as Record<string, unknown>;
    expect(sent.lineList).toEqual([
      { id: 'l1', orderId: 'o1', goods: '钢材', weight: 12.5, amount: 1000.1, orderNum: 1 },
      { id: 'l2', orderId: 'o1', goods: '水泥', weight: 3, amount: 20, orderNum: 2 },
      { goods: '玻璃', orderNum: 3 },
    ]);
    expect(onSaved).toHaveBeenCalled();
  });

  it('refuses to save while a line breaks the line entity’s rules, naming the row', async () => {
    const user = userEvent.setup();
    const { data, onClose } = renderOrderForm('add');
    await user.type(await screen.findByLabelText('订单号'), 'SO-9');
    const grid = await screen.findByRole('region', { name: '货物明细' });
    await user.click(within(grid).getByRole('button', { name: /新增/ }));
    // Escape leaves the cell editor, not the whole form.
    await within(grid).findByRole('textbox', { name: '货物名称' });
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('货物明细第1行：请输入货物名称')).toBeInTheDocument();
    expect(data.create).not.toHaveBeenCalled();
  });
});
