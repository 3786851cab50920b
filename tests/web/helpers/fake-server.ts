/**
 * A tiny in-memory stand-in for the JeecgBoot dialect our server speaks, behind a fake axios adapter, so the
 * whole shell (login, permissions, menu, list) runs in jsdom without a network.
 */
import type { InternalAxiosRequestConfig } from 'axios';
import type { LoginResult, MenuNode, PermissionResult } from '../../../src/contracts/index.ts';
import { createHttpClient } from '../../../src/http/client.ts';
import { createSessionStorage } from '../../../src/http/storage.ts';
import { createAppDeps } from '../../../src/app/deps.tsx';
import { entityCatalog } from '../../../src/app/entities.ts';
import { dictionaries } from '../fixtures/driver.ts';
import { fail, fakeAdapter, ok } from './fake-adapter.ts';
import type { FakeReply } from './fake-adapter.ts';

export const CAPTCHA_IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

function menuNode(path: string, title: string, component: string, extra: Partial<MenuNode> = {}): MenuNode {
  return {
    id: path,
    route: '1',
    path,
    name: path.slice(1).replaceAll('/', '-'),
    component,
    meta: { keepAlive: false, internalOrExternal: false, title, componentName: component.split('/').at(-1) ?? '' },
    ...extra,
  };
}

export const MENU: MenuNode[] = [
  menuNode('/dashboard/analysis', '首页', 'dashboard/Analysis', { meta: { keepAlive: false, internalOrExternal: false, title: '首页', icon: 'home', componentName: 'Analysis' } }),
  menuNode('/wlhy', '网络货运', 'layouts/RouteView', {
    children: [menuNode('/wlhy/hydriver/HyDriverList', '司机管理', 'wlhy/hydriver/HyDriverList')],
  }),
];

export const PERMISSIONS: PermissionResult = {
  menu: MENU,
  auth: [{ action: 'hydriver:hyDriver:add', type: '1', describe: '添加' }],
  allAuth: [{ action: 'hydriver:hyDriver:add', type: '1', describe: '添加', status: '1' }],
  sysSafeMode: false,
};

export const LOGIN_RESULT: LoginResult = {
  token: 'jwt-token',
  userInfo: {
    id: 'u1',
    username: 'admin',
    realname: '管理员',
    avatar: null,
    phone: null,
    email: null,
    orgCode: null,
    status: 1,
    delFlag: 0,
    userIdentity: 1,
    userType: 1,
    relTenantIds: null,
    departIds: null,
  },
  userType: 1,
  cid: null,
  departs: [],
  multi_depart: 0,
  sysAllDictItems: dictionaries,
};

type Route = (config: InternalAxiosRequestConfig) => FakeReply | undefined;

export function createFakeServer(overrides: Record<string, Route> = {}) {
  const routes: Record<string, Route> = {
    'get /setting/hySetting/queryPlatformSettings': () =>
      ok({ platformName: '测试货运平台', logoTitle: '测试货运', companyName: '测试物流有限公司', recordNumber: '京ICP备00000000号' }),
    'get /sys/randomImage': () => ok(CAPTCHA_IMAGE),
    'post /sys/login': (config) => {
      const body = JSON.parse(String(config.data)) as { password: string; captcha: string };
      if (body.captcha !== 'ABCD') return fail('验证码错误', 412);
      if (body.password !== '123456') return fail('用户名或密码错误');
      return ok(LOGIN_RESULT, '登录成功');
    },
    'post /sys/logout': () => ok(null, '退出登录成功！'),
    'get /sys/permission/getUserPermissionByToken': () => ok(PERMISSIONS),
    'get /sys/loginfo': () => ok({ totalVisitCount: 0, todayVisitCount: 0, todayIp: 0 }, '登录成功'),
    'get /sys/visitInfo': () => ok([]),
    'get /hydriver/hyDriver/list': () =>
      ok({ records: [{ id: 'd1', driverName: '张三', reviewStatus: '1', reviewStatus_dictText: '待审核' }], total: 1 }),
    ...overrides,
  };
  const fake = fakeAdapter((config) => {
    const key = `${config.method} ${config.url}`;
    const match = Object.keys(routes)
      .filter((route) => key === route || key.startsWith(`${route}/`))
      .sort((a, b) => b.length - a.length)[0];
    return (match && routes[match](config)) || { status: 404, body: { success: false, message: '未找到', code: 404 } };
  });
  const storage = createSessionStorage();
  const http = createHttpClient({ storage, adapter: fake.adapter });
  const deps = createAppDeps(http, storage, entityCatalog);
  const calls = (method: string, url: string) => fake.requests.filter((r) => r.method === method && r.url?.startsWith(url));
  return { deps, storage, requests: fake.requests, calls };
}
