import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { permissionCode } from '../../src/contracts/index.ts';
import ListPage from '../../renderers/list-page/ListPage.tsx';
import { dictionaries, driverEntity } from './fixtures/driver.ts';
import { accessTo, renderWithServices, stubData } from './helpers/render-screen.tsx';

const rows = [
  { id: 'd1', driverName: '张三', reviewStatus: '2', createTime: '2024-05-01 08:00:00' },
  { id: 'd2', driverName: '李四', reviewStatus: '1', createTime: '2024-05-02 08:00:00' },
];
const can = (...actions: Array<'list' | 'delete' | 'exportXls' | 'importExcel'>) => accessTo(...actions.map((a) => permissionCode(driverEntity, a)));

describe('Excel buttons on the list page', () => {
  it('appear only with their permissions', async () => {
    renderWithServices(<ListPage entity={driverEntity} />, { data: stubData({ records: rows, total: 2 }), dicts: dictionaries, access: can('list') });
    expect(await screen.findByText('张三')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).not.toBeInTheDocument();
  });

  it('exports the current sort, or only the selected rows when some are selected', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const data = stubData({ records: rows, total: 2 });
    renderWithServices(<ListPage entity={driverEntity} />, { data, dicts: dictionaries, access: can('list', 'exportXls') });
    expect(await screen.findByText('张三')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() =>
      expect(data.exportXls).toHaveBeenCalledWith('/hydriver/hyDriver', { sort: { field: 'createTime', order: 'desc' }, filters: [] }, [], expect.any(Function)),
    );
    await user.click(screen.getAllByRole('checkbox')[1]);
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(data.exportXls).toHaveBeenLastCalledWith('/hydriver/hyDriver', expect.anything(), ['d1'], expect.any(Function)));
  });

  it('shows how much of a streamed export has arrived', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const data = stubData({ records: rows, total: 2 });
    let finish: () => void = () => undefined;
    data.exportXls.mockImplementation(async (_resource, _query, _selections, onProgress) => {
      onProgress?.(300 * 1024);
      await new Promise<void>((resolve) => (finish = resolve));
      return { blob: new Blob(['xlsx']), filename: '司机列表.xlsx' };
    });
    renderWithServices(<ListPage entity={driverEntity} />, { data, dicts: dictionaries, access: can('list', 'exportXls') });
    expect(await screen.findByText('张三')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(await screen.findByText('正在导出… 300 KB')).toBeInTheDocument();
    finish();
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });

  it('reports a partial import with the way to the error report, and reloads the list', async () => {
    const user = userEvent.setup();
    const data = stubData({ records: rows, total: 2 });
    data.importExcel.mockResolvedValue({ code: 201, message: '总上传行数：3，已导入行数：2，错误行数：1', errorFileUrl: '/sys/common/static/errlog/x.xlsx' });
    const { container } = renderWithServices(<ListPage entity={driverEntity} />, { data, dicts: dictionaries, access: can('list', 'importExcel') });
    expect(await screen.findByText('张三')).toBeInTheDocument();
    const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['x'], '司机.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    expect((await screen.findAllByText('总上传行数：3，已导入行数：2，错误行数：1')).length).toBeGreaterThan(0);
    await waitFor(() => expect(data.getList).toHaveBeenCalledTimes(2));
    await user.click(screen.getByRole('button', { name: '下载错误报告' }));
    await waitFor(() => expect(data.download).toHaveBeenCalledWith('/sys/common/static/errlog/x.xlsx'));
  });
});
