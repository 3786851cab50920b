import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ChangePasswordDialog } from '../../src/app/dialogs/ChangePasswordDialog.tsx';
import { AppDepsProvider } from '../../src/app/deps.tsx';
import { SessionProvider } from '../../src/app/session.tsx';
import { StorageKeys } from '../../src/http/storage.ts';
import { fail, ok } from './helpers/fake-adapter.ts';
import { createFakeServer, LOGIN_RESULT } from './helpers/fake-server.ts';

const URL = '/sys/user/updatePassword';

function renderDialog(options: { signedIn?: boolean; server?: ReturnType<typeof createFakeServer> } = {}) {
  const server =
    options.server ??
    createFakeServer({
      [`put ${URL}`]: (config) => {
        const body = JSON.parse(String(config.data)) as { oldpassword: string };
        if (body.oldpassword !== 'Freight@2026') {
          return fail('旧密码输入错误!', 500, { errors: [{ field: 'oldpassword', message: '旧密码输入错误!' }] });
        }
        return ok(null, '密码重置成功!');
      },
    });
  if (options.signedIn !== false) {
    server.storage.set(StorageKeys.token, LOGIN_RESULT.token);
    server.storage.set(StorageKeys.userInfo, LOGIN_RESULT.userInfo);
  }
  const onClose = vi.fn();
  const { deps } = server;
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <AppDepsProvider deps={deps}>
          <SessionProvider deps={{ auth: deps.auth, storage: deps.storage, dicts: deps.dicts }}>
            <ChangePasswordDialog open onClose={onClose} />
          </SessionProvider>
        </AppDepsProvider>
      </AntdApp>
    </ConfigProvider>,
  );
  return { server, onClose };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: { old?: string; next?: string; confirm?: string }) {
  const dialog = await screen.findByRole('dialog');
  if (values.old) await user.type(within(dialog).getByLabelText('旧密码'), values.old);
  if (values.next) await user.type(within(dialog).getByLabelText('新密码'), values.next);
  if (values.confirm) await user.type(within(dialog).getByLabelText('确认新密码'), values.confirm);
  await user.click(within(dialog).getByRole('button', { name: '确定' }));
  return dialog;
}

describe('修改密码 dialog', () => {
  it('asks for every field before sending anything', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await fill(user, {});
    expect(within(dialog).getAllByText('修改密码')).not.toHaveLength(0);
    expect(await within(dialog).findByText('请输入旧密码!')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入新密码!')).toBeInTheDocument();
    expect(within(dialog).getByText('请确认新密码!')).toBeInTheDocument();
    expect(server.calls('put', URL)).toHaveLength(0);
  });

  it('holds the new password to the policy and the confirmation to the new password', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await fill(user, { old: 'Freight@2026', next: 'NoSpecial123', confirm: 'Other@2026x' });
    expect(await within(dialog).findByText('密码不能少于8位，且包含大写字母、小写字母、数字、特殊符号!')).toBeInTheDocument();
    expect(within(dialog).getByText('两次输入的密码不一样！')).toBeInTheDocument();
    expect(server.calls('put', URL)).toHaveLength(0);
  });

  it('shows the server’s refusal on the field and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    const dialog = await fill(user, { old: 'Wrong@2026', next: 'New@Pass2026', confirm: 'New@Pass2026' });
    // The message and the field: they appear one after the other, so wait for both.
    await waitFor(() => expect(screen.getAllByText('旧密码输入错误!')).toHaveLength(2));
    expect(within(dialog).getByText('旧密码输入错误!')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends username, old, new and confirmation, then says so and closes', async () => {
    const user = userEvent.setup();
    const { server, onClose } = renderDialog();
    await fill(user, { old: 'Freight@2026', next: 'New@Pass2026', confirm: 'New@Pass2026' });
    expect(await screen.findByText('密码重置成功!')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(server.calls('put', URL)[0].data))).toEqual({
      username: 'admin',
      oldpassword: 'Freight@2026',
      password: 'New@Pass2026',
      confirmpassword: 'New@Pass2026',
    });
  });

  it('says there is nobody signed in instead of opening', async () => {
    const { onClose } = renderDialog({ signedIn: false });
    expect(await screen.findByText('当前系统无登录用户!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByLabelText('旧密码')).not.toBeInTheDocument();
  });
});
