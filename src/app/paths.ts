/** Well-known routes of the shell. */
export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';
export const NOT_FOUND_PATH = '/404';

/** Only same-site paths may be followed after login (no `//host` or absolute URLs). */
export function safeRedirect(redirect: string | null | undefined): string | undefined {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return undefined;
  if (redirect === LOGIN_PATH || redirect.startsWith(`${LOGIN_PATH}?`)) return undefined;
  return redirect;
}

export function loginPathFor(location: { pathname: string; search: string }): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}
