import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { permissionCode } from '../../src/contracts/index.ts';
import type { EntitySchema } from '../../src/contracts/index.ts';
import { operationPermission, type OperationDef } from '../../capabilities/operations/contract.ts';
import ListPage from '../../renderers/list-page/ListPage.tsx';
import { dictionaries, driverEntity, VALID_ID_CARD } from './fixtures/driver.ts';
import { accessTo, renderWithServices, stubData } from './helpers/render-screen.tsx';

const pending = {
  id: 'p1',
  driverName: '待审张三',
  idCard: VALID_ID_CARD,
  telephone: '13800138000',
  vehicleClass: 'B2',
  ownerType: '1',
  reviewStatus: '1',
  createTime: '2024-05-01 08:00:00',
};
const approved = { ...pending, id: 'a1', driverName: '已过李四', telephone: '13900139000', reviewStatus: '2' };
const records = { records: [pending, approved], total: 2 };

const op = (key: string) => driverEntity.operations!.find((o) => o.key === key)!;
const code = (key: string) => operationPermission(driverEntity, op(key));
const list = permissionCode(driverEntity, 'list');

/** The 操作 cell of the row showing `name`. */
function rowOf(name: string): HTMLElement {
  return screen.getByText(name).closest('tr')!;
}

describe('declared operations on the list page', () => {
  it('shows no operation without its permission code', async () => {
    renderWithServices(<ListPage entity={driverEntity} />, {
      data: stubData(records),
      dicts: dictionaries,
      access: accessTo(list, permissionCode(driverEntity, 'edit')),
    });
    await screen.findByText('待审张三');
    expect(screen.queryByRole('button', { name: '审核通过' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '驳回' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '批量审核通过' })).not.toBeInTheDocument();
  });

  it('shows a row operation only with its code and only on rows whose state allows it', async () => {
    renderWithServices(<ListPage entity={driverEntity} />, { data: stubData(records), dicts: dictionaries, access: accessTo(list, code('approve')) });
    await screen.findByText('待审张三');
    expect(within(rowOf('待审张三')).getByRole('button', { name: '审核通过' })).toBeInTheDocument();
    expect(within(rowOf('已过李四')).queryByRole('button', { name: '审核通过' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '驳回' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /操作/ })).toBeInTheDocument();
  });

  it('asks the confirm text, runs the operation on the row, shows the server message and reloads', async () => {
    const user = userEvent.setup();
    const data = stubData(records);
    data.runOperation.mockResolvedValue({ message: '审核通过成功!' });
    renderWithServices(<ListPage entity={driverEntity} />, { data, dicts: dictionaries, access: accessTo(list, code('approve')) });
    await screen.findByText('待审张三');
    const callsBefore = data.getList.mock.calls.length;
    await user.click(within(rowOf('待审张三')).getByRole('button', { name: '审核通过' }));
    expect(await screen.findByText('确定审核通过吗?')).toBeInTheDocument();
    expect(data.runOperation).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(data.runOperation).toHaveBeenCalledWith('/hydriver/hyDriver/approve', { ids: ['p1'] }, undefined));
    expect(await screen.findByText('审核通过成功!')).toBeInTheDocument();
    await waitFor(() => expect(data.getList.mock.calls.length).toBeGreaterThan(callsBefore));
  });

  it('asks for the rejection reason in a dialog, checks it, and keeps the dialog on a server refusal', async () => {
    const user = userEvent.setup();
    const data = stubData(records);
    data.runOperation.mockRejectedValueOnce(Object.assign(new Error('只有待审核的记录可以驳回'), { fieldErrors: [] }));
    data.runOperation.mockResolvedValueOnce({ message: '驳回成功!' });
    renderWithServices(<ListPage entity={driverEntity} />, { data, dicts: dictionaries, access: accessTo(list, code('reject')) });
    await screen.findByText('待审张三');
    expect(within(rowOf('已过李四')).queryByRole('button', { name: '驳回' })).not.toBeInTheDocument();
    await user.click(within(rowOf('待审张三')).getByRole('button', { name: '驳回' }));

    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    const reason = within(dialog).getByLabelText(/驳回原因/);
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入驳回原因')).toBeInTheDocument();
    expect(data.runOperation).not.toHaveBeenCalled();

    await user.type(reason, '证件模糊');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('只有待审核的记录可以驳回')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    // The button's name carries "loading" while its spinner fades out.
    await user.click(within(dialog).getByRole('button', { name: /确定/ }));
    expect(await screen.findByText('驳回成功!')).toBeInTheDocument();
    expect(data.runOperation).toHaveBeenLastCalledWith('/hydriver/hyDriver/reject', { ids: ['p1'] }, { reviewRemark: '证件模糊' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 40_000);

  it('runs a batch operation on the selected rows after confirming, and shows the server refusal', async () => {
    const user = userEvent.setup();
    const data = stubData(records);
    data.runOperation.mockRejectedValue(new Error('只有待审核的记录可以审核通过'));
    renderWithServices(<ListPage entity={driverEntity} />, { data, dicts: dictionaries, access: accessTo(list, code('approve')) });
    await screen.findByText('待审张三');
    const batch = screen.getByRole('button', { name: '批量审核通过' });
    expect(batch).toBeDisabled();
    const checkboxes = screen.getAllByRole('checkbox');
    await user.click(checkboxes[1]);
    await user.click(checkboxes[2]);
    await user.click(batch);
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('确定审核通过吗?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(data.runOperation).toHaveBeenCalledWith('/hydriver/hyDriver/approve', { ids: ['p1', 'a1'] }, undefined));
    expect(await screen.findByText('只有待审核的记录可以审核通过')).toBeInTheDocument();
  });

  it('folds more than two row operations under 更多 and offers toolbar operations', async () => {
    const user = userEvent.setup();
    const extra: OperationDef[] = [
      { key: 'blacklist', label: '拉黑', placement: ['row'], route: '/hydriver/blacklist/add' },
      { key: 'approveAll', label: '全部审核通过', placement: ['toolbar'], when: { reviewStatus: ['1'] }, set: { reviewStatus: '2' }, confirm: '确定全部审核通过吗?' },
    ];
    const entity: EntitySchema = { ...driverEntity, operations: [...driverEntity.operations!, ...extra] };
    const data = stubData(records);
    const codes = ['approve', 'reject', 'blacklist', 'approveAll'].map((key) => `${entity.permissionPrefix}:${key}`);
    renderWithServices(<ListPage entity={entity} />, { data, dicts: dictionaries, access: accessTo(list, ...codes) });
    await screen.findByText('待审张三');
    const row = rowOf('待审张三');
    expect(within(row).queryByRole('button', { name: '审核通过' })).not.toBeInTheDocument();
    await user.hover(within(row).getByRole('button', { name: /更多/ }));
    expect(await screen.findByRole('menuitem', { name: '驳回' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: '拉黑' }));
    // A route operation calls the server-written route instead of <api>/<key>.
    await waitFor(() => expect(data.runOperation).toHaveBeenCalledWith('/hydriver/blacklist/add', { ids: ['p1'] }, undefined));
    // The approved row has one applicable operation: it stays inline.
    expect(within(rowOf('已过李四')).getByRole('button', { name: '拉黑' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '全部审核通过' }));
    expect(await screen.findByText('确定全部审核通过吗?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(data.runOperation).toHaveBeenCalledWith('/hydriver/hyDriver/approveAll', { all: true }, undefined));
  });
});
