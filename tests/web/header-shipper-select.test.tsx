import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../src/app/AppShell.tsx';
import { pageReload, type MyCustomer } from '../../src/app/header/ShipperSelect.tsx';
import { StorageKeys } from '../../src/http/storage.ts';
import { fail, ok } from './helpers/fake-adapter.ts';
import { createFakeServer, LOGIN_RESULT } from './helpers/fake-server.ts';

const MINE: MyCustomer[] = [
  { customerId: 'c1', customerName: '鄂尔多斯煤业', isUsed: '1' },
  { customerId: 'c2', customerName: '包头钢铁贸易', isUsed: '0' },
];

function renderApp(userType: number, overrides: Parameters<typeof createFakeServer>[0] = {}) {
  const server = createFakeServer({
    'get /customer/hyCustomerAdmin/myList': () => ok(userType === 6 ? MINE : []),
    'put /customer/hyCustomerAdmin/selectCustomer': () => ok(null, '已切换到指定货主'),
    ...overrides,
  });
  server.storage.set(StorageKeys.token, LOGIN_RESULT.token);
  server.storage.set(StorageKeys.userInfo, { ...LOGIN_RESULT.userInfo, userType });
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

async function pick(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('combobox', { name: '当前货主' }, { timeout: 5000 }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('header shipper selector', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a customer admin the current shipper, switches, says so and reloads', async () => {
    const reload = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const server = renderApp(6);
    const select = await screen.findByRole('combobox', { name: '当前货主' }, { timeout: 5000 });
    expect(select).toHaveValue('鄂尔多斯煤业');
    await pick(user, '包头钢铁贸易');
    expect(await screen.findByText('已切换到指定货主')).toBeInTheDocument();
    const [call] = server.calls('put', '/customer/hyCustomerAdmin/selectCustomer');
    expect(JSON.parse(String(call.data))).toEqual({ customerId: 'c2' });
    expect(server.storage.get(StorageKeys.cid)).toBe('c2');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it('shows the refusal and stays on the current shipper', async () => {
    const reload = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp(6, { 'put /customer/hyCustomerAdmin/selectCustomer': () => fail('您无权管理该货主') });
    await pick(user, '包头钢铁贸易');
    expect(await screen.findByText('您无权管理该货主')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '当前货主' })).toHaveValue('鄂尔多斯煤业');
    expect(reload).not.toHaveBeenCalled();
  });

  it('finds a shipper by typing part of its name and picks it with the keyboard', async () => {
    const reload = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const server = renderApp(6);
    const select = await screen.findByRole('combobox', { name: '当前货主' }, { timeout: 5000 });
    await user.click(select);
    expect(screen.getByRole('option', { name: '鄂尔多斯煤业' })).toHaveAttribute('aria-selected', 'true');
    await user.type(select, '包头');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['包头钢铁贸易']);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('已切换到指定货主')).toBeInTheDocument();
    expect(JSON.parse(String(server.calls('put', '/customer/hyCustomerAdmin/selectCustomer')[0].data))).toEqual({ customerId: 'c2' });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it.each([1, 2])('is not shown to user type %i (staff, plain shipper)', async (userType) => {
    const server = renderApp(userType);
    expect(await screen.findByLabelText(/用户菜单/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '当前货主' })).not.toBeInTheDocument();
    expect(server.calls('get', '/customer/hyCustomerAdmin/myList')).toHaveLength(0);
  });
});
