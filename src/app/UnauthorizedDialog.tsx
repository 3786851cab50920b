/**
 * Installs the http client's 401 hook (http itself knows nothing of antd): one "登录已过期" dialog at a time,
 * whose button forgets the session and goes to the login page.
 */
import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import type { HttpClient } from '../http/client.ts';
import { LOGIN_PATH } from './paths.ts';
import { useSession } from './session.tsx';

export function UnauthorizedDialog({ http }: { http: HttpClient }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { forget } = useSession();
  const showing = useRef(false);

  useEffect(() => {
    http.setUnauthorizedHandler(() => {
      if (showing.current) return;
      showing.current = true;
      modal.error({
        title: '登录已过期',
        content: '很抱歉，登录已过期，请重新登录',
        okText: '重新登录',
        onOk: () => {
          showing.current = false;
          forget();
          navigate(LOGIN_PATH, { replace: true });
        },
      });
    });
    return () => http.setUnauthorizedHandler(undefined);
  }, [http, modal, navigate, forget]);

  return null;
}
