import { render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../src/app/AppShell.tsx';
import { StorageKeys } from '../../src/http/storage.ts';
import { fail, ok } from './helpers/fake-adapter.ts';
import { createFakeServer, LOGIN_RESULT, PERMISSIONS } from './helpers/fake-server.ts';

const DAYS = [
  { visit: 0, ip: 0, tian: '2026-11-16', type: '11-16' },
  { visit: 4, ip: 2, tian: '2026-11-17', type: '11-17' },
  { visit: 0, ip: 0, tian: '2026-11-18', type: '11-18' },
  { visit: 9, ip: 3, tian: '2026-11-19', type: '11-19' },
  { visit: 1, ip: 1, tian: '2026-11-20', type: '11-20' },
  { visit: 0, ip: 0, tian: '2026-11-21', type: '11-21' },
  { visit: 56, ip: 7, tian: '2026-11-22', type: '11-22' },
];

const CAN_LIST_DRIVERS = {
  ...PERMISSIONS,
  auth: [...PERMISSIONS.auth, { action: 'hydriver:hyDriver:list', type: '1', describe: '列表' }],
};
const CAN_REVIEW_DRIVERS = {
  ...CAN_LIST_DRIVERS,
  auth: [...CAN_LIST_DRIVERS.auth, { action: 'hydriver:hyDriver:approve', type: '1', describe: '审核通过' }],
};

function signedIn(server: ReturnType<typeof createFakeServer>, userInfo = LOGIN_RESULT.userInfo) {
  server.storage.set(StorageKeys.token, LOGIN_RESULT.token);
  server.storage.set(StorageKeys.userInfo, userInfo);
  render(
    <ConfigProvider>
      <AntdApp>
        <MemoryRouter initialEntries={['/dashboard/analysis']}>
          <AppShell deps={server.deps} />
        </MemoryRouter>
      </AntdApp>
    </ConfigProvider>,
  );
  return server;
}

const SLOW = { timeout: 10_000 };
const overview = () => document.querySelector('[aria-label="首页概览"]');

/** The figure under a statistic's title. */
function statistic(title: string): string {
  const label = screen.getByText(title);
  return label.closest('.ant-statistic')?.querySelector('.ant-statistic-content')?.textContent ?? '';
}

beforeEach(() => {
  sessionStorage.clear();
  // jsdom has no canvas; ECharts' SVG renderer then estimates text widths itself.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => vi.restoreAllMocks());

describe('dashboard', () => {
  it('shows the login figures, the seven-day visits and the drivers awaiting review', async () => {
    const server = signedIn(
      createFakeServer({
        'get /sys/permission/getUserPermissionByToken': () => ok(CAN_REVIEW_DRIVERS),
        'get /sys/loginfo': () => ok({ totalVisitCount: 1234, todayVisitCount: 56, todayIp: 7 }, '登录成功'),
        'get /sys/visitInfo': () => ok(DAYS),
        'get /hydriver/hyDriver/list': (config) =>
          ok({ records: [{ id: 'd1' }], total: (config.params as Record<string, unknown>).reviewStatus === '1' ? 3 : 99 }),
      }),
    );
    // The first render loads the page, the schemas and the chart chunk: slow in jsdom.
    expect(await screen.findByRole('heading', { name: /，管理员$/ }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(statistic('总访问量')).toBe('1,234'), SLOW);
    expect(statistic('今日访问量')).toBe('56');
    expect(statistic('今日访问IP')).toBe('7');

    const chart = await screen.findByRole('figure', { name: '近7日访问图表' }, SLOW);
    expect(await within(chart).findByTestId('visit-chart', {}, SLOW)).toBeInTheDocument();
    const table = within(chart).getByRole('table', { name: '近7日访问明细' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(DAYS.map((d) => `${d.tian}${d.visit}${d.ip}`));

    const pending = await screen.findByRole('link', { name: '司机待审核 3' }, SLOW);
    expect(pending).toHaveAttribute('href', '/wlhy/hydriver/HyDriverList?reviewStatus=1');
    expect(server.calls('get', '/hydriver/hyDriver/list')[0].params).toMatchObject({ reviewStatus: '1', pageSize: 1 });
    expect(screen.queryByText('货运指标')).not.toBeInTheDocument();
  }, 30_000);

  it('asks for no review counts the user may not act on, and shows dashes when the figures fail', async () => {
    // A shipper lists drivers but reviews none: their pending drivers are not the shipper's to-do.
    const server = signedIn(
      createFakeServer({
        'get /sys/permission/getUserPermissionByToken': () => ok(CAN_LIST_DRIVERS),
        'get /sys/loginfo': () => fail('统计失败'),
        'get /sys/visitInfo': () => fail('统计失败'),
      }),
    );
    expect(await screen.findByText('访问统计暂时无法获取', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(overview()).toHaveAttribute('aria-busy', 'false'), SLOW);
    await waitFor(() => expect(statistic('总访问量')).toBe('—'));
    expect(screen.queryByText('待办审核')).not.toBeInTheDocument();
    expect(server.calls('get', '/hydriver/hyDriver/list')).toHaveLength(0);
  });

  it('shows a customer no visit or IP counters, and does not ask for them (issue 22, item 9)', async () => {
    const shipper = { ...LOGIN_RESULT.userInfo, id: 'u2', username: 'shipper', realname: '货主用户', userType: 2 };
    const server = signedIn(
      createFakeServer({
        'get /sys/loginfo': () => ok({ totalVisitCount: 1234, todayVisitCount: 56, todayIp: 7 }, '登录成功'),
        'get /sys/visitInfo': () => ok(DAYS),
      }),
      shipper,
    );
    expect(await screen.findByRole('heading', { name: /，货主用户$/ }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(overview()).toHaveAttribute('aria-busy', 'false'), SLOW);
    for (const title of ['总访问量', '今日访问量', '今日访问IP', '近7日访问']) expect(screen.queryByText(title)).not.toBeInTheDocument();
    expect(server.calls('get', '/sys/loginfo')).toHaveLength(0);
    expect(server.calls('get', '/sys/visitInfo')).toHaveLength(0);
  });
});
