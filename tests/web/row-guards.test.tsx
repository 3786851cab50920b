/**
 * `editWhen` / `deleteWhen` in the browser: rows their state keeps show no 删除, and no 编辑 unless some fields stay
 * free; such a row's edit form is read-only but for those fields, says why, and sends only them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EntitySchema } from '../../src/contracts/index.ts';
import { permissionCode } from '../../src/contracts/index.ts';
import ListPage from '../../renderers/list-page/ListPage.tsx';
import EntityForm from '../../renderers/form/EntityForm.tsx';
import { dictionaries, driverEntity, VALID_ID_CARD } from './fixtures/driver.ts';
import { accessTo, renderWithServices, stubData } from './helpers/render-screen.tsx';

/** Drivers as if an approved one (审核通过) kept everything but its 备注, and only rejected ones could be deleted. */
function guarded(freeFields?: string[]): EntitySchema {
  return {
    ...driverEntity,
    editWhen: { when: { reviewStatus: ['0', '1', '3'] }, message: '审核通过的司机只能修改备注', ...(freeFields ? { freeFields } : {}) },
    deleteWhen: { when: { reviewStatus: ['3'] } },
  };
}

const approved = {
  id: 'd1', driverName: '张三', idCard: VALID_ID_CARD, telephone: '13800138000', vehicleClass: 'B2', ownerType: '1',
  reviewStatus: '2', creditScore: 100, createTime: '2024-05-01 08:00:00', remark: '老司机',
};
const rejected = { ...approved, id: 'd2', driverName: '李四', reviewStatus: '3', remark: undefined };
const everything = (['list', 'add', 'edit', 'delete'] as const).map((a) => permissionCode(driverEntity, a));

describe('row state guards', () => {
  it('hides 删除 on kept rows, and 编辑 too when no field stays free', async () => {
    const data = stubData({ records: [approved, rejected], total: 2 });
    renderWithServices(<ListPage entity={guarded()} />, { data, dicts: dictionaries, access: accessTo(...everything) });
    const kept = (await screen.findByText('张三')).closest('tr')!;
    const open = screen.getByText('李四').closest('tr')!;
    expect(within(kept).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(within(kept).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(within(open).getByRole('button', { name: '删除' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: '编辑' })).toBeInTheDocument();
  });

  it('offers 编辑 on a kept row whose 备注 stays free', async () => {
    const data = stubData({ records: [approved], total: 1 });
    renderWithServices(<ListPage entity={guarded(['remark'])} />, { data, dicts: dictionaries, access: accessTo(...everything) });
    const kept = (await screen.findByText('张三')).closest('tr')!;
    expect(within(kept).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(within(kept).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
  });

  it('opens a kept row read-only but for 备注, says why, and sends only 备注', async () => {
    const user = userEvent.setup();
    const data = stubData(undefined, approved);
    const onSaved = vi.fn();
    renderWithServices(<EntityForm entity={guarded(['remark'])} mode="edit" recordId="d1" open onClose={vi.fn()} onSaved={onSaved} />, {
      data,
      dicts: dictionaries,
    });
    expect(await screen.findByText('审核通过的司机只能修改备注')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('张三')).toBeDisabled();
    const remark = screen.getByLabelText(/备注/);
    expect(remark).toBeEnabled();
    await user.clear(remark);
    await user.type(remark, '证件已复核');
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(data.update).toHaveBeenCalledTimes(1));
    expect(data.update).toHaveBeenCalledWith('/hydriver/hyDriver', 'd1', { remark: '证件已复核' });
  });
});
