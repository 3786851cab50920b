/**
 * Self-registration (`/user/register`): account name, password, phone proved by a texted code. Server refusals
 * that name a field are shown on that field; success moves on to `/user/register-result`.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { USERNAME_MESSAGE, USERNAME_PATTERN } from '../../contracts/registration.ts';
import { isHttpError } from '../../http/errors.ts';
import type { RegisterForm } from '../../providers/auth.ts';
import { confirmPasswordRules, NEW_PASSWORD_RULES } from '../dialogs/form-helpers.tsx';
import { useAppDeps } from '../deps.tsx';
import { LOGIN_PATH } from '../paths.ts';
import { MOBILE_RULES, SmsCodeField } from './SmsCodeField.tsx';
import { REGISTER_RESULT_PATH } from './user-paths.ts';

export { REGISTER_RESULT_PATH };

export function RegisterPage() {
  const { auth } = useAppDeps();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(values: RegisterForm) {
    setBusy(true);
    setError(undefined);
    try {
      const trimmed = { ...values, username: values.username.trim(), phone: values.phone.trim(), smscode: values.smscode.trim() };
      const done = await auth.register(trimmed);
      navigate(REGISTER_RESULT_PATH, { state: { username: done.username } });
    } catch (cause: unknown) {
      if (isHttpError(cause) && cause.fieldErrors) {
        form.setFields(cause.fieldErrors.map((e) => ({ name: e.field as keyof RegisterForm, errors: [e.message] })));
      } else {
        setError(cause instanceof Error ? cause.message : String(cause));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <h2 style={{ textAlign: 'center', marginTop: 0 }}>用户注册</h2>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} size="large" aria-label="用户注册" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="username"
          rules={[
            { required: true, message: '请输入用户名' },
            { pattern: USERNAME_PATTERN, message: USERNAME_MESSAGE },
          ]}
        >
          <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" maxLength={30} />
        </Form.Item>
        <Form.Item name="password" rules={NEW_PASSWORD_RULES}>
          <Input.Password prefix={<LockOutlined />} placeholder="密码（8-30位，含大小写字母、数字和特殊符号）" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmpassword" dependencies={['password']} rules={confirmPasswordRules('password')}>
          <Input.Password prefix={<LockOutlined />} placeholder="确认密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="phone" rules={MOBILE_RULES}>
          <Input prefix={<MobileOutlined />} placeholder="手机号" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <SmsCodeField form={form} mobileField="phone" name="smscode" send={(mobile) => auth.sendSms(mobile, '1')} onError={setError} />
        <Button type="primary" htmlType="submit" block loading={busy}>
          注册
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={LOGIN_PATH}>使用已有账户登录</Link>
      </div>
    </div>
  );
}
