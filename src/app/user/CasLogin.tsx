/**
 * Single sign-on on the login page: a link to the CAS login when the server has CAS configured, and, when CAS sends
 * the browser back with `?ticket=`, the sign-in with that ticket (once; a refused ticket is dropped from the URL).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useSession } from '../session.tsx';
import { usePlatformSettings } from '../settings.tsx';

export function CasLogin() {
  const { casLoginUrl } = usePlatformSettings();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const ticket = params.get('ticket');
  const tried = useRef<string | null>(null);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!ticket || tried.current === ticket) return;
    tried.current = ticket;
    session.casLogin(ticket).catch((cause: unknown) => {
      setError(cause instanceof Error ? cause.message : String(cause));
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('ticket');
        return next;
      }, { replace: true });
    });
  }, [ticket, session, setParams]);

  if (ticket && !error) return <Spin tip="正在通过统一身份认证登录…" fullscreen />;
  return (
    <>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      {casLoginUrl ? (
        <Button block href={casLoginUrl} icon={<SafetyCertificateOutlined />} style={{ marginTop: 12 }}>
          统一身份认证登录
        </Button>
      ) : null}
    </>
  );
}
