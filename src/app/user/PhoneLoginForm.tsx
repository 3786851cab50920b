/**
 * Sign-in with a phone number and a six-digit code texted to it (`/sys/sms` then `/sys/phoneLogin`). The 获取验证码
 * button counts down the server's one-minute resend interval. Plain React (the login page loads no antd).
 */
import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { isMobile } from '../../contracts/validation/formats.ts';
import { useSession } from '../session.tsx';
import { ErrorAlert, errorText, SubmitButton, TextField } from './light-ui.tsx';

const RESEND_SECONDS = 60;

interface PhoneValues {
  mobile: string;
  code: string;
}
type PhoneErrors = Partial<Record<keyof PhoneValues, string>>;

function mobileError(mobile: string): string | undefined {
  if (!mobile.trim()) return '请输入手机号';
  return isMobile(mobile.trim()) ? undefined : '请输入正确的11位手机号码';
}

function validate(values: PhoneValues): PhoneErrors {
  const errors: PhoneErrors = {};
  const mobile = mobileError(values.mobile);
  if (mobile) errors.mobile = mobile;
  if (!/^\d{6}$/.test(values.code)) errors.code = '请输入6位短信验证码';
  return errors;
}

export function PhoneLoginForm() {
  const session = useSession();
  const id = useId();
  const [values, setValues] = useState<PhoneValues>({ mobile: '', code: '' });
  const [fieldErrors, setFieldErrors] = useState<PhoneErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return undefined;
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  function change(field: keyof PhoneValues, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: validate(next)[field] }));
  }

  async function sendCode() {
    const problem = mobileError(values.mobile);
    if (problem) {
      setFieldErrors((current) => ({ ...current, mobile: problem }));
      return;
    }
    setSending(true);
    setNotice(undefined);
    try {
      setNotice(await session.sendLoginSms(values.mobile.trim()));
      setCountdown(RESEND_SECONDS);
    } catch (cause: unknown) {
      setError(errorText(cause));
    } finally {
      setSending(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const errors = validate(values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    setError(undefined);
    try {
      await session.phoneLogin({ mobile: values.mobile.trim(), captcha: values.code.trim() });
    } catch (cause: unknown) {
      setError(errorText(cause));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="up-form" aria-label="手机号登录" noValidate onSubmit={(event) => void submit(event)}>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <TextField
        id={`${id}-mobile`}
        label="手机号"
        type="tel"
        placeholder="请输入手机号"
        autoComplete="tel"
        maxLength={11}
        value={values.mobile}
        onChange={(value) => change('mobile', value)}
        error={fieldErrors.mobile}
      />
      <div className="up-row">
        <TextField
          id={`${id}-code`}
          label="短信验证码"
          placeholder="请输入短信验证码"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={values.code}
          onChange={(value) => change('code', value)}
          error={fieldErrors.code}
        />
        <button
          type="button"
          className="up-button up-button-sms"
          disabled={countdown > 0 || sending}
          aria-busy={sending}
          onClick={() => void sendCode()}
        >
          {countdown > 0 ? `${countdown} 秒后重新获取` : '获取验证码'}
        </button>
      </div>
      {notice ? (
        <p className="up-notice" role="status">
          {notice}
        </p>
      ) : null}
      <SubmitButton busy={submitting}>登录</SubmitButton>
    </form>
  );
}
