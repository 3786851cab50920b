import { AxiosError } from 'axios';
import type { AxiosAdapter } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../src/http/client.ts';
import { toastFailure } from '../../src/http/errors.ts';
import type { ErrorNotice } from '../../src/http/error-notices.ts';
import { createSessionStorage } from '../../src/http/storage.ts';
import { fail, fakeAdapter, ok } from './helpers/fake-adapter.ts';
import type { FakeReply } from './helpers/fake-adapter.ts';

function clientWith(adapter: AxiosAdapter) {
  const http = createHttpClient({ storage: createSessionStorage(), adapter });
  const notices: ErrorNotice[] = [];
  const onUnauthorized = vi.fn();
  http.setErrorNotifier((notice) => notices.push(notice));
  http.setUnauthorizedHandler(onUnauthorized);
  return { http, notices, onUnauthorized };
}

function answering(reply: FakeReply) {
  return clientWith(fakeAdapter(() => reply).adapter);
}

describe('http error catalogue', () => {
  it.each([
    [403, { success: false, message: 'Forbidden', code: 403 }, '拒绝访问'],
    [404, { success: false, message: '未找到', code: 404 }, '很抱歉，资源未找到!'],
    [500, { success: false, message: '操作失败，服务器内部错误', code: 500 }, '操作失败，服务器内部错误'],
    [504, '<html>Gateway Timeout</html>', '网络超时'],
    [502, { success: false, message: '上游服务不可用', code: 502 }, '上游服务不可用'],
    [429, { success: false, message: '请求过于频繁', code: 429 }, '请求过于频繁'],
  ])('HTTP %i is told as 系统提示 / the catalogue’s text', async (status, body, description) => {
    const { http, notices, onUnauthorized } = answering({ status, body });
    await expect(http.getResult('/x')).rejects.toMatchObject({ status });
    expect(notices).toEqual([{ status, title: '系统提示', description }]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('says 网络超时 when the request times out', async () => {
    const { http, notices } = clientWith(async (config) => {
      throw new AxiosError('timeout of 60000ms exceeded', 'ECONNABORTED', config);
    });
    await expect(http.postResult('/x', {})).rejects.toMatchObject({ status: 504, message: '网络超时' });
    expect(notices).toEqual([{ status: 504, title: '系统提示', description: '网络超时' }]);
  });

  it('hands HTTP 401 (and the legacy 500 "Token失效") to the login-expired handler, not to the notifier', async () => {
    const expired = answering({ status: 401, body: { success: true, message: 'Token失效，请重新登录!', code: 401 } });
    await expect(expired.http.getResult('/x')).rejects.toMatchObject({ status: 401 });
    expect(expired.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(expired.notices).toEqual([]);

    const legacy = answering({ status: 500, body: { success: false, message: 'Token失效，请重新登录', code: 500 } });
    await expect(legacy.http.getResult('/x')).rejects.toMatchObject({ status: 500 });
    expect(legacy.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(legacy.notices).toEqual([]);
  });

  it('leaves business refusals (success:false on HTTP 200) to the screen that asked', async () => {
    const { http, notices, onUnauthorized } = answering(fail('旧密码输入错误!'));
    await expect(http.putResult('/sys/user/updatePassword', {})).rejects.toMatchObject({ status: 200, message: '旧密码输入错误!' });
    expect(notices).toEqual([]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('stays quiet for successful answers and for requests the app cancelled', async () => {
    const quiet = answering(ok({ total: 1 }));
    await quiet.http.getResult('/x');
    expect(quiet.notices).toEqual([]);

    const controller = new AbortController();
    controller.abort();
    const cancelled = answering(ok(null));
    await expect(cancelled.http.request({ url: '/x', signal: controller.signal })).rejects.toBeTruthy();
    expect(cancelled.notices).toEqual([]);
  });

  it('can be uninstalled', async () => {
    const { http, notices } = answering({ status: 403, body: {} });
    http.setErrorNotifier(undefined);
    await expect(http.getResult('/x')).rejects.toMatchObject({ status: 403 });
    expect(notices).toEqual([]);
  });

  it('marks what it told as shown, so the screen catching the error does not tell it again (issue 22, item 4)', async () => {
    const toast = { error: vi.fn() };
    const told = answering({ status: 500, body: { success: false, message: '操作失败，服务器内部错误', code: 500 } });
    const httpFailure: unknown = await told.http.getResult('/x').catch((error: unknown) => error);
    expect(httpFailure).toMatchObject({ shown: true });
    toastFailure(toast, httpFailure);
    expect(toast.error).not.toHaveBeenCalled();

    const refusal: unknown = await answering(fail('手机号已存在')).http.getResult('/x').catch((error: unknown) => error);
    expect(refusal).toMatchObject({ shown: false });
    toastFailure(toast, refusal);
    expect(toast.error).toHaveBeenCalledWith('手机号已存在');

    // With no notifier installed nobody told the user, so the screen must.
    const untold = answering({ status: 403, body: {} });
    untold.http.setErrorNotifier(undefined);
    const unannounced: unknown = await untold.http.getResult('/x').catch((error: unknown) => error);
    toastFailure(toast, unannounced, '导出失败');
    expect(toast.error).toHaveBeenLastCalledWith('导出失败');
  });
});
