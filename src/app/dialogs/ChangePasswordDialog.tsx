/**
 * 修改密码: the signed-in user's own password. The form checks the same policy as the server (shared from
 * src/contracts) so most mistakes are caught before a request; the server's refusal (e.g. a wrong old password)
 * is shown as it says it and marked on its field.
 */
import { useEffect, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import type { FormInstance } from 'antd';
import { isHttpError, toastFailure } from '../../http/errors.ts';
import { useAppDeps } from '../deps.tsx';
import { confirmPasswordRules, dismissProps, NEW_PASSWORD_RULES } from './form-helpers.tsx';
import { useSession } from '../session.tsx';
import { changePassword } from './account-api.ts';

export { MISMATCH_MESSAGE } from './form-helpers.tsx';
export const NO_USER_MESSAGE = '当前系统无登录用户!';

interface PasswordValues {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

const FIELD_NAMES: ReadonlyArray<keyof PasswordValues> = ['oldpassword', 'password', 'confirmpassword'];

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose(): void;
  /** After a code-406 login: cannot be dismissed; `onClose` runs only once the password was changed. */
  mandatory?: boolean;
}

export function ChangePasswordDialog({ open, onClose, mandatory = false }: ChangePasswordDialogProps) {
  const { http } = useAppDeps();
  const { user } = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const username = user?.username;

  useEffect(() => {
    // Nobody to change a password for: say so instead of showing a form that cannot succeed.
    if (open && !username) {
      void message.warning(NO_USER_MESSAGE);
      onClose();
    }
  }, [open, username, message, onClose]);

  async function submit(values: PasswordValues) {
    if (!username) return;
    setSaving(true);
    try {
      const said = await changePassword(http, { username, ...values });
      void message.success(said || '密码重置成功!');
      onClose();
    } catch (error: unknown) {
      toastFailure({ error: (text) => message.warning(text) }, error);
      markFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title="修改密码"
      open={open && !!username}
      width={600}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      {...dismissProps(mandatory, onClose)}
      destroyOnHidden
    >
      {mandatory ? <p>首次登录或密码已被重置，请先修改密码。</p> : null}
      <Form<PasswordValues> form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} onFinish={(values) => void submit(values)}>
        <Form.Item label="旧密码" name="oldpassword" rules={[{ required: true, message: '请输入旧密码!' }]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="password"
          rules={NEW_PASSWORD_RULES}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmpassword"
          dependencies={['password']}
          rules={confirmPasswordRules('password')}
        >
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function markFieldErrors(form: FormInstance<PasswordValues>, error: unknown): void {
  if (!isHttpError(error) || !error.fieldErrors) return;
  const fields = error.fieldErrors
    .filter((e): e is { field: keyof PasswordValues; message: string } => (FIELD_NAMES as readonly string[]).includes(e.field))
    .map((e) => ({ name: e.field, errors: [e.message] }));
  if (fields.length > 0) form.setFields(fields);
}
