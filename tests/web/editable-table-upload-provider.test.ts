/** The file provider as the grid's upload cells use it: another action of this app, extra fields, nothing foreign. */
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/http/client.ts';
import { createSessionStorage } from '../../src/http/storage.ts';
import { createFileProvider } from '../../src/providers/files.ts';
import { uploadErrorMessage } from '../../renderers/editable-table/UploadCell.tsx';
import { fail, fakeAdapter, ok } from './helpers/fake-adapter.ts';

function provider(answer: Parameters<typeof fakeAdapter>[0]) {
  const fake = fakeAdapter(answer);
  return { files: createFileProvider(createHttpClient({ storage: createSessionStorage(), adapter: fake.adapter })), requests: fake.requests };
}

const file = () => new File(['%PDF'], '合同.pdf', { type: 'application/pdf' });

describe('uploads to a column action', () => {
  it('posts to the action with the extra fields and reads a JeecgBoot-style answer (path in message)', async () => {
    const { files, requests } = provider(() => ok(null, 'waybill/20260101/abc.pdf'));
    await expect(files.upload(file(), 'waybill', undefined, { action: '/wlhy/hywaybill/upload', fields: { isup: '1' } })).resolves.toEqual({
      path: 'waybill/20260101/abc.pdf',
      name: '合同.pdf',
    });
    expect(requests[0].url).toBe('/wlhy/hywaybill/upload');
    const form = requests[0].data as FormData;
    expect(form.get('isup')).toBe('1');
    expect(form.get('biz')).toBe('waybill');
  });

  it('keeps the default endpoint and its result', async () => {
    const { files, requests } = provider(() => ok({ path: 'temp/20260101/x.pdf', name: '合同.pdf' }, 'temp/20260101/x.pdf'));
    await expect(files.upload(file(), 'temp')).resolves.toEqual({ path: 'temp/20260101/x.pdf', name: '合同.pdf' });
    expect(requests[0].url).toBe('/sys/common/upload');
  });

  it('refuses an action outside this app, sending nothing', async () => {
    const { files, requests } = provider(() => ok(null));
    for (const action of ['https://evil.example/upload', '//evil.example/upload', '/sys/../../x', 'sys/common/upload']) {
      await expect(files.upload(file(), 'temp', undefined, { action })).rejects.toThrow('上传地址不正确');
    }
    expect(requests).toHaveLength(0);
  });

  it('turns a refusal into the server’s sentence for the cell, and anything else into 未知错误', async () => {
    const refused = provider(() => fail('文件内容与扩展名不符'));
    const error = await refused.files.upload(file(), 'temp').catch((e: unknown) => e);
    expect(uploadErrorMessage(error)).toBe('文件内容与扩展名不符');
    const broken = provider(() => ({ status: 500, body: '<html>' }));
    expect(uploadErrorMessage(await broken.files.upload(file(), 'temp').catch((e: unknown) => e))).toBe('未知错误');
    expect(uploadErrorMessage(new Error('boom'))).toBe('未知错误');
  });
});
