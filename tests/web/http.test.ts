import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../src/http/client.ts';
import { HttpError } from '../../src/http/errors.ts';
import { createSessionStorage, StorageKeys } from '../../src/http/storage.ts';
import { fail, fakeAdapter, ok } from './helpers/fake-adapter.ts';

const NOW = 1_700_000_123_456;

function setup(answer: Parameters<typeof fakeAdapter>[0] = () => ok(null)) {
  const storage = createSessionStorage();
  const fake = fakeAdapter(answer);
  const http = createHttpClient({ storage, adapter: fake.adapter, now: () => NOW });
  return { storage, http, requests: fake.requests };
}

describe('http client', () => {
  it('uses /jeecg-boot and a 60 s timeout by default', () => {
    const { http } = setup();
    expect(http.axios.defaults.baseURL).toBe('/jeecg-boot');
    expect(http.axios.defaults.timeout).toBe(60_000);
  });

  it('adds _t (unix seconds) to GETs, except the dictionary endpoint', async () => {
    const { http, requests } = setup();
    await http.getResult('/sys/permission/getUserPermissionByToken');
    await http.getResult('/sys/dict/getDictItems/sex');
    await http.postResult('/sys/logout');
    await http.getResult('/hydriver/hyDriver/list', { pageNo: 1 });

    expect(requests[0].params).toEqual({ _t: Math.floor(NOW / 1000) });
    expect(requests[1].params ?? {}).not.toHaveProperty('_t');
    expect(requests[2].params ?? {}).not.toHaveProperty('_t');
    expect(requests[3].params).toEqual({ _t: Math.floor(NOW / 1000), pageNo: 1 });
  });

  it('sends the stored token and tenant id, and tenant-id 0 when none is stored', async () => {
    const { http, storage, requests } = setup();
    await http.getResult('/a');
    expect(requests[0].headers.get('X-Access-Token')).toBeUndefined();
    expect(requests[0].headers.get('tenant-id')).toBe('0');

    storage.set(StorageKeys.token, 'jwt-1');
    storage.set(StorageKeys.tenantId, 7);
    await http.getResult('/b');
    expect(requests[1].headers.get('X-Access-Token')).toBe('jwt-1');
    expect(requests[1].headers.get('tenant-id')).toBe('7');
  });

  it('unwraps the Result envelope', async () => {
    const { http } = setup(() => ok({ total: 3 }));
    await expect(http.getResult<{ total: number }>('/x')).resolves.toEqual({ total: 3 });
  });

  it('rejects success:false with a typed error carrying field errors', async () => {
    const { http } = setup(() => fail('手机号已存在', 500, { errors: [{ field: 'telephone', message: '手机号已存在' }] }));
    const error = await http.postResult('/hydriver/hyDriver/add', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 200,
      code: 500,
      message: '手机号已存在',
      fieldErrors: [{ field: 'telephone', message: '手机号已存在' }],
    });
  });

  it('calls the unauthorized hook on HTTP 401 and still rejects', async () => {
    const body = JSON.stringify({ success: true, message: 'Token失效，请重新登录!', code: 401, result: null });
    const { http } = setup(() => ({ status: 401, body }));
    const onUnauthorized = vi.fn();
    http.setUnauthorizedHandler(onUnauthorized);
    const error = await http.getResult('/sys/permission/getUserPermissionByToken').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call the unauthorized hook for other failures', async () => {
    const { http } = setup(() => ({ status: 500, body: { success: false, message: '操作失败', code: 500 } }));
    const onUnauthorized = vi.fn();
    http.setUnauthorizedHandler(onUnauthorized);
    await expect(http.getResult('/x')).rejects.toMatchObject({ status: 500, message: '操作失败' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
