/**
 * Issue 22, item 7: an operation whose one input is an upload field opens the file-upload popup (520 wide; 确定 with
 * nothing uploaded says 未上传任何文件) and runs with the uploaded paths — 司机 → 上传附件.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import type { WireRecord } from '../../src/contracts/index.ts';
import ListPage from '../../renderers/list-page/ListPage.tsx';
import { dictionaries, driverEntity } from './fixtures/driver.ts';
import { renderWithServices, stubData, stubFiles } from './helpers/render-screen.tsx';

describe('an upload operation', () => {
  it('opens the file-upload popup and runs with the uploaded files', async () => {
    const user = userEvent.setup();
    const driver: WireRecord = { id: 'd1', driverName: '张三', reviewStatus: '2' };
    const data = stubData({ records: [driver], total: 1 }, driver);
    data.runOperation.mockResolvedValue({ message: '附件已上传' });
    const files = stubFiles();
    renderWithServices(
      <App>
        <ListPage entity={driverEntity} />
      </App>,
      { data, files, dicts: dictionaries },
    );
    const row = (await screen.findByText('张三')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '上传附件' }));
    // The dialog's chunk loads on first use.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(within(dialog).getByText('上传附件')).toBeInTheDocument();
    expect(within(dialog).getByText('点击或拖拽文件到此区域上传')).toBeInTheDocument();
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '520px' });

    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('未上传任何文件')).toBeInTheDocument();
    expect(data.runOperation).not.toHaveBeenCalled();

    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['a'], '体检报告.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(files.upload).toHaveBeenCalledTimes(1));
    expect(files.upload.mock.calls[0][1]).toBe('driver');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(data.runOperation).toHaveBeenCalledWith('/hydriver/hyDriver/uploadAttachments', { ids: ['d1'] }, { attachments: 'driver/20260101/f1.pdf' }));
    expect(await screen.findByText('附件已上传')).toBeInTheDocument();
  });
});
