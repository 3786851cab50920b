/**
 * Sign-in with a phone number and a six-digit code texted to it (`/sys/sms` then `/sys/phoneLogin`). The send
 * button counts down the server's one-minute resend interval.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { isMobile } from '../../contracts/index.ts';
import { useSession } from '../session.tsx';

const RESEND_SECONDS = 60;

interface PhoneValues {
  mobile: string;
  code: string;
}

export function PhoneLoginForm() {
  const session = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm<PhoneValues>();
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (countdown <= 0) return undefined;
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  async function sendCode() {
    const mobile = String(form.getFieldValue('mobile') ?? '').trim();
    if (!isMobile(mobile)) {
      await form.validateFields(['mobile']).catch(() => undefined);
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      message.success(await session.sendLoginSms(mobile));
      setCountdown(RESEND_SECONDS);
    } catch (cause: unknown) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setSending(false);
    }
  }

  async function submit(values: PhoneValues) {
    setSubmitting(true);
    setError(undefined);
    try {
      await session.phoneLogin({ mobile: values.mobile.trim(), captcha: values.code.trim() });
    } catch (cause: unknown) {
      const text = cause instanceof Error ? cause.message : String(cause);
      setError(text);
      message.error(text);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<PhoneValues> form={form} size="large" onFinish={(values) => void submit(values)} aria-label="手机号登录">
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form.Item
        name="mobile"
        rules={[
          { required: true, message: '请输入手机号' },
          { validator: async (_, value: unknown) => (isMobile(String(value ?? '').trim()) ? undefined : Promise.reject(new Error('请输入正确的11位手机号码'))) },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" autoComplete="tel" maxLength={11} />
      </Form.Item>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name="code" rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入6位短信验证码' }]} style={{ flex: 1 }}>
          <Input prefix={<MailOutlined />} placeholder="请输入短信验证码" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        <Button style={{ width: 130 }} disabled={countdown > 0} loading={sending} onClick={() => void sendCode()}>
          {countdown > 0 ? `${countdown} 秒后重新获取` : '获取验证码'}
        </Button>
      </div>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
