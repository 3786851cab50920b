/**
 * The bell's 待办 part (issue 3): seven counters from getDsXx (and our three document-expiry ones), polled every 650 000 ms; the badge counts the
 * non-zero categories (plus one for unread announcements, see header-notification-bell), each links to its list
 * with a `?state=` preset that the server counts with (one settlement type per waybill link). There is one bell.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../src/app/AppShell.tsx';
import { TODO_POLL_MS, activeTodos } from '../../src/app/header/todo-counts.ts';
import { listStateFromSearch } from '../../src/engine/list-url.ts';
import type { EntitySchema } from '../../src/contracts/index.ts';
import shippingNote from '../../schemas/entities/freight/hy-shipping-note.entity.json';
import { StorageKeys } from '../../src/http/storage.ts';
import { ok } from './helpers/fake-adapter.ts';
import { createFakeServer, LOGIN_RESULT } from './helpers/fake-server.ts';

const COUNTS = { sijiCount: 2, cheCount: 0, huozhuCount: 1, yuejieZhangQi: 3, pijieZhangQi: 0, tangjieZhangQi: 0, dianfuZq: 1, sijiDaoqi: 0, cheDaoqi: 5, chengyunDaoqi: 0 };

function renderApp(counts: Record<string, number>) {
  const server = createFakeServer({
    'get /hydriver/hyDriver/getDsXx': () => ok(counts),
    'get /sys/annountCement/listByUser': () => ok({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 }),
  });
  server.storage.set(StorageKeys.token, LOGIN_RESULT.token);
  server.storage.set(StorageKeys.userInfo, LOGIN_RESULT.userInfo);
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <MemoryRouter initialEntries={['/dashboard/analysis']}>
          <AppShell deps={server.deps} />
        </MemoryRouter>
      </AntdApp>
    </ConfigProvider>,
  );
  return server;
}

/** The bell's panel, on its 待办 tab. */
async function openTodos(user: ReturnType<typeof userEvent.setup>, bellName: string) {
  await user.click(await screen.findByRole('button', { name: bellName }, { timeout: 15000 }));
  const panel = await screen.findByRole('dialog', { name: '消息通知' });
  await user.click(await within(panel).findByRole('tab', { name: /^待办/ }));
  return within(within(panel).getByRole('tabpanel'));
}

describe('the bell’s 待办 part', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('badges the number of non-zero categories, lists them with their counts and polls every 650000 ms', async () => {
    const interval = vi.spyOn(globalThis, 'setInterval');
    const user = userEvent.setup();
    const server = renderApp(COUNTS);
    const bell = await screen.findByRole('button', { name: '消息通知，5类待办' }, { timeout: 15000 });
    expect(bell).toHaveTextContent('5');
    expect(server.calls('get', '/hydriver/hyDriver/getDsXx')).toHaveLength(1);
    expect(interval.mock.calls.some(([, ms]) => ms === TODO_POLL_MS)).toBe(true);
    expect(TODO_POLL_MS).toBe(650_000);
    // One bell only.
    expect(screen.queryByRole('button', { name: /待办提醒/ })).not.toBeInTheDocument();

    const panel = await openTodos(user, '消息通知，5类待办');
    expect(screen.getByRole('tab', { name: '待办(5)' })).toHaveAttribute('aria-selected', 'true');
    const links = panel.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['司机待审核2', '货主待审核1', '月结账期待结算3', '垫付账期待还款1', '车辆证件即将到期5']);
    expect(panel.getByRole('link', { name: /月结账期待结算/ })).toHaveAttribute('href', '/shipping/list?state=settle1');
    expect(panel.getByRole('link', { name: /车辆证件即将到期/ })).toHaveAttribute('href', '/wlhy/hyvehicle/HyVehicleList?state=expiring');
    expect(panel.queryByText('车辆待审核')).toBeNull();
    expect(panel.queryByText('批结待结算')).toBeNull();
  });

  it('opens the driver list filtered to 待审核 from its category', async () => {
    const user = userEvent.setup();
    const server = renderApp(COUNTS);
    const panel = await openTodos(user, '消息通知，5类待办');
    await user.click(panel.getByRole('link', { name: /司机待审核/ }));
    expect(screen.queryByRole('dialog', { name: '消息通知' })).not.toBeInTheDocument();
    await waitFor(() => expect(server.calls('get', '/hydriver/hyDriver/list').length).toBeGreaterThan(0), { timeout: 15000 });
    expect(server.calls('get', '/hydriver/hyDriver/list').at(-1)!.params).toMatchObject({ reviewStatus: '1' });
  });

  it('shows no badge when nothing is due', async () => {
    const user = userEvent.setup();
    renderApp({ sijiCount: 0, cheCount: 0, huozhuCount: 0, yuejieZhangQi: 0, pijieZhangQi: 0, tangjieZhangQi: 0, dianfuZq: 0 });
    const bell = await screen.findByRole('button', { name: '消息通知' }, { timeout: 15000 });
    expect(bell).toHaveTextContent('');
    const panel = await openTodos(user, '消息通知');
    expect(panel.getByText('暂无待办')).toBeInTheDocument();
  });

  it('links each category to a list of exactly its own rows (issue 22, item 5): one settlement type per link', () => {
    const paths = Object.fromEntries(activeTodos({ ...COUNTS, pijieZhangQi: 1, tangjieZhangQi: 1, cheCount: 1, sijiDaoqi: 1, chengyunDaoqi: 1 }).map((t) => [t.label, t.path]));
    expect(paths).toEqual({
      司机待审核: '/wlhy/hydriver/HyDriverList?state=1', 车辆待审核: '/wlhy/hyvehicle/HyVehicleList?state=1', 货主待审核: '/customer/manager?state=1',
      月结账期待结算: '/shipping/list?state=settle1', 批结待结算: '/shipping/list?state=settle2', 趟结待结算: '/shipping/list?state=settle3',
      垫付账期待还款: '/plateform/cost/paylist?state=1',
      司机证件即将到期: '/wlhy/hydriver/HyDriverList?state=expiring', 车辆证件即将到期: '/wlhy/hyvehicle/HyVehicleList?state=expiring',
      承运商证件即将到期: '/wlhy/hycarrier/HyCarrierList?state=expiring',
    });
    expect(listStateFromSearch(shippingNote as unknown as EntitySchema, '?state=1').query).toEqual({ shippingStatus: '4', billFlag: '0' });
    // The list opens with the same filters the server counted with (server/domains/freight/settlement/todo-counts.ts).
    for (const type of ['1', '2', '3']) {
      expect(listStateFromSearch(shippingNote as unknown as EntitySchema, `?state=settle${type}`).query).toEqual({ shippingStatus: '4', billFlag: '0', settlementType: type });
    }
  });
});
