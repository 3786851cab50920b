import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../src/contracts/index.ts';
import { DepartSelectDialog } from '../../src/app/dialogs/DepartSelectDialog.tsx';
import { AppDepsProvider } from '../../src/app/deps.tsx';
import { SessionProvider } from '../../src/app/session.tsx';
import { DEFAULT_TTL_MS, StorageKeys } from '../../src/http/storage.ts';
import { fail, ok } from './helpers/fake-adapter.ts';
import { createFakeServer, LOGIN_RESULT } from './helpers/fake-server.ts';

const DEPARTS = [
  { id: 'd-ops', departName: '运营部', orgCode: 'A01A01' },
  { id: 'd-finance', departName: '财务部', orgCode: 'A01A02' },
];

function departServer(list = DEPARTS) {
  return createFakeServer({
    'get /sys/user/getCurrentUserDeparts': () => ok({ list, orgCode: 'A01A01' }),
    'put /sys/selectDepart': (config) => {
      const { orgCode } = JSON.parse(String(config.data)) as { orgCode: string };
      if (!list.some((d) => d.orgCode === orgCode)) return fail('您不属于该部门');
      return ok({ userInfo: { ...LOGIN_RESULT.userInfo, orgCode } });
    },
  });
}

function renderDialog(server: ReturnType<typeof createFakeServer>, mandatory = false) {
  server.storage.set(StorageKeys.token, LOGIN_RESULT.token);
  server.storage.set(StorageKeys.userInfo, LOGIN_RESULT.userInfo);
  const onClose = vi.fn();
  const onSelected = vi.fn<(user: UserInfo) => void>();
  const { deps } = server;
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <AppDepsProvider deps={deps}>
          <SessionProvider deps={{ auth: deps.auth, storage: deps.storage, dicts: deps.dicts }}>
            <DepartSelectDialog open onClose={onClose} mandatory={mandatory} onSelected={onSelected} />
          </SessionProvider>
        </AppDepsProvider>
      </AntdApp>
    </ConfigProvider>,
  );
  return { onClose, onSelected };
}

describe('部门选择 dialog', () => {
  it('after login (mandatory) offers every department, insists on a choice and cannot be dismissed', async () => {
    const user = userEvent.setup();
    const server = departServer();
    const { onClose } = renderDialog(server, true);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('部门选择')).not.toHaveLength(0);
    expect(within(dialog).getByRole('radio', { name: '运营部' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '财务部' })).not.toBeChecked();
    expect(within(dialog).queryByRole('button', { name: '取消' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /close|关闭/i })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择部门')).toBeInTheDocument();
    expect(server.calls('put', '/sys/selectDepart')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('stores the answered user for 7 days and reports it', async () => {
    const user = userEvent.setup();
    const server = departServer();
    const now = Date.now();
    const { onClose, onSelected } = renderDialog(server);
    const dialog = await screen.findByRole('dialog');
    // Switching starts from the current department.
    expect(within(dialog).getByRole('radio', { name: '运营部' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: '财务部' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(server.calls('put', '/sys/selectDepart')[0].data))).toEqual({ orgCode: 'A01A02', username: 'admin' });
    expect(onSelected).toHaveBeenCalledWith(expect.objectContaining({ username: 'admin', orgCode: 'A01A02' }));
    expect(server.storage.get<UserInfo>(StorageKeys.userInfo)?.orgCode).toBe('A01A02');
    const stored = JSON.parse(localStorage.getItem('pro__Login_Userinfo') ?? '{}') as { expire: number };
    expect(stored.expire).toBeGreaterThanOrEqual(now + DEFAULT_TTL_MS);
  });

  it('shows the server’s refusal and keeps the choice open', async () => {
    const user = userEvent.setup();
    const server = createFakeServer({
      'get /sys/user/getCurrentUserDeparts': () => ok({ list: DEPARTS, orgCode: 'A01A01' }),
      'put /sys/selectDepart': () => fail('您不属于该部门'),
    });
    const { onClose } = renderDialog(server);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '财务部' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('您不属于该部门')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(server.storage.get<UserInfo>(StorageKeys.userInfo)?.orgCode).toBeNull();
  });

  it('does not open for a user without departments, and says why', async () => {
    const { onClose } = renderDialog(departServer([]));
    expect(await screen.findByText('您尚未设置部门信息!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
