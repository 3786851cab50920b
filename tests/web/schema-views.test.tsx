/** The tree-list and detail renderers and the form's layout options (groups, tabs, columns, page mode). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createStaticDictProvider } from '../../src/providers/dicts.ts';
import { permissionCode } from '../../src/contracts/index.ts';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import categoryJson from '../fixtures/entities/test-category.entity.json';
import TreeList from '../../renderers/tree-list/TreeList.tsx';
import DetailView from '../../renderers/detail/DetailView.tsx';
import EntityForm from '../../renderers/form/EntityForm.tsx';
import ListPage from '../../renderers/list-page/ListPage.tsx';
import { entityScreenType } from '../../renderers/node-types.ts';
import { dictionaries, driverEntity } from './fixtures/driver.ts';
import { accessTo, renderWithServices, stubData } from './helpers/render-screen.tsx';

const category = categoryJson as unknown as EntitySchema;
const all = (entity: EntitySchema) => (['list', 'add', 'edit', 'delete'] as const).map((a) => permissionCode(entity, a));

const roots: WireRecord[] = [
  { id: 'c1', pid: '0', hasChild: '1', name: '煤炭', code: 'A' },
  { id: 'c2', pid: '0', hasChild: '0', name: '钢材', code: 'B' },
];

describe('tree-list renderer', () => {
  it('is chosen for entities with a tree', () => {
    expect(entityScreenType(category)).toBe('tree-list');
    expect(entityScreenType(driverEntity)).toBe('list-page');
  });

  it('shows roots, expands only nodes with children and loads their children on expand', async () => {
    const data = stubData({ records: roots, total: 2 });
    data.getChildren.mockResolvedValue([{ id: 'c11', pid: 'c1', hasChild: '0', name: '无烟煤', code: 'A1' }]);
    const user = userEvent.setup();
    renderWithServices(<TreeList entity={category} />, { data, access: accessTo(...all(category)) });

    const coalRow = (await screen.findByText('煤炭')).closest('tr')!;
    const steelRow = screen.getByText('钢材').closest('tr')!;
    expect(within(steelRow).queryByRole('button', { expanded: false })).not.toBeInTheDocument();
    expect(screen.queryByText('无烟煤')).not.toBeInTheDocument();
    expect(data.getChildren).not.toHaveBeenCalled();

    await user.click(within(coalRow).getByRole('button', { expanded: false }));
    expect(await screen.findByText('无烟煤')).toBeInTheDocument();
    expect(data.getChildren).toHaveBeenCalledWith('/test/testCategory', 'c1', { field: 'code', order: 'asc' });
    expect(within(coalRow).getByRole('button', { name: '添加子级' })).toBeInTheDocument();
    expect(within(coalRow).getByRole('button', { name: '详情' })).toBeInTheDocument();
  });

  it('opens 添加子级 with the parent filled in, and saves it under that parent', async () => {
    const data = stubData({ records: roots, total: 2 });
    const user = userEvent.setup();
    renderWithServices(<TreeList entity={category} />, { data, access: accessTo(...all(category)) });
    const coalRow = (await screen.findByText('煤炭')).closest('tr')!;
    await user.click(within(coalRow).getByRole('button', { name: '添加子级' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增测试分类')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/分类名称/), '烟煤');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(data.create).toHaveBeenCalled());
    expect(data.create.mock.calls[0][1]).toMatchObject({ pid: 'c1', name: '烟煤' });
  });

  it('offers only 详情 to a user who may just list', async () => {
    const data = stubData({ records: roots, total: 2 });
    renderWithServices(<TreeList entity={category} />, { data, access: accessTo(permissionCode(category, 'list')) });
    const coalRow = (await screen.findByText('煤炭')).closest('tr')!;
    expect(within(coalRow).getByRole('button', { name: '详情' })).toBeInTheDocument();
    expect(within(coalRow).queryByRole('button', { name: '添加子级' })).not.toBeInTheDocument();
    expect(within(coalRow).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
  });

  it('deletes the checked nodes after the 确定要删除这 N 项吗? confirmation', async () => {
    const data = stubData({ records: roots, total: 2 });
    const user = userEvent.setup();
    renderWithServices(<TreeList entity={category} />, { data, access: accessTo(...all(category)) });
    const coalRow = (await screen.findByText('煤炭')).closest('tr')!;
    expect(screen.getByRole('button', { name: '批量删除' })).toBeDisabled();
    await user.click(within(coalRow).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('确定要删除这 1 项吗?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(data.deleteMany).toHaveBeenCalledWith(category.api, ['c1']));
  });

  it('offers 导出 and 导入 with their permissions', async () => {
    const data = stubData({ records: roots, total: 2 });
    const codes = (['list', 'exportXls', 'importExcel'] as const).map((a) => permissionCode(category, a));
    renderWithServices(<TreeList entity={category} />, { data, access: accessTo(...codes) });
    await screen.findByText('煤炭');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导\s*入/ })).toBeInTheDocument();
  });
});

describe('tree parent picker', () => {
  it('shows the current parent by name, lists roots, and will not pick the node itself', async () => {
    const data = stubData({ records: roots, total: 2 });
    const byId: Record<string, WireRecord> = {
      c1: roots[0],
      c12: { id: 'c12', pid: 'c1', hasChild: '0', name: '焦煤', code: 'A2' },
    };
    data.getOne.mockImplementation(async (_api, id) => byId[String(id)]);
    const user = userEvent.setup();
    renderWithServices(<EntityForm entity={category} mode="edit" recordId="c1" open onClose={vi.fn()} onSaved={vi.fn()} />, { data });
    const dialog = await screen.findByRole('dialog');
    const picker = await within(dialog).findByRole('combobox', { name: /上级分类/ });
    // c1 is a root: the picker starts empty, with the hint that empty means top level.
    expect(within(dialog).getByText('请选择上级分类（不选为顶级）')).toBeInTheDocument();
    await user.click(picker);
    const self = await screen.findByTitle('煤炭');
    expect(self.closest('.ant-select-tree-treenode')).toHaveClass('ant-select-tree-treenode-disabled');
    await user.click(screen.getByTitle('钢材'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(data.update).toHaveBeenCalled());
    expect(data.update.mock.calls[0][2]).toMatchObject({ pid: 'c2' });
  });
});

describe('detail renderer', () => {
  const withDetail: EntitySchema = {
    ...driverEntity,
    fields: { ...driverEntity.fields, freight: { label: '运费', type: 'money' }, photo: { label: '照片', type: 'image' } },
    detail: { columns: 3, fields: ['driverName', 'reviewStatus', 'freight', 'createTime', 'photo'] },
  };
  const record: WireRecord = {
    id: 'd1',
    driverName: '张三',
    reviewStatus: '2',
    freight: 1234567.5,
    createTime: '2024-05-01T08:00:00',
    photo: 'hy_driver/20260101/a.png',
  };

  it('lays the fields out in the declared columns with values formatted by type', async () => {
    const data = stubData({ records: [], total: 0 }, record);
    renderWithServices(<DetailView entity={withDetail} recordId="d1" open onClose={vi.fn()} />, { data, dicts: dictionaries });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('司机详情')).toBeInTheDocument();
    expect(await within(dialog).findByText('张三')).toBeInTheDocument();
    expect(within(dialog).getByText('审核通过')).toBeInTheDocument();
    expect(within(dialog).getByText('1,234,567.50')).toBeInTheDocument();
    expect(within(dialog).getByText('2024-05-01 08:00:00')).toBeInTheDocument();
    expect(within(dialog).getByText('运费')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByAltText('a.png')).toHaveAttribute('src', '/signed/hy_driver/20260101/a.png'));
    // Three label/value pairs per row: the first row holds 姓名, 审核状态 and 运费.
    const firstRow = within(dialog).getAllByRole('row')[0];
    expect(within(firstRow).getAllByRole('cell').length + within(firstRow).queryAllByRole('rowheader').length).toBeGreaterThanOrEqual(3);
    expect(firstRow).toHaveTextContent(/姓名.*审核状态.*运费/);
    expect(data.getOne).toHaveBeenCalledWith('/hydriver/hyDriver', 'd1');
  });

  it('shows a referenced field by the text the record brings, without asking for that entity\'s dictionary', async () => {
    const withCarrier: EntitySchema = {
      ...withDetail,
      fields: { ...withDetail.fields, carrierId: { label: '所属承运商', type: 'string', dict: 'test_carrier_dict', references: 'testCarrier' } },
      detail: { columns: 2, fields: ['driverName', 'reviewStatus', 'carrierId'] },
    };
    const dictProvider = createStaticDictProvider(dictionaries);
    const load = vi.spyOn(dictProvider, 'load');
    const data = stubData({ records: [], total: 0 }, { ...record, carrierId: 'c1', carrierId_dictText: '顺达物流' });
    renderWithServices(<DetailView entity={withCarrier} recordId="d1" open onClose={vi.fn()} />, { data, dictProvider });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('顺达物流')).toBeInTheDocument();
    expect(load.mock.calls.map(([code]) => code)).not.toContain('test_carrier_dict');
  });

  it('is opened by the 详情 row action of a list page, with list permission alone', async () => {
    const data = stubData({ records: [record], total: 1 }, record);
    const user = userEvent.setup();
    renderWithServices(<ListPage entity={withDetail} />, { data, dicts: dictionaries, access: accessTo(permissionCode(withDetail, 'list')) });
    const row = (await screen.findByText('张三')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '详情' }));
    expect(await screen.findByText('司机详情')).toBeInTheDocument();
    expect(await screen.findByText('1,234,567.50')).toBeInTheDocument();
  });
});

describe('form layout', () => {
  it('puts fields on tabs and brings forward the tab of the first error', async () => {
    const data = stubData();
    const user = userEvent.setup();
    const entity: EntitySchema = {
      ...category,
      fields: { ...category.fields, remark: { label: '备注', type: 'text', maxLength: 200, required: true } },
    };
    renderWithServices(<EntityForm entity={entity} mode="add" open onClose={vi.fn()} onSaved={vi.fn()} />, { data });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: '基本信息' })).toHaveAttribute('aria-selected', 'true');
    await user.type(within(dialog).getByLabelText(/分类名称/), '煤炭');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    // 备注 is required and sits on the 运价 tab, which the user never opened.
    await waitFor(() => expect(within(dialog).getByRole('tab', { name: /运价/ })).toHaveAttribute('aria-selected', 'true'));
    expect(within(dialog).getByLabelText('有错误')).toBeInTheDocument();
    expect(await within(dialog).findByText(/请输入备注|备注.*必填|不能为空/)).toBeInTheDocument();
    expect(data.create).not.toHaveBeenCalled();
  });

  it('draws titled groups in a multi-column grid', async () => {
    const entity: EntitySchema = {
      ...category,
      tree: undefined,
      form: { fields: ['name', 'code', 'price', 'remark'], columns: 3, groups: [{ title: '运价信息', fields: ['price', 'remark'] }] },
    };
    renderWithServices(<EntityForm entity={entity} mode="add" open onClose={vi.fn()} onSaved={vi.fn()} />, { data: stubData() });
    const dialog = await screen.findByRole('dialog');
    const group = within(dialog).getByRole('region', { name: '运价信息' });
    expect(within(group).getByLabelText(/参考运价/)).toBeInTheDocument();
    expect(within(group).queryByLabelText(/分类名称/)).not.toBeInTheDocument();
    // Three columns: a short input takes a third of the row; long text the whole row.
    expect(within(dialog).getByLabelText(/分类名称/).closest('.ant-col-8')).not.toBeNull();
    expect(within(group).getByLabelText(/备注/).closest('.ant-col-8')).toBeNull();
  });

  it('opens in page mode in place of the list, and goes back with 返回', async () => {
    const entity: EntitySchema = { ...driverEntity, form: { ...driverEntity.form, mode: 'page' } };
    const data = stubData({ records: [{ id: 'd1', driverName: '张三' }], total: 1 });
    const user = userEvent.setup();
    renderWithServices(<ListPage entity={entity} />, { data, dicts: dictionaries, access: accessTo(...all(entity)) });
    await screen.findByText('张三');
    await user.click(screen.getByRole('button', { name: '新增' }));
    expect(await screen.findByText('新增司机', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('张三')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回' }));
    expect(await screen.findByText('张三')).toBeInTheDocument();
  });
});
