/**
 * Forgotten password (`/user/alteration`): prove the phone with a texted code, set a new password, done. The
 * server hands a single-use ticket between the two steps and signs the account out everywhere on success.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input, Result, Steps } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { confirmPasswordRules, NEW_PASSWORD_RULES } from '../dialogs/form-helpers.tsx';
import { useAppDeps } from '../deps.tsx';
import { LOGIN_PATH } from '../paths.ts';
import { MOBILE_RULES, SmsCodeField } from './SmsCodeField.tsx';


export function AlterationPage() {
  const { auth } = useAppDeps();
  const [step, setStep] = useState(0);
  const [ticket, setTicket] = useState('');
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [phoneForm] = Form.useForm<{ phone: string; smscode: string }>();
  const [passwordForm] = Form.useForm<{ password: string; confirmpassword: string }>();

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (cause: unknown) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <h2 style={{ textAlign: 'center', marginTop: 0 }}>找回密码</h2>
      <Steps size="small" current={step} items={[{ title: '验证手机' }, { title: '设置新密码' }, { title: '完成' }]} style={{ marginBottom: 24 }} />
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      {step === 0 ? (
        <Form
          form={phoneForm}
          size="large"
          aria-label="验证手机"
          onFinish={(values) =>
            void run(async () => {
              const verified = await auth.verifyResetPhone(values.phone.trim(), values.smscode.trim());
              setTicket(verified.ticket);
              setUsername(verified.username);
              setStep(1);
            })
          }
        >
          <Form.Item name="phone" rules={MOBILE_RULES}>
            <Input prefix={<MobileOutlined />} placeholder="请输入手机号" maxLength={11} autoComplete="tel" />
          </Form.Item>
          <SmsCodeField form={phoneForm} mobileField="phone" name="smscode" send={(mobile) => auth.sendSms(mobile, '2')} onError={setError} />
          <Button type="primary" htmlType="submit" block loading={busy}>
            下一步
          </Button>
        </Form>
      ) : null}
      {step === 1 ? (
        <Form
          form={passwordForm}
          size="large"
          aria-label="设置新密码"
          onFinish={(values) =>
            void run(async () => {
              await auth.resetPassword(ticket, values.password, values.confirmpassword);
              setStep(2);
            })
          }
        >
          <p>账号：{username}</p>
          <Form.Item name="password" rules={NEW_PASSWORD_RULES}>
            <Input.Password prefix={<LockOutlined />} placeholder="请输入新密码" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmpassword"
            dependencies={['password']}
            rules={confirmPasswordRules('password')}
          >
            <Input.Password prefix={<LockOutlined />} placeholder="请确认新密码" autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            确定
          </Button>
        </Form>
      ) : null}
      {step === 2 ? (
        <Result
          status="success"
          title="密码重置成功!"
          subTitle="请使用新密码登录，其他设备上的登录已失效。"
          extra={<Link to={LOGIN_PATH}>返回登录</Link>}
        />
      ) : null}
      {step < 2 ? (
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to={LOGIN_PATH}>返回登录</Link>
        </div>
      ) : null}
    </div>
  );
}
