import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/http/client.ts';
import { createSessionStorage, StorageKeys } from '../../src/http/storage.ts';
import { createAccess } from '../../src/providers/access.ts';
import { createAuthProvider } from '../../src/providers/auth.ts';
import { createDataProvider, listParams } from '../../src/providers/data.ts';
import { createDictProvider } from '../../src/providers/dicts.ts';
import { fail, fakeAdapter, ok } from './helpers/fake-adapter.ts';

describe('data provider', () => {
  it('encodes like, eq and range filters and the sort the JeecgBoot way', () => {
    expect(
      listParams({
        page: 2,
        pageSize: 20,
        sort: { field: 'createTime', order: 'desc' },
        filters: [
          { field: 'driverName', op: 'contains', value: '张' },
          { field: 'reviewStatus', op: 'eq', value: '1' },
          { field: 'createTime', op: 'between', value: ['2024-01-01', '2024-01-31'] },
          { field: 'creditScore', op: 'between', value: [60, undefined] },
        ],
      }),
    ).toEqual({
      pageNo: 2,
      pageSize: 20,
      column: 'createTime',
      order: 'desc',
      driverName: '*张*',
      reviewStatus: '1',
      createTime_begin: '2024-01-01',
      createTime_end: '2024-01-31',
      creditScore_begin: 60,
    });
  });

  it('talks to list, queryById, add, edit, delete and deleteBatch', async () => {
    const fake = fakeAdapter((config) => {
      if (config.url?.endsWith('/list')) return ok({ records: [{ id: '1' }], total: 41 });
      if (config.url?.endsWith('/queryById')) return ok({ id: '1', driverName: '张三' });
      return ok(null, config.method === 'delete' ? '删除成功!' : '添加成功！');
    });
    const data = createDataProvider(createHttpClient({ storage: createSessionStorage(), adapter: fake.adapter }));

    await expect(data.getList('/hydriver/hyDriver', { page: 1, pageSize: 10 })).resolves.toEqual({
      records: [{ id: '1' }],
      total: 41,
    });
    await expect(data.getOne('/hydriver/hyDriver', '1')).resolves.toMatchObject({ driverName: '张三' });
    await expect(data.create('/hydriver/hyDriver', { driverName: '李四' })).resolves.toEqual({ message: '添加成功！' });
    await data.update('/hydriver/hyDriver', '1', { driverName: '王五' });
    await expect(data.deleteMany('/hydriver/hyDriver', ['1'])).resolves.toEqual({ message: '删除成功!' });
    await data.deleteMany('/hydriver/hyDriver', ['1', '2']);

    const calls = fake.requests.map((r) => [r.method, r.url, r.params?.id ?? r.params?.ids ?? null, r.data ?? null]);
    expect(calls.slice(1)).toEqual([
      ['get', '/hydriver/hyDriver/queryById', '1', null],
      ['post', '/hydriver/hyDriver/add', null, JSON.stringify({ driverName: '李四' })],
      ['put', '/hydriver/hyDriver/edit', null, JSON.stringify({ driverName: '王五', id: '1' })],
      ['delete', '/hydriver/hyDriver/delete', '1', null],
      ['delete', '/hydriver/hyDriver/deleteBatch', '1,2', null],
    ]);
  });
});

describe('access provider', () => {
  it('allows codes in auth and codes whose rule is switched off', () => {
    const access = createAccess({
      auth: [{ action: 'hydriver:hyDriver:add', type: '1', describe: '添加' }],
      allAuth: [
        { action: 'hydriver:hyDriver:add', type: '1', describe: '添加', status: '1' },
        { action: 'hydriver:hyDriver:edit', type: '1', describe: '编辑', status: '0' },
        { action: 'hydriver:hyDriver:delete', type: '1', describe: '删除', status: '1' },
      ],
    });
    expect(access.can('hydriver:hyDriver:add')).toBe(true);
    expect(access.can('hydriver:hyDriver:edit')).toBe(true);
    expect(access.can('hydriver:hyDriver:delete')).toBe(false);
    expect(access.can('other:code')).toBe(false);
  });
});

describe('dictionary provider', () => {
  it('reads the login cache first and fetches only missing codes, once', async () => {
    const fake = fakeAdapter(() => ok([{ value: '1', text: '男', title: '男', label: '男' }]));
    const storage = createSessionStorage();
    storage.set(StorageKeys.dicts, { review_status: [{ value: '1', text: '待审核', title: '待审核', label: '待审核' }] });
    const dicts = createDictProvider({ http: createHttpClient({ storage, adapter: fake.adapter }), storage });

    expect(dicts.text('review_status', '1')).toBe('待审核');
    await dicts.load('review_status');
    expect(fake.requests).toHaveLength(0);

    await Promise.all([dicts.load('sex'), dicts.load('sex')]);
    expect(fake.requests.map((r) => r.url)).toEqual(['/sys/dict/getDictItems/sex']);
    expect(dicts.text('sex', '1')).toBe('男');
  });
});

describe('auth provider', () => {
  const loginResult = {
    token: 'jwt',
    userInfo: { id: 'u1', username: 'admin', realname: '管理员' },
    userType: 1,
    cid: 'c1',
    departs: [],
    multi_depart: 0,
    sysAllDictItems: { sex: [] },
  };

  it('stores the session on code 200 and forgets it on logout even when the server fails', async () => {
    const fake = fakeAdapter((config) => (config.url === '/sys/login' ? ok(loginResult) : fail('Token无效!')));
    const storage = createSessionStorage();
    const auth = createAuthProvider({ http: createHttpClient({ storage, adapter: fake.adapter }), storage });

    await auth.login({ username: 'admin', password: 'x', captcha: 'abcd', checkKey: '1' });
    expect(storage.get(StorageKeys.token)).toBe('jwt');
    expect(storage.get(StorageKeys.userInfo)).toMatchObject({ realname: '管理员' });
    expect(storage.get(StorageKeys.userType)).toBe(1);
    expect(storage.get(StorageKeys.cid)).toBe('c1');
    expect(storage.get(StorageKeys.dicts)).toEqual({ sex: [] });

    await auth.logout();
    expect(fake.requests.at(-1)?.url).toBe('/sys/logout');
    expect(storage.get(StorageKeys.token)).toBeUndefined();
  });

  it('sends a remembered value once however many callers ask, and forgets only the value the server refused', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fake = fakeAdapter((config) =>
      config.url?.startsWith('/sys/remember/') ? ok({ ...loginResult, rememberToken: 'next-value' }) : fail('Token无效!'),
    );
    const storage = createSessionStorage();
    const slowAdapter: typeof fake.adapter = async (config) => {
      await gate;
      return fake.adapter(config);
    };
    const auth = createAuthProvider({ http: createHttpClient({ storage, adapter: slowAdapter }), storage });
    storage.set(StorageKeys.rememberToken, 'first-value');
    const both = [auth.rememberedLogin(), auth.rememberedLogin()];
    release();
    const [one, two] = await Promise.all(both);
    expect(one).toBe(two);
    expect(fake.requests.map((request) => request.url)).toEqual(['/sys/remember/first-value']);
    expect(storage.get(StorageKeys.rememberToken)).toBe('next-value');

    // A refusal that arrives after a newer value was stored leaves the newer value alone.
    const refusing = fakeAdapter(() => {
      storage.set(StorageKeys.rememberToken, 'newer-value');
      return fail('自动登录已失效，请重新登录');
    });
    const other = createAuthProvider({ http: createHttpClient({ storage, adapter: refusing.adapter }), storage });
    await expect(other.rememberedLogin()).rejects.toThrow('自动登录已失效');
    expect(refusing.requests.map((request) => request.url)).toEqual(['/sys/remember/next-value']);
    expect(storage.get(StorageKeys.rememberToken)).toBe('newer-value');
  });

  it('lets a logout under way finish before a remembered sign-in starts, so neither undoes the other', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fake = fakeAdapter((config) =>
      config.url?.startsWith('/sys/remember/') ? ok({ ...loginResult, token: 'fresh', rememberToken: 'next-value' }) : ok(null),
    );
    const storage = createSessionStorage();
    const started: string[] = [];
    const gatedLogout: typeof fake.adapter = async (config) => {
      started.push(config.url ?? '');
      if (config.url === '/sys/logout') await gate;
      return fake.adapter(config);
    };
    const auth = createAuthProvider({ http: createHttpClient({ storage, adapter: gatedLogout }), storage });
    storage.set(StorageKeys.token, 'expired');
    storage.set(StorageKeys.rememberToken, 'first-value');
    const loggingOut = auth.logout({ keepRemembered: true });
    const signingIn = auth.rememberedLogin();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual(['/sys/logout']);
    release();
    await Promise.all([loggingOut, signingIn]);
    await auth.whenSettled();
    expect(started).toEqual(['/sys/logout', '/sys/remember/first-value']);
    // The logout's clean-up ran first, so the fresh session and its value are what storage holds.
    expect(storage.get(StorageKeys.token)).toBe('fresh');
    expect(storage.get(StorageKeys.rememberToken)).toBe('next-value');
  });

  it('rejects a wrong captcha with code 412 and stores nothing', async () => {
    const fake = fakeAdapter(() => fail('验证码错误', 412));
    const storage = createSessionStorage();
    const auth = createAuthProvider({ http: createHttpClient({ storage, adapter: fake.adapter }), storage });
    await expect(auth.login({ username: 'a', password: 'b', captcha: 'c', checkKey: 'd' })).rejects.toMatchObject({
      code: 412,
      message: '验证码错误',
    });
    expect(storage.get(StorageKeys.token)).toBeUndefined();
  });

  it('refuses success:true with a code other than 200', async () => {
    const fake = fakeAdapter(() => ({ body: { success: true, code: 0, message: '手机验证码错误', result: null } }));
    const storage = createSessionStorage();
    const auth = createAuthProvider({ http: createHttpClient({ storage, adapter: fake.adapter }), storage });
    await expect(auth.login({ username: 'a', password: 'b', captcha: 'c', checkKey: 'd' })).rejects.toThrow('手机验证码错误');
  });
});
