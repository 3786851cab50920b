/** The list-page rules of the issue: collapsed query items, cell formats, paging, 列设置, permissions, URL state. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { permissionCode } from '../../src/contracts/index.ts';
import type { EntitySchema } from '../../src/contracts/index.ts';
import { createAccess } from '../../src/providers/access.ts';
import ListPage from '../../renderers/list-page/ListPage.tsx';
import { dictionaries, driverEntity } from './fixtures/driver.ts';
import { accessTo, renderWithServices, stubData } from './helpers/render-screen.tsx';

const waybillEntity: EntitySchema = {
  kind: 'entity',
  name: 'testWaybill',
  title: '运单',
  table: 'test_waybill',
  api: '/test/waybill',
  permissionPrefix: 'test:waybill',
  fields: {
    waybillNo: { label: '运单号', type: 'string' },
    freight: { label: '运费', type: 'money' },
    remark: { label: '备注', type: 'text' },
    loadTime: { label: '装货时间', type: 'datetime' },
    planDay: { label: '计划日期', type: 'date' },
    insured: { label: '已投保', type: 'boolean' },
    carrier: { label: '承运人', type: 'string' },
  },
  list: {
    columns: ['waybillNo', 'freight', 'remark', 'loadTime', 'planDay', 'insured'],
    query: [{ field: 'waybillNo' }, { field: 'remark', hidden: true }, 'carrier', 'freight'],
  },
  form: { fields: ['waybillNo'] },
};

const LONG_REMARK = '这是一段超过二十五个字符的很长很长的备注文字，需要省略显示并给出提示';

const waybills = [
  {
    id: 'w'.repeat(64),
    waybillNo: 'YD001',
    freight: 1234567.5,
    remark: LONG_REMARK,
    loadTime: '2024-05-01T08:09:10',
    planDay: '2024-05-03 00:00:00',
    insured: true,
  },
  { id: 'w2', waybillNo: 'YD002', freight: '800', remark: '短备注', loadTime: null, planDay: null, insured: false },
];

const allDriverActions = (['list', 'add', 'edit', 'delete'] as const).map((a) => permissionCode(driverEntity, a));

describe('list-page query form', () => {
  it('shows the first three items, folds the rest behind 展开/收起, and collapsed values still filter', async () => {
    const user = userEvent.setup();
    const data = stubData({ records: [], total: 0 });
    renderWithServices(<ListPage entity={driverEntity} />, { data, dicts: dictionaries });
    const search = await screen.findByRole('search', { name: '司机查询' });
    expect(within(search).getByLabelText('姓名')).toBeVisible();
    expect(within(search).getByLabelText('身份证号')).toBeVisible();
    expect(within(search).getByLabelText('审核状态')).not.toBeVisible();
    expect(within(search).getByLabelText('准驾车型')).not.toBeVisible();

    await user.click(within(search).getByRole('button', { name: /展开/ }));
    expect(within(search).getByLabelText('审核状态')).toBeVisible();
    await user.click(within(search).getByLabelText('审核状态'));
    const options = await screen.findAllByTitle('审核通过');
    await user.click(options[options.length - 1]);
    await user.click(within(search).getByRole('button', { name: /收起/ }));
    expect(within(search).getByLabelText('审核状态')).not.toBeVisible();

    await user.click(within(search).getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(data.getList.mock.calls.at(-1)?.[1].filters).toEqual([{ field: 'reviewStatus', op: 'eq', value: '2' }]),
    );
  });

  it('offers a filter fed by another entity only to callers who may list that entity', async () => {
    const carrierEntity: EntitySchema = { ...waybillEntity, name: 'testCarrier', title: '承运商', permissionPrefix: 'test:carrier' };
    const vehicleEntity: EntitySchema = {
      ...waybillEntity,
      name: 'testVehicle',
      title: '车辆',
      permissionPrefix: 'test:vehicle',
      fields: {
        plate: { label: '车牌号', type: 'string' },
        carrierId: { label: '所属承运商', type: 'string', dict: 'test_carrier_dict', references: 'testCarrier' },
      },
      list: { columns: ['plate', 'carrierId'], query: ['plate', 'carrierId'] },
    };
    const entities = { findByName: async () => carrierEntity, peekByName: (name: string) => (name === 'testCarrier' ? carrierEntity : undefined) };
    const carriers = { test_carrier_dict: [{ value: 'c1', text: '顺达物流', title: '顺达物流', label: '顺达物流' }] };
    const data = stubData({ records: [], total: 0 });
    const staff = renderWithServices(<ListPage entity={vehicleEntity} />, {
      data, dicts: carriers, entities, access: accessTo('test:vehicle:list', 'test:carrier:list'),
    });
    expect(within(await screen.findByRole('search', { name: '车辆查询' })).getByLabelText('所属承运商')).toBeInTheDocument();
    staff.unmount();

    renderWithServices(<ListPage entity={vehicleEntity} />, { data, dicts: carriers, entities, access: accessTo('test:vehicle:list') });
    const search = await screen.findByRole('search', { name: '车辆查询' });
    expect(within(search).getByLabelText('车牌号')).toBeInTheDocument();
    expect(within(search).queryByLabelText('所属承运商')).not.toBeInTheDocument();
  });

  it('collapses items the schema marks hidden, even among the first three', async () => {
    renderWithServices(<ListPage entity={waybillEntity} />, { data: stubData({ records: [], total: 0 }) });
    const search = await screen.findByRole('search', { name: '运单查询' });
    expect(within(search).getByLabelText('运单号')).toBeVisible();
    expect(within(search).getByLabelText('承运人')).toBeVisible();
    expect(within(search).getByLabelText('备注')).not.toBeVisible();
    expect(within(search).getByRole('button', { name: /展开/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens already expanded when a collapsed item filters from the URL', async () => {
    renderWithServices(<ListPage entity={driverEntity} search="?reviewStatus=1" />, { data: stubData(), dicts: dictionaries });
    const search = await screen.findByRole('search');
    expect(within(search).getByRole('button', { name: /收起/ })).toBeInTheDocument();
    expect(within(search).getByLabelText('审核状态')).toBeVisible();
  });
});

describe('list-page cells', () => {
  it('formats money, datetimes, dates and booleans, and cuts long text with a tooltip', async () => {
    const user = userEvent.setup();
    renderWithServices(<ListPage entity={waybillEntity} />, { data: stubData({ records: waybills, total: 2 }) });
    expect(await screen.findByText('1,234,567.50')).toBeInTheDocument();
    expect(screen.getByText('800.00')).toBeInTheDocument();
    expect(screen.getByText('2024-05-01 08:09:10')).toBeInTheDocument();
    expect(screen.getByText('2024-05-03')).toBeInTheDocument();
    expect(screen.getByText('是')).toBeInTheDocument();
    expect(screen.getByText('否')).toBeInTheDocument();
    expect(screen.getByText('短备注')).toBeInTheDocument();

    const cut = screen.getByText(`${Array.from(LONG_REMARK).slice(0, 25).join('')}…`);
    expect(screen.queryByText(LONG_REMARK)).not.toBeInTheDocument();
    await user.hover(cut);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG_REMARK);
  });

  it('keys rows by the id cut to 50 characters but deletes by the whole id', async () => {
    const user = userEvent.setup();
    const data = stubData({ records: waybills, total: 2 });
    renderWithServices(<ListPage entity={waybillEntity} />, { data });
    const cell = await screen.findByText('YD001');
    expect(cell.closest('tr')).toHaveAttribute('data-row-key', 'w'.repeat(50));
    await user.click(within(cell.closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('确定要删除这 1 项吗?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(data.deleteMany).toHaveBeenCalledWith('/test/waybill', ['w'.repeat(64)]));
  });
});

describe('list-page paging and column settings', () => {
  it('pages on the server with 共 N 条, a size changer and a quick jumper', async () => {
    const data = stubData({ records: waybills, total: 95 });
    renderWithServices(
      <ConfigProvider locale={zhCN}>
        <ListPage entity={waybillEntity} />
      </ConfigProvider>,
      { data },
    );
    expect(await screen.findByText('共 95 条')).toBeInTheDocument();
    expect(screen.getByText('10 条/页')).toBeInTheDocument();
    expect(screen.getByText(/跳至/)).toBeInTheDocument();
    expect(data.getList.mock.calls[0][1]).toMatchObject({ page: 1, pageSize: 10 });
    const user = userEvent.setup();
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(data.getList.mock.calls.at(-1)?.[1]).toMatchObject({ page: 2, pageSize: 10 }));
  });

  it('hides and shows columns from 列设置, remembers it per entity, and resets', async () => {
    const user = userEvent.setup();
    const first = renderWithServices(<ListPage entity={driverEntity} />, { data: stubData({ records: [], total: 0 }), dicts: dictionaries });
    await screen.findByRole('columnheader', { name: /手机号/ });
    await user.click(screen.getByRole('button', { name: '列设置' }));
    const group = await screen.findByRole('group', { name: '列设置' });
    await user.click(within(group).getByRole('checkbox', { name: '手机号' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /手机号/ })).not.toBeInTheDocument());

    first.unmount();
    renderWithServices(<ListPage entity={driverEntity} />, { data: stubData({ records: [], total: 0 }), dicts: dictionaries });
    await screen.findByRole('columnheader', { name: /姓名/ });
    expect(screen.queryByRole('columnheader', { name: /手机号/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '列设置' }));
    await user.click(within(await screen.findByRole('group', { name: '列设置' })).getByRole('button', { name: '重置' }));
    expect(await screen.findByRole('columnheader', { name: /手机号/ })).toBeInTheDocument();
  });
});

describe('list-page permissions', () => {
  const rules = (auth: Array<[string, '1' | '2']>, allAuth: Array<[string, '1' | '2', '0' | '1']>) =>
    createAccess({
      auth: auth.map(([action, type]) => ({ action: `hydriver:hyDriver:${action}`, type, describe: action })),
      allAuth: allAuth.map(([action, type, status]) => ({ action: `hydriver:hyDriver:${action}`, type, status, describe: action })),
    });

  it('removes controls without permission, keeps switched-off ones, and disables under a type-2 rule', async () => {
    renderWithServices(<ListPage entity={driverEntity} />, {
      data: stubData({ records: [{ id: 'd1', driverName: '张三' }], total: 1 }),
      dicts: dictionaries,
      access: rules(
        [['list', '1']],
        [
          ['add', '1', '0'],
          ['edit', '1', '1'],
          ['delete', '2', '1'],
        ],
      ),
    });
    expect(await screen.findByText('张三')).toBeInTheDocument();
    // add: rule switched off → shown and usable.
    expect(screen.getByRole('button', { name: '新增' })).toBeEnabled();
    // edit: active type-1 rule the user lacks → removed.
    expect(screen.queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    // delete: active type-2 rule the user lacks → shown, disabled.
    expect(screen.getByRole('button', { name: '删除' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '批量删除' })).toBeDisabled();
  });

  it('hides a column whose active type-1 column rule the user lacks', async () => {
    renderWithServices(<ListPage entity={driverEntity} />, {
      data: stubData({ records: [], total: 0 }),
      dicts: dictionaries,
      access: rules([['telephone', '1']], [
        ['idCard', '1', '1'],
        ['telephone', '1', '1'],
      ]),
    });
    expect(await screen.findByRole('columnheader', { name: /手机号/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /身份证号/ })).not.toBeInTheDocument();
    // 列设置 offers only the columns the user may see.
    await userEvent.setup().click(screen.getByRole('button', { name: '列设置' }));
    const group = await screen.findByRole('group', { name: '列设置' });
    expect(within(group).queryByRole('checkbox', { name: '身份证号' })).not.toBeInTheDocument();
  });
});

describe('list-page URL state', () => {
  it('writes page, sort and filters to the URL and follows the URL back', async () => {
    const user = userEvent.setup();
    const onSearchChange = vi.fn<(search: string, how: 'push' | 'replace') => void>();
    const data = stubData({ records: [{ id: 'd1', driverName: '张三' }], total: 40 });
    // Stands in for the router: a written query string comes back as the `search` prop, as in the app.
    const router: { go?: (search: string) => void } = {};
    function Routed() {
      const [search, setSearch] = useState('');
      router.go = setSearch;
      return (
        <ListPage
          entity={driverEntity}
          search={search}
          onSearchChange={(next, how) => {
            onSearchChange(next, how);
            setSearch(next);
          }}
        />
      );
    }
    renderWithServices(<Routed />, { data, dicts: dictionaries, access: accessTo(...allDriverActions) });
    await screen.findByText('张三');

    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(onSearchChange).toHaveBeenLastCalledWith('?pageNo=2', 'push'));

    await user.type(within(screen.getByRole('search')).getByLabelText('姓名'), '王');
    await user.click(screen.getByRole('button', { name: '查询' }));
    // A new query starts again at page 1, which the URL leaves out.
    await waitFor(() => expect(onSearchChange).toHaveBeenLastCalledWith('?driverName=%E7%8E%8B', 'push'));

    // Back: the shell hands the older query string in; the list and its form follow it without writing again.
    const calls = onSearchChange.mock.calls.length;
    act(() => router.go?.('?pageNo=2'));
    await waitFor(() => expect(data.getList.mock.calls.at(-1)?.[1]).toMatchObject({ page: 2, filters: [] }));
    expect(within(screen.getByRole('search')).getByLabelText('姓名')).toHaveValue('');
    expect(onSearchChange).toHaveBeenCalledTimes(calls);

    act(() => router.go?.('?column=driverName&order=asc'));
    await waitFor(() =>
      expect(data.getList.mock.calls.at(-1)?.[1]).toMatchObject({ page: 1, sort: { field: 'driverName', order: 'asc' } }),
    );
    expect(screen.getByRole('columnheader', { name: /姓名/ })).toHaveAttribute('aria-sort', 'ascending');
  });
});
