/**
 * The showcase fixture — every field type, dictionary widget and view in one schema file — rendered by the engine
 * with no code of its own: list with every cell type, the add form on tabs, the detail view in groups, operations.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DictModel, EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import showcaseJson from '../fixtures/entities/showcase.entity.json';
import ListPage from '../../renderers/list-page/ListPage.tsx';
import { renderWithServices, stubData } from './helpers/render-screen.tsx';

const showcase = showcaseJson as unknown as EntitySchema;

const item = (value: string, text: string): DictModel => ({ value, text, title: text, label: text });
const dicts = {
  review_status: [item('1', '待审核'), item('2', '审核通过'), item('3', '审核驳回')],
  driver_type: [item('1', '个体司机'), item('2', '车队司机')],
  driving_license_class: [item('A1', 'A1'), item('B2', 'B2'), item('C1', 'C1')],
};

const record: WireRecord = {
  id: 's1',
  code: 'SC-001',
  phone: '139****5678',
  remark: '这是一段很长很长的说明文字，超过二十五个字符的部分会被截断并在提示中显示完整内容',
  seats: 5,
  weight: 12.5,
  freight: 1234567.5,
  loadDate: '2026-11-20',
  arriveTime: '2026-11-21 08:30:00',
  urgent: true,
  status: '1',
  status_dictText: '待审核',
  ownerType: '1',
  classes: 'A1,B2',
  classList: 'C1',
  driver: 'd1',
  driver_dictText: '张三',
  labels: 'ab,cd',
  depart: 'd-ops',
  depart_dictText: '运营部',
  handlers: 'admin,ops',
  handlers_dictText: '系统管理员,运营专员',
  body: '<p>正文</p>',
  location: '109.78,39.61',
  createTime: '2026-11-21 09:00:00',
};

describe('the showcase screen, made of one schema file', () => {
  it('lists every type of cell the way a person reads it', async () => {
    renderWithServices(<ListPage entity={showcase} />, { data: stubData({ records: [record], total: 1 }, record), dicts });
    const row = (await screen.findByText('SC-001')).closest('tr')!;
    expect(within(row).getByText('1,234,567.50')).toBeInTheDocument();
    expect(within(row).getByText('待审核')).toBeInTheDocument();
    expect(within(row).getByText('运营部')).toBeInTheDocument();
    expect(within(row).getByText('系统管理员,运营专员')).toBeInTheDocument();
    expect(within(row).getByText('张三')).toBeInTheDocument();
    expect(within(row).getByText('是')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-21 08:30:00')).toBeInTheDocument();
    expect(within(row).getByText('139****5678')).toBeInTheDocument();
    // Query items past the third are folded away.
    expect(screen.getByRole('button', { name: /展开/ })).toBeInTheDocument();
    // Operations allowed on a pending row.
    expect(within(row).getByRole('button', { name: '审核通过' })).toBeInTheDocument();
  });

  it('opens the add form on its three tabs', async () => {
    const user = userEvent.setup();
    renderWithServices(<ListPage entity={showcase} />, { data: stubData({ records: [record], total: 1 }, record), dicts });
    await screen.findByText('SC-001');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增全类型样例')).toBeInTheDocument();
    for (const tab of ['基本信息', '选择', '附件与正文']) expect(within(dialog).getByRole('tab', { name: tab })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('编号')).toBeInTheDocument();
  });

  it('shows the details in their groups', async () => {
    const user = userEvent.setup();
    renderWithServices(<ListPage entity={showcase} />, { data: stubData({ records: [record], total: 1 }, record), dicts });
    const row = (await screen.findByText('SC-001')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '详情' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('全类型样例详情')).toBeInTheDocument());
    for (const group of ['概要', '人员与选择']) expect(within(dialog).getByText(group)).toBeInTheDocument();
    expect(await within(dialog).findByText('1,234,567.50')).toBeInTheDocument();
  });
});
