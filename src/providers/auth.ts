/**
 * Login, logout and the session (contract §2–3). Login succeeds only on envelope code 200, like the JeecgBoot
 * client; the token, user, user type, customer id and dictionaries are then kept in storage. Logout always
 * clears the client side, whatever the server answers.
 */
import type { LoginResult, PermissionResult, Result, UserInfo } from '../contracts/index.ts';
import { ResultCode } from '../contracts/index.ts';
import type { HttpClient } from '../http/client.ts';
import { HttpError } from '../http/errors.ts';
import { REMEMBER_TTL_MS, StorageKeys } from '../http/storage.ts';
import type { SessionStorage } from '../http/storage.ts';

export interface LoginForm {
  username: string;
  password: string;
  captcha: string;
  checkKey: string;
  /** 自动登录: keep a remember-me value so this browser signs in again without the password for 30 days. */
  remember_me?: boolean;
}

export interface PhoneLoginForm {
  mobile: string;
  /** The six-digit code sent by SMS (JeecgBoot calls it `captcha`). */
  captcha: string;
}

/** Which login page: the platform's, or the shipper page (`/user/login3`), which admits customers only. */
export type LoginEntry = 'platform' | 'customer';

export interface RegisterForm {
  username: string;
  realname?: string;
  password: string;
  confirmpassword: string;
  phone: string;
  smscode: string;
}

/** SMS purposes (`smsmode`): 0 login, 1 register, 2 reset a forgotten password. */
export type SmsMode = '0' | '1' | '2';

export interface AuthProvider {
  /** The captcha image (data URL) for a key the caller chose, normally Date.now(). */
  captcha(checkKey: string): Promise<string>;
  /** Resolves on success; rejects with HttpError (code 412 means a wrong captcha). */
  login(form: LoginForm, entry?: LoginEntry): Promise<LoginResult>;
  /** Asks the server to text a code; resolves with the server's sentence. */
  sendSms(mobile: string, mode: SmsMode): Promise<string>;
  /** Signs in with a phone number and the code texted to it. */
  phoneLogin(form: PhoneLoginForm): Promise<LoginResult>;
  /** Forgotten password, step 1: proves the phone with a mode-2 code; resolves with a single-use reset ticket. */
  verifyResetPhone(phone: string, smscode: string): Promise<{ username: string; ticket: string }>;
  /** Step 2: sets the new password with the ticket; resolves with the server's sentence. */
  resetPassword(ticket: string, password: string, confirmpassword: string): Promise<string>;
  /** Signs in with the service ticket the CAS server handed back (single sign-on). */
  casLogin(ticket: string): Promise<LoginResult>;
  /** Signs in with the single-use ticket third-party (OAuth 2.0) login handed back on the login page's URL. */
  thirdLogin(ticket: string): Promise<LoginResult>;
  /** Creates an account proved by a mode-1 code; rejects with field errors when the server refuses a field. */
  register(form: RegisterForm): Promise<{ username: string }>;
  /** Whether this browser holds a remember-me value. */
  hasRememberedLogin(): boolean;
  /** Signs in with the remembered value (which the server rotates); a refused value is forgotten. */
  rememberedLogin(): Promise<LoginResult>;
  /** Resolves once no remembered sign-in or logout is under way (they run one after another, never together). */
  whenSettled(): Promise<void>;
  /**
   * Ends the session on the server and forgets it here. `keepRemembered` (an expired session, not a deliberate
   * logout) keeps the remember-me value so the login page can sign straight back in.
   */
  logout(options?: { keepRemembered?: boolean }): Promise<void>;
  token(): string | undefined;
  userInfo(): UserInfo | undefined;
  permissions(): Promise<PermissionResult>;
}

/** Login code meaning: signed in, but change the password now. */
export const PASSWORD_CHANGE_REQUIRED = 406;

export function createAuthProvider(deps: { http: HttpClient; storage: SessionStorage }): AuthProvider {
  const { http, storage } = deps;
  let rememberInFlight: Promise<LoginResult> | undefined;
  // Remembered sign-ins and logouts take turns. Run together, a logout that began before a remembered sign-in
  // ended would wipe the session it brought and put back the value the server had just used up.
  let lane: Promise<unknown> = Promise.resolve();
  function inTurn<T>(task: () => Promise<T>): Promise<T> {
    const turn = lane.then(task, task);
    lane = turn.catch(() => undefined);
    return turn;
  }

  function remember(result: LoginResult): void {
    storage.set(StorageKeys.token, result.token);
    // A login without 自动登录 ends any earlier remembering; one with it replaces the value.
    if (result.rememberToken) storage.set(StorageKeys.rememberToken, result.rememberToken, REMEMBER_TTL_MS);
    else storage.remove(StorageKeys.rememberToken);
    storage.set(StorageKeys.userInfo, result.userInfo);
    storage.set(StorageKeys.userType, result.userType ?? result.userInfo?.userType);
    storage.set(StorageKeys.cid, result.cid ?? null);
    storage.set(StorageKeys.dicts, result.sysAllDictItems ?? {});
    const tenant = result.tenantList?.[0];
    if (tenant) storage.set(StorageKeys.tenantId, tenant.id);
  }

  /**
   * A login answer counts only with code 200 and a token, as in the JeecgBoot client — or code 406, which is
   * resolved, not rejected: signed in, but the password must be changed before anything else.
   */
  function accept(envelope: Result<LoginResult>): LoginResult {
    if (envelope.code === PASSWORD_CHANGE_REQUIRED && envelope.result?.token) {
      remember(envelope.result);
      return { ...envelope.result, mustChangePassword: true };
    }
    if (envelope.code !== ResultCode.ok || !envelope.result?.token) {
      throw new HttpError({ status: 200, code: envelope.code, message: envelope.message || '登录失败' });
    }
    remember(envelope.result);
    return envelope.result;
  }

  return {
    captcha: (checkKey) => http.getResult<string>(`/sys/randomImage/${encodeURIComponent(checkKey)}`),
    async login(form, entry = 'platform') {
      const url = entry === 'customer' ? '/sys/customerlogin' : '/sys/login';
      return accept(await http.request<LoginResult>({ method: 'post', url, data: form }));
    },
    sendSms: async (mobile, mode) =>
      (await http.request<null>({ method: 'post', url: '/sys/sms', data: { mobile, smsmode: mode } })).message,
    verifyResetPhone: (phone, smscode) =>
      http.postResult<{ username: string; ticket: string }>('/sys/user/phoneVerification', { phone, smscode }),
    resetPassword: async (ticket, password, confirmpassword) =>
      (await http.request<null>({ method: 'post', url: '/sys/user/passwordChange', data: { ticket, password, confirmpassword } })).message,
    register: (form) => http.postResult<{ username: string }>('/sys/user/register', form),
    async casLogin(ticket) {
      return accept(await http.request<LoginResult>({ method: 'post', url: '/sys/cas/client/validateLogin', data: { ticket } }));
    },
    async thirdLogin(ticket) {
      return accept(await http.request<LoginResult>({ method: 'get', url: `/sys/thirdLogin/getLoginUser/${encodeURIComponent(ticket)}` }));
    },
    async phoneLogin(form) {
      return accept(await http.request<LoginResult>({ method: 'post', url: '/sys/phoneLogin', data: form }));
    },
    hasRememberedLogin: () => Boolean(storage.get<string>(StorageKeys.rememberToken)),
    rememberedLogin() {
      // The value is single-use on the server: a second request with it (a remounted login page) would spend it
      // for nothing and fail, so every caller shares the sign-in already under way.
      if (rememberInFlight) return rememberInFlight;
      const promise = inTurn(async () => {
        const value = storage.get<string>(StorageKeys.rememberToken);
        if (!value) throw new HttpError({ status: 200, code: 500, message: '自动登录已失效，请重新登录' });
        try {
          return accept(await http.request<LoginResult>({ method: 'get', url: `/sys/remember/${encodeURIComponent(value)}` }));
        } catch (cause: unknown) {
          // Forget the refused value only: another sign-in may have stored a fresh one meanwhile.
          if (storage.get<string>(StorageKeys.rememberToken) === value) storage.remove(StorageKeys.rememberToken);
          throw cause;
        }
      }).finally(() => {
        if (rememberInFlight === promise) rememberInFlight = undefined;
      });
      rememberInFlight = promise;
      return promise;
    },
    whenSettled: () => lane.then(() => undefined),
    logout(options) {
      return inTurn(async () => {
        const remembered = storage.get<string>(StorageKeys.rememberToken);
        try {
          if (storage.get<string>(StorageKeys.token)) {
            await http.postResult<unknown>('/sys/logout', options?.keepRemembered ? {} : { rememberToken: remembered });
          }
        } catch {
          // The server may already have dropped the session; the client logs out regardless.
        } finally {
          storage.clear();
          if (options?.keepRemembered && remembered) storage.set(StorageKeys.rememberToken, remembered, REMEMBER_TTL_MS);
        }
      });
    },
    token: () => storage.get<string>(StorageKeys.token),
    userInfo: () => storage.get<UserInfo>(StorageKeys.userInfo),
    permissions: () => http.getResult<PermissionResult>('/sys/permission/getUserPermissionByToken'),
  };
}
