/**
 * Issue 22, item 2: 我的消息 acts on a message's target — 查看 shows the message sanitised, and its 去处理 opens
 * the app page (`openType: url`) or the named screen on the record (`openType: component`).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import myMessagesJson from '../../schemas/entities/system/sys-announcement-send.entity.json';
import ListPage from '../../renderers/list-page/ListPage.tsx';
import { dictionaries, driverEntity } from './fixtures/driver.ts';
import { renderWithServices, stubData } from './helpers/render-screen.tsx';

const myMessages = myMessagesJson as unknown as EntitySchema;

const message = (extra: WireRecord): WireRecord => ({
  id: 's1', anntId: 'a1', titile: '账单待确认', sender: 'admin', sendTime: '2026-11-20 10:00:00', readFlag: '0',
  msgContent: '<p>请确认<b>十一月</b>账单</p><img src="x" onerror="window.hacked = 1">', ...extra,
});

async function openMessage(record: WireRecord, options: { navigate?: (path: string) => void; data?: ReturnType<typeof stubData> } = {}) {
  const user = userEvent.setup();
  const data = options.data ?? stubData({ records: [record], total: 1 }, record);
  renderWithServices(<ListPage entity={myMessages} />, {
    data,
    dicts: dictionaries,
    navigate: options.navigate,
    entities: { findByName: async () => undefined, peekByName: () => undefined, findByComponent: async (c) => (c === driverEntity.menu?.component ? driverEntity : undefined) },
  });
  const row = (await screen.findByText('账单待确认')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: '查看' }));
  const drawer = await screen.findByRole('dialog');
  return { user, drawer };
}

describe('我的消息 → 查看', () => {
  it('shows the message rendered and sanitised; 去处理 opens the page a url message names', async () => {
    const navigate = vi.fn();
    const { user, drawer } = await openMessage(message({ openType: 'url', openPage: '/bill/list' }), { navigate });
    expect(within(drawer).getByText('通知消息')).toBeInTheDocument();
    expect((await within(drawer).findByText('十一月')).tagName).toBe('B');
    expect(within(drawer).queryByText(/<p>/)).not.toBeInTheDocument();
    expect(drawer.querySelector('[onerror]')).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: '去处理' }));
    expect(navigate).toHaveBeenCalledWith('/bill/list');
    await waitFor(() => expect(screen.queryByText('十一月')).not.toBeInTheDocument());
  });

  it('offers no 去处理 for a message without a target, or with a target on another site', async () => {
    const { drawer } = await openMessage(message({ openType: 'url', openPage: '//evil.example.com' }), { navigate: vi.fn() });
    expect(await within(drawer).findByText('十一月')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: '去处理' })).not.toBeInTheDocument();
  });

  it('去处理 of a component message opens the named screen on its record', async () => {
    const driver: WireRecord = { id: 'drv-1', driverName: '张三', reviewStatus: '2' };
    const record = message({ openType: 'component', openPage: driverEntity.menu!.component, busId: 'drv-1' });
    const data = stubData({ records: [record], total: 1 }, record);
    data.getList.mockImplementation(async (api: string) => (api === driverEntity.api ? { records: [driver], total: 1 } : { records: [record], total: 1 }));
    data.getOne.mockImplementation(async (api: string) => (api === driverEntity.api ? driver : record));
    const { user, drawer } = await openMessage(record, { data });
    await user.click(await within(drawer).findByRole('button', { name: '去处理' }));
    // The driver screen loads, and the record's details open on it.
    expect(await screen.findByText('司机详情', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(data.getOne).toHaveBeenCalledWith(driverEntity.api, 'drv-1'));
  });
});
