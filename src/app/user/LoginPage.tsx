/**
 * Sign-in with username, password and image captcha (contract §2.1–2.2). Every refusal shows the server's
 * sentence and fetches a new captcha image (a wrong captcha is code 412). Success is picked up by the login
 * route, which redirects. The platform page also offers sign-in by a texted code; the shipper page
 * (`/user/login3`) admits customers only. The captcha is shown when the server asks for it on every login
 * (`loginCaptcha`, the server's LOGIN_CAPTCHA) or, with it off, once the server demands it after repeated failures
 * (code 412). Plain React + user-pages.css: this page is the app's entry and must not
 * pull antd (issue 3's bundle target).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { LoginEntry } from '../../providers/auth.ts';
import { isHttpError } from '../../http/errors.ts';
import { useSession } from '../session.tsx';
import { usePlatformSettings } from '../settings.tsx';
import { PhoneLoginForm } from './PhoneLoginForm.tsx';
import { CasLogin } from './CasLogin.tsx';
import { ThirdLogin } from './ThirdLogin.tsx';
import { RememberedLogin } from './RememberedLogin.tsx';
import { ErrorAlert, errorText, SubmitButton, TextField } from './light-ui.tsx';

export function LoginPage({ entry = 'platform' }: { entry?: LoginEntry }) {
  if (entry === 'customer') {
    return (
      <>
        <h2 className="up-subtitle">货主登录</h2>
        <RememberedLogin />
        <PasswordLoginForm entry="customer" />
      </>
    );
  }
  return (
    <>
      <RememberedLogin />
      <LoginTabs />
      <CasLogin />
      <ThirdLogin />
    </>
  );
}

const TABS = [
  { key: 'password', label: '账号密码登录' },
  { key: 'phone', label: '手机号登录' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** WAI-ARIA tabs; both panels stay mounted (hidden) so typed values survive switching, as antd's Tabs did. */
function LoginTabs() {
  const [active, setActive] = useState<TabKey>('password');
  const [phoneOpened, setPhoneOpened] = useState(false);
  const id = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  function select(key: TabKey) {
    setActive(key);
    if (key === 'phone') setPhoneOpened(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const index = TABS.findIndex((tab) => tab.key === active);
    const next = (index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    select(TABS[next].key);
    tabRefs.current[next]?.focus();
  }

  return (
    <>
      <div className="up-tabs" role="tablist" aria-label="登录方式" onKeyDown={onKeyDown}>
        {TABS.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            className="up-tab"
            aria-selected={active === tab.key}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={active === tab.key ? 0 : -1}
            onClick={() => select(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-password`} aria-labelledby={`${id}-tab-password`} hidden={active !== 'password'}>
        <PasswordLoginForm entry="platform" />
      </div>
      <div role="tabpanel" id={`${id}-panel-phone`} aria-labelledby={`${id}-tab-phone`} hidden={active !== 'phone'}>
        {phoneOpened ? <PhoneLoginForm /> : null}
      </div>
    </>
  );
}

interface LoginValues {
  username: string;
  password: string;
  captcha: string;
}
type LoginErrors = Partial<Record<keyof LoginValues, string>>;

function validate(values: LoginValues, captchaShown: boolean): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.username.trim()) errors.username = '请输入帐户名';
  if (!values.password) errors.password = '请输入密码';
  if (captchaShown && !values.captcha.trim()) errors.captcha = '请输入验证码';
  return errors;
}

function PasswordLoginForm({ entry }: { entry: LoginEntry }) {
  const session = useSession();
  const { loginCaptcha } = usePlatformSettings();
  // With LOGIN_CAPTCHA=off the server still demands a captcha after an account's repeated failures (code 412).
  const [captchaDemanded, setCaptchaDemanded] = useState(false);
  const captchaShown = loginCaptcha || captchaDemanded;
  const id = useId();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '', captcha: '' });
  const [rememberMe, setRememberMe] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<LoginErrors>({});
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
    if (captchaShown) void refreshCaptcha();
    // On arrival and when the captcha appears: the session object changes on every sign-in attempt, the captcha must not.
  }, [captchaShown]);

  function change(field: keyof LoginValues, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // Like antd's form: once a field has shown an error, it is re-checked as the user types.
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: validate(next, captchaShown)[field] }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const errors = validate(values, captchaShown);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    setError(undefined);
    try {
      // Success changes the session; the login route then moves on to the redirect target.
      await session.login(
        { ...values, username: values.username.trim(), checkKey, ...(rememberMe ? { remember_me: true } : {}) },
        entry,
      );
    } catch (cause: unknown) {
      setError(errorText(cause));
      // A captcha answer may be spent by any attempt (our server consumes it; JeecgBoot only on success), so every
      // failure brings a fresh image; a 412 (wrong captcha) certainly needs one.
      setValues((current) => ({ ...current, captcha: '' }));
      if (captchaShown) void refreshCaptcha();
      // Showing the field fetches its first image (the effect above).
      else if (isHttpError(cause) && cause.code === 412) setCaptchaDemanded(true);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="up-form" aria-label="登录" noValidate onSubmit={(event) => void submit(event)}>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <TextField
        id={`${id}-username`}
        label="帐户名"
        placeholder="请输入帐户名"
        autoComplete="username"
        value={values.username}
        onChange={(value) => change('username', value)}
        error={fieldErrors.username}
      />
      <TextField
        id={`${id}-password`}
        label="密码"
        type="password"
        placeholder="请输入密码"
        autoComplete="current-password"
        value={values.password}
        onChange={(value) => change('password', value)}
        error={fieldErrors.password}
      />
      {captchaShown ? (
        <div className="up-row">
          <TextField
            id={`${id}-captcha`}
            label="验证码"
            placeholder="请输入验证码"
            autoComplete="off"
            maxLength={8}
            value={values.captcha}
            onChange={(value) => change('captcha', value)}
            error={fieldErrors.captcha}
          />
          <button
            type="button"
            className="up-captcha"
            onClick={() => void refreshCaptcha()}
            title="看不清？点击换一张"
            aria-label="刷新验证码"
          >
            {captchaImage ? <img src={captchaImage} alt="验证码" /> : '获取验证码'}
          </button>
        </div>
      ) : null}
      <label className="up-check">
        <input type="checkbox" checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
        自动登录
      </label>
      <SubmitButton busy={submitting}>登录</SubmitButton>
      {entry === 'platform' ? (
        <div className="up-links">
          <Link to="/user/register">注册账户</Link>
          <Link to="/user/alteration">忘记密码</Link>
        </div>
      ) : null}
    </form>
  );
}
