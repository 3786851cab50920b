import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { App } from 'antd';
import { FileUploadDialog } from '../../renderers/shared/FileUploadDialog.tsx';
import { renderWithServices, stubData, stubFiles } from './helpers/render-screen.tsx';

function open(onOk = vi.fn(), files = stubFiles()) {
  renderWithServices(
    <App>
      <FileUploadDialog open biz="waybill" onOk={onOk} onCancel={() => undefined} />
    </App>,
    { data: stubData(), files },
  );
  return { onOk, files };
}

describe('the file-upload popup', () => {
  it('refuses to confirm with nothing uploaded and stays open', async () => {
    const { onOk } = open();
    expect(screen.getByRole('dialog')).toHaveTextContent('文件上传');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('未上传任何文件')).toBeInTheDocument();
    expect(onOk).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('uploads into the given folder and hands back the stored paths', async () => {
    const { onOk, files } = open();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, [new File(['a'], '回单.pdf', { type: 'application/pdf' }), new File(['b'], '磅单.png', { type: 'image/png' })]);
    await waitFor(() => expect(files.upload).toHaveBeenCalledTimes(2));
    expect(files.upload.mock.calls.map((call) => call[1])).toEqual(['waybill', 'waybill']);
    expect(await screen.findByText('回单.pdf')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /确\s*定/ })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onOk).toHaveBeenCalledWith(['waybill/20260101/f1.pdf', 'waybill/20260101/f2.png']));
  });

  it('says which file failed', async () => {
    const files = stubFiles();
    files.upload.mockRejectedValueOnce(new Error('上传失败！'));
    open(vi.fn(), files);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['a'], '合同.docx', { type: 'application/octet-stream' }));
    expect(await screen.findByText('合同.docx 上传失败.')).toBeInTheDocument();
  });
});
