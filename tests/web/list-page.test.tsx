import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { permissionCode } from '../../src/contracts/index.ts';
import ListPage from '../../renderers/list-page/ListPage.tsx';
import { dictionaries, driverEntity, VALID_ID_CARD } from './fixtures/driver.ts';
import { accessTo, renderWithServices, stubData } from './helpers/render-screen.tsx';

const rows = [
  {
    id: 'd1',
    driverName: '张三',
    idCard: VALID_ID_CARD,
    telephone: '13800138000',
    vehicleClass: 'B2',
    ownerType: '1',
    ownerType_dictText: '个体司机',
    reviewStatus: '2',
    reviewStatus_dictText: '审核通过',
    createTime: '2024-05-01 08:00:00',
  },
  {
    id: 'd2',
    driverName: '李四',
    idCard: '420102199003071232',
    telephone: '13900139000',
    vehicleClass: 'A2',
    ownerType: '3',
    // No server translation: the cached dictionary supplies the text.
    reviewStatus: '3',
    createTime: '2024-05-02 09:30:00',
  },
];

const everything = (['list', 'add', 'edit', 'delete'] as const).map((a) => permissionCode(driverEntity, a));

describe('list-page renderer', () => {
  it('shows rows with dictionary texts and masked id cards', async () => {
    const data = stubData({ records: rows, total: 2 });
    renderWithServices(<ListPage entity={driverEntity} />, { data, dicts: dictionaries, access: accessTo(...everything) });

    expect(await screen.findByText('张三')).toBeInTheDocument();
    expect(screen.getByText('110***********002X')).toBeInTheDocument();
    expect(screen.queryByText(VALID_ID_CARD)).not.toBeInTheDocument();
    expect(screen.getByText('审核通过')).toBeInTheDocument();
    expect(screen.getByText('审核驳回')).toBeInTheDocument();
    expect(screen.getByText('车队司机')).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /操作/ })).toBeInTheDocument();

    expect(data.getList).toHaveBeenCalledTimes(1);
    expect(data.getList).toHaveBeenCalledWith(
      '/hydriver/hyDriver',
      { page: 1, pageSize: 10, sort: { field: 'createTime', order: 'desc' }, filters: [] },
      expect.any(AbortSignal),
    );
  });

  it('shows 新增, 编辑 and 删除 only with their permissions', async () => {
    const data = stubData({ records: rows, total: 2 });
    renderWithServices(<ListPage entity={driverEntity} />, {
      data,
      dicts: dictionaries,
      access: accessTo(permissionCode(driverEntity, 'list')),
    });
    expect(await screen.findByText('张三')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '批量删除' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(screen.queryByText('删除')).not.toBeInTheDocument();
    // The list permission alone still opens a record's details.
    expect(screen.getAllByText('详情').length).toBe(2);
    expect(screen.getByRole('button', { name: '查询' })).toBeInTheDocument();
  });

  it('shows 新增 with the add permission', async () => {
    renderWithServices(<ListPage entity={driverEntity} />, {
      data: stubData({ records: rows, total: 2 }),
      dicts: dictionaries,
      access: accessTo(permissionCode(driverEntity, 'add')),
    });
    expect(await screen.findByRole('button', { name: '新增' })).toBeInTheDocument();
  });

  it('pre-fills the query form from the URL and filters with it', async () => {
    const data = stubData({ records: [], total: 0 });
    renderWithServices(<ListPage entity={driverEntity} search="?reviewStatus=1&driverName=王" />, {
      data,
      dicts: dictionaries,
    });
    await waitFor(() => expect(data.getList).toHaveBeenCalled());
    expect(data.getList.mock.calls[0][1].filters).toEqual([
      { field: 'driverName', op: 'contains', value: '王' },
      { field: 'reviewStatus', op: 'eq', value: '1' },
    ]);
    const search = screen.getByRole('search');
    expect(within(search).getByLabelText('姓名')).toHaveValue('王');
    expect(within(search).getByText('待审核')).toBeInTheDocument();
  });

  it('queries with like filters and resets to none', async () => {
    const user = userEvent.setup();
    const data = stubData({ records: rows, total: 2 });
    renderWithServices(<ListPage entity={driverEntity} />, { data, dicts: dictionaries });
    await screen.findByText('张三');

    const search = screen.getByRole('search', { name: '司机查询' });
    await user.type(within(search).getByLabelText('手机号'), '138');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(data.getList.mock.calls.at(-1)?.[1].filters).toEqual([{ field: 'telephone', op: 'contains', value: '138' }]),
    );

    await user.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(data.getList.mock.calls.at(-1)?.[1].filters).toEqual([]));
    expect(within(search).getByLabelText('手机号')).toHaveValue('');
  });

  it('asks the server to sort when a sortable header is clicked', async () => {
    const data = stubData({ records: rows, total: 2 });
    renderWithServices(<ListPage entity={driverEntity} />, { data, dicts: dictionaries });
    await screen.findByText('张三');
    fireEvent.click(screen.getByRole('columnheader', { name: /姓名/ }));
    await waitFor(() => expect(data.getList.mock.calls.at(-1)?.[1].sort).toEqual({ field: 'driverName', order: 'asc' }));
    // 身份证号 is not sortable: its header offers no sorter.
    expect(screen.getByRole('columnheader', { name: /身份证号/ })).not.toHaveAttribute('aria-sort');
  });

  it('confirms and deletes the selected rows', async () => {
    const user = userEvent.setup();
    const data = stubData({ records: rows, total: 2 });
    renderWithServices(<ListPage entity={driverEntity} />, { data, dicts: dictionaries, access: accessTo(...everything) });
    await screen.findByText('张三');
    const batch = screen.getByRole('button', { name: '批量删除' });
    expect(batch).toBeDisabled();

    const checkboxes = screen.getAllByRole('checkbox');
    await user.click(checkboxes[1]);
    await user.click(checkboxes[2]);
    expect(batch).toBeEnabled();
    await user.click(batch);
    expect(await screen.findByText('确定要删除这 2 项吗?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(data.deleteMany).toHaveBeenCalledWith('/hydriver/hyDriver', ['d1', 'd2']));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
  });

  it('deletes one row after the 确定删除吗? confirmation', async () => {
    const user = userEvent.setup();
    const data = stubData({ records: rows, total: 2 });
    renderWithServices(<ListPage entity={driverEntity} />, { data, dicts: dictionaries, access: accessTo(...everything) });
    await screen.findByText('张三');
    await user.click(screen.getAllByRole('button', { name: '删除' })[0]);
    expect(await screen.findByText('确定删除吗?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(data.deleteMany).toHaveBeenCalledWith('/hydriver/hyDriver', ['d1']));
  });

  it('opens the add form from 新增 and reloads with the server message after saving', async () => {
    const user = userEvent.setup();
    const data = stubData({ records: rows, total: 2 });
    renderWithServices(<ListPage entity={driverEntity} />, { data, dicts: dictionaries, access: accessTo(...everything) });
    await screen.findByText('张三');
    await user.click(screen.getByRole('button', { name: '新增' }));
    // In jsdom every antd id is "test-id", so the dialog is found by role and its title by text.
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(within(dialog).getByText('新增司机')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/姓名/), '王五');
    await user.type(within(dialog).getByLabelText(/身份证号/), VALID_ID_CARD);
    await user.type(within(dialog).getByLabelText(/手机号/), '13700137000');
    await user.click(within(dialog).getByLabelText(/准驾车型/));
    const options = await screen.findAllByTitle('C1');
    await user.click(options[options.length - 1]);
    const callsBefore = data.getList.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    expect(data.create).toHaveBeenCalledWith('/hydriver/hyDriver', expect.objectContaining({ driverName: '王五', vehicleClass: 'C1' }));
    await waitFor(() => expect(data.getList.mock.calls.length).toBeGreaterThan(callsBefore));
  }, 20_000);

  it('opens the edit form for a row', async () => {
    const user = userEvent.setup();
    const data = stubData({ records: rows, total: 2 }, rows[0]);
    renderWithServices(<ListPage entity={driverEntity} />, { data, dicts: dictionaries, access: accessTo(...everything) });
    await screen.findByText('张三');
    await user.click(screen.getAllByRole('button', { name: '编辑' })[0]);
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(within(dialog).getByText('编辑司机')).toBeInTheDocument();
    expect(data.getOne).toHaveBeenCalledWith('/hydriver/hyDriver', 'd1');
    expect(await screen.findByDisplayValue('张三')).toBeInTheDocument();
  }, 20_000);
});
