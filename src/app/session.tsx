/**
 * Who is signed in and what they may see. The token lives in storage (so a reload keeps the session); the menu and
 * button permissions are fetched after login and again after every reload before any private route renders.
 */
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { LoginResult, PermissionResult, UserInfo } from '../contracts/index.ts';
import { isValidMenu } from '../engine/menu-routes.ts';
import { REMEMBER_TTL_MS, StorageKeys } from '../http/storage.ts';
import type { AuthProvider, LoginEntry, LoginForm, PhoneLoginForm } from '../providers/auth.ts';
import type { DictProvider } from '../providers/dicts.ts';
import type { SessionStorage } from '../http/storage.ts';

/** JeecgBoot's own wording for a login whose menu came back empty. */
export const INVALID_MENU_MESSAGE = 'getPermissionList: permissions must be a non-null array !';

export type PermissionStatus = 'idle' | 'loading' | 'ready' | 'failed' | 'invalid-menu';

export interface Session {
  token: string | undefined;
  user: UserInfo | undefined;
  permissions: PermissionResult | undefined;
  permissionStatus: PermissionStatus;
  permissionError: string | undefined;
  /**
   * Whether the login page should bring the user back to where they were. False after a deliberate logout (or an
   * expired-session dialog), which lands on the plain login page.
   */
  returnAfterLogin: boolean;
  /** Captcha image (data URL) for the key the login form chose. */
  captcha(checkKey: string): Promise<string>;
  /** Signs in and loads the permissions; the session appears only when both succeeded. */
  login(form: LoginForm, entry?: LoginEntry): Promise<LoginResult>;
  /** The same with a phone number and a texted code. */
  phoneLogin(form: PhoneLoginForm): Promise<LoginResult>;
  /** The same with a CAS service ticket. */
  casLogin(ticket: string): Promise<LoginResult>;
  /** The same with a third-party login ticket. */
  thirdLogin(ticket: string): Promise<LoginResult>;
  /** Texts a login code to a phone; resolves with the server's sentence. */
  sendLoginSms(mobile: string): Promise<string>;
  /** Fetches menu and button permissions; resolves with the final status. */
  loadPermissions(): Promise<PermissionStatus>;
  /** Tells the server, then forgets the session locally whatever the server says. */
  /** `keepRemembered`: the session expired rather than the user leaving, so remember-me may sign back in. */
  logout(options?: { keepPlace?: boolean; keepRemembered?: boolean }): Promise<void>;
  /** Whether this browser may sign in with a remember-me value. */
  hasRememberedLogin(): boolean;
  /** Signs in with the remember-me value and loads the permissions. */
  rememberedLogin(): Promise<LoginResult>;
  /** Resolves once no remembered sign-in or logout is under way. */
  whenSignInSettled(): Promise<void>;
  /** The token in storage right now (a remembered sign-in stores it before the menu has loaded). */
  storedToken(): string | undefined;
  /** Forgets the session without calling the server (it already refused the token). */
  forget(): void;
  /** Signed in with code 406: nothing but the password change until it is done. */
  passwordChangeRequired: boolean;
  /** The password was changed: load the menu and carry on. */
  passwordChanged(): Promise<void>;
  /** Signed in with several departments (`multi_depart` 2): the user must pick one. */
  departChoicePending: boolean;
  departChosen(): void;
  /** Replaces the signed-in user (after choosing a department) in memory and in storage. */
  updateUser(user: UserInfo): void;
}

const SessionContext = createContext<Session | null>(null);

export interface SessionDeps {
  auth: AuthProvider;
  storage: SessionStorage;
  dicts: DictProvider;
}

export function SessionProvider({ deps, children }: { deps: SessionDeps; children: ReactNode }) {
  const { auth, storage, dicts } = deps;
  const [token, setToken] = useState(() => auth.token());
  const [user, setUser] = useState(() => auth.userInfo());
  const [permissions, setPermissions] = useState<PermissionResult>();
  const [permissionStatus, setPermissionStatus] = useState<PermissionStatus>('idle');
  const [permissionError, setPermissionError] = useState<string>();
  const [returnAfterLogin, setReturnAfterLogin] = useState(true);
  const [passwordChangeRequired, setPasswordChangeRequired] = useState(false);
  const [departChoicePending, setDepartChoicePending] = useState(false);

  const forget = useCallback(() => {
    setReturnAfterLogin(false);
    const remembered = storage.get<string>(StorageKeys.rememberToken);
    storage.clear();
    // auth.logout decided whether the remember-me value survives; forgetting the session must not undo that.
    if (remembered) storage.set(StorageKeys.rememberToken, remembered, REMEMBER_TTL_MS);
    setToken(undefined);
    setUser(undefined);
    setPermissions(undefined);
    setPermissionStatus('idle');
    setPermissionError(undefined);
    setPasswordChangeRequired(false);
    setDepartChoicePending(false);
  }, [storage]);

  const establish = useCallback(
    async (result: LoginResult) => {
      dicts.prime(result.sysAllDictItems ?? {});
      setDepartChoicePending(result.multi_depart === 2);
      if (result.mustChangePassword) {
        // The server allows nothing else yet, so the menu is fetched only after the change.
        setToken(result.token);
        setUser(result.userInfo);
        setPasswordChangeRequired(true);
        setReturnAfterLogin(true);
        return result;
      }
      // The session becomes visible only with its menu, so no screen ever sees a token without permissions.
      let granted: PermissionResult;
      try {
        granted = await auth.permissions();
      } catch (error: unknown) {
        await auth.logout();
        throw error;
      }
      if (!granted || !isValidMenu(granted.menu)) {
        await auth.logout();
        throw new Error(INVALID_MENU_MESSAGE);
      }
      setToken(result.token);
      setUser(result.userInfo);
      setPermissions(granted);
      setPermissionStatus('ready');
      setPermissionError(undefined);
      setReturnAfterLogin(true);
      return result;
    },
    [auth, dicts],
  );
  const login = useCallback(
    async (form: LoginForm, entry?: LoginEntry) => establish(await auth.login(form, entry)),
    [auth, establish],
  );
  const phoneLogin = useCallback(async (form: PhoneLoginForm) => establish(await auth.phoneLogin(form)), [auth, establish]);
  const rememberedLogin = useCallback(async () => establish(await auth.rememberedLogin()), [auth, establish]);
  const casLogin = useCallback(async (ticket: string) => establish(await auth.casLogin(ticket)), [auth, establish]);
  const thirdLogin = useCallback(async (ticket: string) => establish(await auth.thirdLogin(ticket)), [auth, establish]);
  const sendLoginSms = useCallback((mobile: string) => auth.sendSms(mobile, '0'), [auth]);

  const loadPermissions = useCallback(async (): Promise<PermissionStatus> => {
    setPermissionStatus('loading');
    setPermissionError(undefined);
    try {
      const result = await auth.permissions();
      if (!result || !isValidMenu(result.menu)) {
        setPermissionStatus('invalid-menu');
        setPermissionError(INVALID_MENU_MESSAGE);
        return 'invalid-menu';
      }
      setPermissions(result);
      setPermissionStatus('ready');
      return 'ready';
    } catch (error: unknown) {
      setPermissionStatus('failed');
      setPermissionError(error instanceof Error ? error.message : String(error));
      return 'failed';
    }
  }, [auth]);

  const passwordChanged = useCallback(async () => {
    setPasswordChangeRequired(false);
    await loadPermissions();
  }, [loadPermissions]);

  const departChosen = useCallback(() => setDepartChoicePending(false), []);

  const updateUser = useCallback(
    (next: UserInfo) => {
      storage.set(StorageKeys.userInfo, next);
      setUser(next);
    },
    [storage],
  );

  const logout = useCallback(
    async (options?: { keepPlace?: boolean; keepRemembered?: boolean }) => {
      await auth.logout({ keepRemembered: options?.keepRemembered });
      forget();
      if (options?.keepPlace) setReturnAfterLogin(true);
    },
    [auth, forget],
  );

  const value = useMemo<Session>(
    () => ({
      token,
      user: user ?? storage.get<UserInfo>(StorageKeys.userInfo),
      permissions,
      permissionStatus,
      permissionError,
      returnAfterLogin,
      captcha: auth.captcha,
      login,
      phoneLogin,
      casLogin,
      thirdLogin,
      rememberedLogin,
      hasRememberedLogin: auth.hasRememberedLogin,
      whenSignInSettled: auth.whenSettled,
      storedToken: auth.token,
      sendLoginSms,
      loadPermissions,
      logout,
      forget,
      passwordChangeRequired,
      passwordChanged,
      departChoicePending,
      departChosen,
      updateUser,
    }),
    [auth, token, user, storage, permissions, permissionStatus, permissionError, returnAfterLogin, login, phoneLogin, casLogin, thirdLogin, rememberedLogin, sendLoginSms, loadPermissions, logout, forget, passwordChangeRequired, passwordChanged, departChoicePending, departChosen, updateUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it');
  return session;
}
