/** Sign-in with a phone number and a six-digit code texted to it (`/sys/sms` then `/sys/phoneLogin`). */
import { useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useSession } from '../session.tsx';
import { MOBILE_RULES, SmsCodeField } from './SmsCodeField.tsx';

interface PhoneValues {
  mobile: string;
  code: string;
}

export function PhoneLoginForm() {
  const session = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm<PhoneValues>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

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
      <Form.Item name="mobile" rules={MOBILE_RULES}>
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" autoComplete="tel" maxLength={11} />
      </Form.Item>
      <SmsCodeField form={form} mobileField="mobile" name="code" send={session.sendLoginSms} onError={setError} />
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
