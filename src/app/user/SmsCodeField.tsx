/**
 * A six-digit SMS code input with its 获取验证码 button, which counts down the server's one-minute resend interval.
 * Used inside an antd Form whose `mobile` field holds the number.
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import type { FormInstance } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { isMobile } from '../../contracts/index.ts';

const RESEND_SECONDS = 60;

export interface SmsCodeFieldProps {
  form: FormInstance;
  /** Name of the form field holding the phone number. */
  mobileField: string;
  /** Name of this code field. */
  name: string;
  /** Sends the code; resolves with the server's sentence, rejects with its refusal. */
  send(mobile: string): Promise<string>;
  onError(message: string): void;
}

export function SmsCodeField({ form, mobileField, name, send, onError }: SmsCodeFieldProps) {
  const { message } = App.useApp();
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return undefined;
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  async function sendCode() {
    const mobile = String(form.getFieldValue(mobileField) ?? '').trim();
    if (!isMobile(mobile)) {
      await form.validateFields([mobileField]).catch(() => undefined);
      return;
    }
    setSending(true);
    try {
      message.success(await send(mobile));
      setCountdown(RESEND_SECONDS);
    } catch (cause: unknown) {
      onError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setSending(false);
    }
  }

  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Form.Item name={name} rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入6位短信验证码' }]} style={{ flex: 1 }}>
        <Input prefix={<MailOutlined />} placeholder="请输入短信验证码" autoComplete="one-time-code" maxLength={6} />
      </Form.Item>
      <Button style={{ width: 130 }} disabled={countdown > 0} loading={sending} onClick={() => void sendCode()}>
        {countdown > 0 ? `${countdown} 秒后重新获取` : '获取验证码'}
      </Button>
    </div>
  );
}

/** The phone-number rule both forms use. */
export const MOBILE_RULES = [
  { required: true, message: '请输入手机号' },
  {
    validator: async (_: unknown, value: unknown) =>
      isMobile(String(value ?? '').trim()) ? undefined : Promise.reject(new Error('请输入正确的11位手机号码')),
  },
];
