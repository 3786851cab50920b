/**
 * The inline-editable list (schema `list.inlineEdit`): the engine picks it for such entities; cells edit in place
 * for users holding `<prefix>:edit`; 保存 validates, then sends each changed row (changed fields only) to the edit
 * endpoint, shows the server's messages and marks the rows it refused; rows saved elsewhere arrive live.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import EditableList from '../../renderers/editable-list/EditableList.tsx';
import { entityScreenType } from '../../renderers/node-types.ts';
import type { EntitySchema } from '../../src/contracts/index.ts';
import { HttpError } from '../../src/http/errors.ts';
import rate from '../../schemas/entities/freight/hy-freight-rate.entity.json';
import order from '../fixtures/entities/test-order.entity.json';
import { accessTo, renderWithServices, stubData } from './helpers/render-screen.tsx';
import { useGridViewport } from './helpers/grid-viewport.ts';

const rateEntity = rate as unknown as EntitySchema;
const ROWS = [
  { id: 'r1', startCity: '上海', endCity: '南京', unitPrice: 120.5, contactPhone: '13800000001', status: '1', status_dictText: '启用', remark: '', updateBy: 'admin' },
  { id: 'r2', startCity: '苏州', endCity: '杭州', unitPrice: 98, contactPhone: '13800000002', status: '1', status_dictText: '启用', remark: '夜间', updateBy: 'ops' },
];

useGridViewport(400);

const cellOf = (rowText: string, column: number) => within(screen.getByText(rowText).closest('[role="row"]') as HTMLElement).getAllByRole('gridcell')[column];

function fakeLive() {
  const listeners: Array<{ key: string; listener: (row: Record<string, unknown>) => void }> = [];
  return {
    listeners,
    subscribe: (key: string, _caseId: string, listener: (row: Record<string, unknown>) => void) => {
      listeners.push({ key, listener });
      return () => undefined;
    },
    sendUpdate: () => undefined,
  };
}

function renderList(codes = ['hyfreight:hyFreightRate:list', 'hyfreight:hyFreightRate:edit', 'hyfreight:hyFreightRate:add']) {
  const data = stubData({ records: ROWS.map((row) => ({ ...row })), total: 2 });
  const live = fakeLive();
  renderWithServices(<EditableList entity={rateEntity} />, { data, access: accessTo(...codes), live });
  return { data, live };
}

async function editText(rowText: string, column: number, name: string, value: string) {
  const user = userEvent.setup();
  await user.click(cellOf(rowText, column));
  // The query form has inputs of the same names: look inside the grid.
  const input = await within(screen.getByRole('grid')).findByRole('textbox', { name });
  await user.clear(input);
  if (value) await user.type(input, value);
  await user.keyboard('{Escape}');
  return user;
}

describe('inline-editable list', () => {
  it('is the screen the engine picks for entities with list.inlineEdit', () => {
    expect(entityScreenType(rateEntity)).toBe('editable-list');
    expect(entityScreenType(order as unknown as EntitySchema)).toBe('list-page');
  });

  it('saves only the changed row and field through the edit endpoint and shows the server message', async () => {
    const { data, live } = renderList();
    expect(await screen.findByText('南京')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', '*起运城市', '*到达城市', '*单价(元/吨)', '联系电话', '状态', '备注', '适用司机', '更新人']);
    // System columns are text only.
    expect(cellOf('南京', 7)).toHaveAttribute('aria-readonly', 'true');

    const user = await editText('杭州', 5, '备注', '白班');
    expect(await screen.findByText('1 行已修改')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(data.update).toHaveBeenCalledTimes(1));
    expect(data.update).toHaveBeenCalledWith('/hyfreight/hyFreightRate', 'r2', { remark: '白班' });
    expect(await screen.findByText('编辑成功!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('1 行已修改')).not.toBeInTheDocument());
  });

  it('refuses to save while a cell breaks its field rule, naming the row', async () => {
    const { data } = renderList();
    await screen.findByText('南京');
    const user = await editText('南京', 3, '联系电话', '12345');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('第1行：请输入正确的11位手机号码')).toBeInTheDocument();
    expect(cellOf('南京', 3)).toHaveAttribute('aria-invalid', 'true');
    expect(data.update).not.toHaveBeenCalled();
  });

  it('sends every changed row; a row the server refuses keeps its edit and is marked with the server’s sentence', async () => {
    const { data } = renderList();
    await screen.findByText('南京');
    data.update.mockImplementation(async (_api, id) => {
      if (id === 'r1') throw new HttpError({ status: 200, code: 500, message: '到达城市不能与起运城市相同', fieldErrors: [{ field: 'endCity', message: '到达城市不能与起运城市相同' }] });
      return { message: '编辑成功!' };
    });
    await editText('南京', 1, '到达城市', '上海');
    const user = await editText('夜间', 5, '备注', '白班');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(data.update).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('第1行：到达城市不能与起运城市相同')).toBeInTheDocument();
    expect(await screen.findByText('编辑成功!')).toBeInTheDocument();
    expect(cellOf('13800000001', 1)).toHaveAttribute('aria-invalid', 'true');
    expect(cellOf('13800000001', 1)).toHaveTextContent('上海');
    expect(cellOf('13800000002', 5)).not.toHaveAttribute('aria-invalid');
    // The refused row is still counted as unsaved; the saved one is not.
    expect(await screen.findByText('1 行已修改')).toBeInTheDocument();
  });

  it('without the edit permission shows read-only cells and no 保存', async () => {
    renderList(['hyfreight:hyFreightRate:list']);
    await screen.findByText('南京');
    expect(screen.queryByRole('button', { name: /保\s*存/ })).not.toBeInTheDocument();
    expect(cellOf('南京', 5)).toHaveAttribute('aria-readonly', 'true');
  });

  it('exports what the query form filters and offers 导入, each with its permission', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const { data } = renderList(['hyfreight:hyFreightRate:list', 'hyfreight:hyFreightRate:exportXls', 'hyfreight:hyFreightRate:importExcel']);
    await screen.findByText('南京');
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('请输入起运城市'), '上海');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(data.exportXls).toHaveBeenCalledTimes(1));
    expect(data.exportXls.mock.calls[0][1].filters).toEqual([{ field: 'startCity', op: 'contains', value: '上海' }]);
    expect(screen.getByRole('button', { name: /导\s*入/ })).toBeInTheDocument();
  });

  it('has no 导出 or 导入 for a user without those permissions', async () => {
    renderList(['hyfreight:hyFreightRate:list']);
    await screen.findByText('南京');
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).not.toBeInTheDocument();
  });

  it('merges a row saved on another page, and saves later edits against it', async () => {
    const { data, live } = renderList();
    await screen.findByText('南京');
    // The list and its grid both listen under the entity's name (the grid's effect may run after its first paint).
    await waitFor(() => expect(live.listeners.filter((l) => l.key === 'hyFreightRate')).toHaveLength(2));
    act(() => {
      for (const { listener } of live.listeners) listener({ id: 'r1', startCity: '上海', endCity: '南京', unitPrice: 130, remark: '已改' });
    });
    expect(await screen.findByText('已改')).toBeInTheDocument();
    expect(screen.queryByText(/行已修改/)).not.toBeInTheDocument();
    const user = await editText('杭州', 5, '备注', '');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(data.update).toHaveBeenCalledTimes(1));
    expect(data.update).toHaveBeenCalledWith('/hyfreight/hyFreightRate', 'r2', { remark: '' });
  });
});
