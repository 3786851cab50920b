/**
 * Installs the http client's failure hooks (http itself knows nothing of antd):
 * - HTTP 401: one "登录已过期" dialog at a time, whose button logs out and opens the login page as a fresh document
 *   (so no state of the expired session survives), or in place when the browser was already on the root or the
 *   login page;
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
  const { logout } = useSession();
  const showing = useRef(false);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  useEffect(() => {
    http.setUnauthorizedHandler(() => {
      if (showing.current) return;
      showing.current = true;
      modal.error({
        title: '登录已过期',
        content: '很抱歉，登录已过期，请重新登录',
        okText: '重新登录',
        onOk: async () => {
          // Read before navigating: the rule is about where the expiry caught the user.
          const pathname = window.location.pathname;
          // An expiry is not a decision to leave: a remembered browser may sign straight back in.
          await logout({ keepRemembered: true });
          showing.current = false;
          if (reloadIsPointless(pathname)) navigate(LOGIN_PATH, { replace: true });
          // Straight to a fresh login page, not rendered here first: its remembered sign-in would start at once and
          // the reload could cut it off after the server had used up the single-use remember-me value.
          else reloadRef.current(LOGIN_PATH);
        },
      });
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
