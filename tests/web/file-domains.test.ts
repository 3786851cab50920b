/**
 * Stored file paths are relative; the browser prefixes them with the page configuration's domain (平台设置
 * 静态资源域名, or 银行回单域名 for fields with `fileDomain: "bank"`), and asks this server for a signed URL when the
 * domain is empty. Absolute URLs stay as they are.
 */
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/http/client.ts';
import { createSessionStorage } from '../../src/http/storage.ts';
import { createFileProvider } from '../../src/providers/files.ts';
import { externalFileUrl } from '../../src/contracts/files.ts';
import { fakeAdapter, ok } from './helpers/fake-adapter.ts';

const PATH = 'bankreceipt/20261120/abc.pdf';

function provider(settings: Record<string, unknown>) {
  const fake = fakeAdapter((config) =>
    config.url === '/setting/hySetting/queryPlatformSettings'
      ? ok(settings)
      : ok({ [PATH]: { url: `/jeecg-boot/sys/common/static/${PATH}?expires=1&sign=x`, name: '回单.pdf' } }),
  );
  return { files: createFileProvider(createHttpClient({ storage: createSessionStorage(), adapter: fake.adapter })), requests: fake.requests };
}

describe('file domains', () => {
  it('prefixes a relative path with the field’s domain, keeps absolute URLs, and leaves an empty domain to this server', () => {
    const domains = { static: 'https://static.example.com/', bank: 'https://bank.example.com/receipts' };
    expect(externalFileUrl(PATH, 'bank', domains)).toBe(`https://bank.example.com/receipts/${PATH}`);
    expect(externalFileUrl(PATH, undefined, domains)).toBe(`https://static.example.com/${PATH}`);
    expect(externalFileUrl('https://cdn.example.com/x.pdf', 'bank', domains)).toBe('https://cdn.example.com/x.pdf');
    expect(externalFileUrl(PATH, 'bank', { static: 'https://static.example.com', bank: '' })).toBeUndefined();
    expect(externalFileUrl(PATH, 'static', { static: '', bank: '' })).toBeUndefined();
  });

  it('gives bank-receipt files the bank domain from the platform settings without signing them', async () => {
    const { files, requests } = provider({ staticDomain: 'https://static.example.com', bankReceiptDomain: 'https://bank.example.com' });
    await expect(files.info(PATH, 'bank')).resolves.toEqual({ url: `https://bank.example.com/${PATH}`, name: 'abc.pdf', external: true });
    await expect(files.info(PATH)).resolves.toMatchObject({ url: `https://static.example.com/${PATH}`, external: true });
    expect(requests.map((r) => r.url)).toEqual(['/setting/hySetting/queryPlatformSettings']);
  });

  it('signs the path on this server when the domain is empty', async () => {
    const { files, requests } = provider({ staticDomain: 'https://static.example.com', bankReceiptDomain: '' });
    await expect(files.info(PATH, 'bank')).resolves.toEqual({ url: `/jeecg-boot/sys/common/static/${PATH}?expires=1&sign=x`, name: '回单.pdf' });
    expect(requests.map((r) => r.url)).toEqual(['/setting/hySetting/queryPlatformSettings', '/sys/common/signUrls']);
  });
});
