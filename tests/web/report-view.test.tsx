/** The report renderer: columns with dictionary texts and group headings, a 合计 row, query form, paging and sort. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ReportView from '../../renderers/report/ReportView.tsx';
import { queryParams } from '../../renderers/report/ReportQueryForm.tsx';
import type { EndpointProvider } from '../../src/providers/endpoints.ts';
import { renderWithServices, stubData } from './helpers/render-screen.tsx';

const columns = {
  columns: [
    { dataIndex: 'review_status', title: '审核状态', fieldType: 'string', sorter: 'true', isTotal: '0', groupTitle: null, customRender: 'review_status' },
    { dataIndex: 'drivers', title: '司机数', fieldType: 'integer', sorter: 'true', isTotal: '1', groupTitle: '人数' },
    { dataIndex: 'low_credit', title: '低信用人数', fieldType: 'integer', sorter: 'false', isTotal: '1', groupTitle: '人数' },
    { dataIndex: 'receivable', title: '应收合计(元)', fieldType: 'money', sorter: 'false', isTotal: '1', groupTitle: null },
  ],
  dictOptions: { review_status: [{ value: '1', text: '待审核' }, { value: '2', text: '审核通过' }] },
  fieldHrefSlots: [],
  isGroupTitle: true,
  cgRpConfigId: 'rep1',
  cgRpConfigName: '司机审核统计',
};
const queryInfo = [
  { field: 'review_status', label: '审核状态', view: 'dict', mode: 'single', dictCode: 'review_status' },
  { field: 'drivers', label: '司机数', view: 'number', mode: 'group', dictCode: null, hidden: '1' },
];

function renderReport(options: { queryFails?: boolean; navigate?: (path: string) => void } = {}) {
  const get = vi.fn(async (path: string, params?: Record<string, unknown>) => {
    if (path.includes('getRpColumns/driver_summary')) {
      // With a navigator, 审核状态 links to the driver list filtered by the row's status.
      return options.navigate ? { ...columns, fieldHrefSlots: [{ slotName: 'fieldHref_review_status', href: '/wlhy/hydriver/HyDriverList?reviewStatus=${review_status}&k=${low_credit}' }] } : columns;
    }
    if (path.includes('getQueryInfo/rep1')) {
      if (options.queryFails) throw new Error('没有权限查看查询条件');
      return queryInfo;
    }
    if (path.includes('getData/rep1')) {
      const all = [
        { review_status: '1', drivers: 3, low_credit: '0.1', receivable: 1234.5 },
        { review_status: '2', drivers: 12, low_credit: '0.2', receivable: '26418.03' },
      ];
      const rows = params?.review_status ? all.filter((r) => r.review_status === params.review_status) : all;
      return { total: rows.length, records: rows };
    }
    throw new Error(`unexpected ${path}`);
  });
  const endpoints = { get, post: vi.fn(), download: vi.fn() } as unknown as EndpointProvider;
  renderWithServices(<ReportView code="driver_summary" />, { data: stubData(), endpoints, navigate: options.navigate });
  return get;
}

describe('report view', () => {
  it('shows the report with dictionary texts, grouped headings and an exact 合计 row', async () => {
    renderReport();
    expect(await screen.findByText('司机审核统计')).toBeInTheDocument();
    expect(await screen.findByText('审核通过')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '人数' })).toBeInTheDocument();
    const total = screen.getByText('合计').closest('tr')!;
    expect(within(total).getByText('15')).toBeInTheDocument();
    expect(within(total).getByText('0.3')).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
  });

  it('shows money like a list’s money cells: two decimals and thousands separators, in the 合计 row too (issue 22, item 9)', async () => {
    renderReport();
    expect(await screen.findByRole('cell', { name: '1,234.50' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '26,418.03' })).toBeInTheDocument();
    const total = screen.getByText('合计').closest('tr')!;
    expect(within(total).getByText('27,652.53')).toBeInTheDocument();
  });

  it('sends the query form’s values and sorts on the server', async () => {
    const user = userEvent.setup();
    const get = renderReport();
    await screen.findByText('审核通过');
    await user.click(screen.getByRole('combobox', { name: '审核状态' }));
    await user.click((await screen.findAllByTitle('待审核')).at(-1)!);
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: '审核通过' })).not.toBeInTheDocument());
    expect(get).toHaveBeenLastCalledWith('/online/cgreport/api/getData/rep1', expect.objectContaining({ review_status: '1', pageNo: 1 }));
    await user.click(screen.getByRole('columnheader', { name: /^司机数/ }));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/online/cgreport/api/getData/rep1', expect.objectContaining({ column: 'drivers', order: 'asc' })));
  });

  it('follows a column link filled from the row, through the shell', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    renderReport({ navigate });
    await user.click(await screen.findByRole('link', { name: '审核通过' }));
    expect(navigate).toHaveBeenCalledWith('/wlhy/hydriver/HyDriverList?reviewStatus=2&k=0.2');
  });

  it('keeps the table when the query form cannot load, and says why', async () => {
    renderReport({ queryFails: true });
    expect(await screen.findByText('查询条件加载失败：没有权限查看查询条件')).toBeInTheDocument();
    expect(await screen.findByText('审核通过')).toBeInTheDocument();
  });

  it('turns ranges into _begin/_end parameters', () => {
    expect(queryParams(queryInfo as never, { review_status: '2', drivers_begin: 2, drivers_end: 5 })).toEqual({ review_status: '2', drivers_begin: '2', drivers_end: '5' });
  });
});
