/**
 * Installs the http client's failure hooks (http itself knows nothing of antd):
 * - HTTP 401: one "登录已过期" dialog at a time, whose button logs out and opens the login page as a fresh document
 *   (so no state of the expired session survives), or in place when the browser was already on the root or the
 *   login page or will sign back in by remember-me; the dialog closes by itself once remember-me has signed back in,
 *   and a refusal of a token the browser no longer holds shows nothing;
 * - any other HTTP-level failure: a 3-second "系统提示" notification with the catalogue's text.
 */
import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import type { HttpClient } from '../http/client.ts';
import { ERROR_NOTICE_SECONDS } from '../http/error-notices.ts';
import { LOGIN_PATH } from './paths.ts';
import { useSession } from './session.tsx';

/** Where a reload would only repeat what is already on screen (JeecgBoot's rule). */
function reloadIsPointless(pathname: string): boolean {
  return pathname === '/' || pathname.includes(LOGIN_PATH);
}

export interface UnauthorizedDialogProps {
  http: HttpClient;
  /** Loads `path` as a fresh document; replaced in tests (jsdom cannot navigate). */
  reload?: (path: string) => void;
}

export function UnauthorizedDialog({ http, reload = (path) => window.location.replace(path) }: UnauthorizedDialogProps) {
  const { modal, notification } = App.useApp();
  const navigate = useNavigate();
  const session = useSession();
  const { logout, token } = session;
  const sessionRef = useRef(session);
  sessionRef.current = session;
  // The dialog on screen and the token it was about: a different token later means someone signed back in.
  const open = useRef<{ close(): void; refusedToken: string | undefined } | undefined>(undefined);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  useEffect(() => {
    // A remembered browser signs straight back in from the login page; the dialog has nothing left to say.
    if (open.current && token && token !== open.current.refusedToken) open.current.close();
  }, [token]);

  useEffect(() => {
    http.setUnauthorizedHandler((_error, refusedToken) => {
      // A refusal of a token this browser no longer holds (heard late, after remember-me signed back in) is old news.
      if (open.current || refusedToken !== sessionRef.current.storedToken()) return;
      const dialog = modal.error({
        title: '登录已过期',
        content: '很抱歉，登录已过期，请重新登录',
        okText: '重新登录',
        onOk: async () => {
          // Read before navigating: the rule is about where the expiry caught the user.
          const pathname = window.location.pathname;
          const current = sessionRef.current;
          await current.whenSignInSettled();
          const stored = current.storedToken();
          // Signed back in meanwhile (remember-me): logging out now would end that fresh session.
          if (stored && stored !== refusedToken) return finish();
          // An expiry is not a decision to leave: a remembered browser may sign straight back in.
          const remembered = current.hasRememberedLogin();
          await logout({ keepRemembered: true });
          finish();
          // Straight to a fresh login page, not rendered here first — unless this browser signs in by remember-me:
          // its single-use value must be spent by a page that lives to read the answer, so it stays in place.
          if (reloadIsPointless(pathname) || remembered) navigate(LOGIN_PATH, { replace: true });
          else reloadRef.current(LOGIN_PATH);
        },
      });
      const finish = () => {
        if (open.current?.close === close) open.current = undefined;
      };
      const close = () => {
        finish();
        dialog.destroy();
      };
      open.current = { close, refusedToken };
    });
    http.setErrorNotifier((notice) => {
      notification.error({ title: notice.title, description: notice.description, duration: ERROR_NOTICE_SECONDS });
    });
    return () => {
      http.setUnauthorizedHandler(undefined);
      http.setErrorNotifier(undefined);
    };
  }, [http, modal, notification, navigate, logout]);

  return null;
}
