/**
 * Login, logout and the session (contract §2–3). Login succeeds only on envelope code 200, like the JeecgBoot
 * client; the token, user, user type, customer id and dictionaries are then kept in storage. Logout always
 * clears the client side, whatever the server answers.
 */
import type { LoginResult, PermissionResult, UserInfo } from '../contracts/index.ts';
import { ResultCode } from '../contracts/index.ts';
import type { HttpClient } from '../http/client.ts';
import { HttpError } from '../http/errors.ts';
import { StorageKeys } from '../http/storage.ts';
import type { SessionStorage } from '../http/storage.ts';

export interface LoginForm {
  username: string;
  password: string;
  captcha: string;
  checkKey: string;
}

export interface AuthProvider {
  /** The captcha image (data URL) for a key the caller chose, normally Date.now(). */
  captcha(checkKey: string): Promise<string>;
  /** Resolves on success; rejects with HttpError (code 412 means a wrong captcha). */
  login(form: LoginForm): Promise<LoginResult>;
  logout(): Promise<void>;
  token(): string | undefined;
  userInfo(): UserInfo | undefined;
  permissions(): Promise<PermissionResult>;
}

export function createAuthProvider(deps: { http: HttpClient; storage: SessionStorage }): AuthProvider {
  const { http, storage } = deps;

  function remember(result: LoginResult): void {
    storage.set(StorageKeys.token, result.token);
    storage.set(StorageKeys.userInfo, result.userInfo);
    storage.set(StorageKeys.userType, result.userType ?? result.userInfo?.userType);
    storage.set(StorageKeys.cid, result.cid ?? null);
    storage.set(StorageKeys.dicts, result.sysAllDictItems ?? {});
    const tenant = result.tenantList?.[0];
    if (tenant) storage.set(StorageKeys.tenantId, tenant.id);
  }

  return {
    captcha: (checkKey) => http.getResult<string>(`/sys/randomImage/${encodeURIComponent(checkKey)}`),
    async login(form) {
      const envelope = await http.request<LoginResult>({ method: 'post', url: '/sys/login', data: form });
      if (envelope.code !== ResultCode.ok || !envelope.result?.token) {
        throw new HttpError({ status: 200, code: envelope.code, message: envelope.message || '登录失败' });
      }
      remember(envelope.result);
      return envelope.result;
    },
    async logout() {
      try {
        if (storage.get<string>(StorageKeys.token)) await http.postResult<unknown>('/sys/logout');
      } catch {
        // The server may already have dropped the session; the client logs out regardless.
      } finally {
        storage.clear();
      }
    },
    token: () => storage.get<string>(StorageKeys.token),
    userInfo: () => storage.get<UserInfo>(StorageKeys.userInfo),
    permissions: () => http.getResult<PermissionResult>('/sys/permission/getUserPermissionByToken'),
  };
}
