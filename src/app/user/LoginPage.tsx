/**
 * Sign-in with username, password and image captcha (contract §2.1–2.2). Every refusal shows the server's
 * sentence and fetches a new captcha image (a wrong captcha is code 412). Success is picked up by the login
 * route, which redirects. The platform page also offers sign-in by a texted code; the shipper page
 * (`/user/login3`) admits customers only.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, Tabs } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { LoginEntry } from '../../providers/auth.ts';
import { useSession } from '../session.tsx';
import { PhoneLoginForm } from './PhoneLoginForm.tsx';
import { CasLogin } from './CasLogin.tsx';
import { ThirdLogin } from './ThirdLogin.tsx';
import { RememberedLogin } from './RememberedLogin.tsx';

interface LoginValues {
  username: string;
  password: string;
  captcha: string;
  remember_me?: boolean;
}

export function LoginPage({ entry = 'platform' }: { entry?: LoginEntry }) {
  if (entry === 'customer') {
    return (
      <>
        <h2 style={{ textAlign: 'center', marginTop: 0 }}>货主登录</h2>
        <RememberedLogin />
        <PasswordLoginForm entry="customer" />
      </>
    );
  }
  return (
    <>
      <RememberedLogin />
      <Tabs
        centered
        items={[
          { key: 'password', label: '账号密码登录', children: <PasswordLoginForm entry="platform" /> },
          { key: 'phone', label: '手机号登录', children: <PhoneLoginForm /> },
        ]}
      />
      <CasLogin />
      <ThirdLogin />
    </>
  );
}

function PasswordLoginForm({ entry }: { entry: LoginEntry }) {
  const session = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginValues>();
  const [checkKey, setCheckKey] = useState('');
  const [captchaImage, setCaptchaImage] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  const latestKey = useRef('');

  const refreshCaptcha = useCallback(async () => {
    const key = String(Date.now());
    latestKey.current = key;
    setCheckKey(key);
    try {
      const image = await session.captcha(key);
      // A slower answer for an older key must not replace the image the current key belongs to.
      if (latestKey.current === key) setCaptchaImage(image);
    } catch (cause: unknown) {
      if (latestKey.current !== key) return;
      setCaptchaImage(undefined);
      setError(cause instanceof Error ? cause.message : '验证码加载失败');
    }
  }, [session]);

  useEffect(() => {
    void refreshCaptcha();
    // Only on arrival: the session object changes on every sign-in attempt, the captcha must not.
  }, []);

  async function submit(values: LoginValues) {
    setSubmitting(true);
    setError(undefined);
    try {
      // Success changes the session; the login route then moves on to the redirect target.
      await session.login({ ...values, username: values.username.trim(), checkKey }, entry);
    } catch (cause: unknown) {
      const text = cause instanceof Error ? cause.message : String(cause);
      setError(text);
      message.error(text);
      // A captcha answer may be spent by any attempt (our server consumes it; JeecgBoot only on success), so every
      // failure brings a fresh image; a 412 (wrong captcha) certainly needs one.
      form.setFieldValue('captcha', '');
      void refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<LoginValues> form={form} size="large" onFinish={(values) => void submit(values)} aria-label="登录">
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入帐户名' }]}>
        <Input prefix={<UserOutlined />} placeholder="请输入帐户名" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
      </Form.Item>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name="captcha" rules={[{ required: true, whitespace: true, message: '请输入验证码' }]} style={{ flex: 1 }}>
          <Input prefix={<SafetyOutlined />} placeholder="请输入验证码" autoComplete="off" maxLength={8} />
        </Form.Item>
        <button
          type="button"
          onClick={() => void refreshCaptcha()}
          title="看不清？点击换一张"
          aria-label="刷新验证码"
          style={{ width: 110, height: 40, padding: 0, border: '1px solid #d9d9d9', borderRadius: 6, background: '#fafafa', cursor: 'pointer' }}
        >
          {captchaImage ? (
            <img src={captchaImage} alt="验证码" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
          ) : (
            '获取验证码'
          )}
        </button>
      </div>
      <Form.Item name="remember_me" valuePropName="checked" style={{ marginBottom: 12 }}>
        <Checkbox>自动登录</Checkbox>
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登录
        </Button>
      </Form.Item>
      {entry === 'platform' ? (
        <div style={{ marginTop: 12, display: 'flex', justifyContent: 'space-between' }}>
          <Link to="/user/register">注册账户</Link>
          <Link to="/user/alteration">忘记密码</Link>
        </div>
      ) : null}
    </Form>
  );
}
