/**
 * Third-party (OAuth 2.0) login on the login page: a button to the provider when the server has one configured,
 * and, when the provider's round trip lands back here with `?thirdLoginToken=`, the sign-in with that single-use
 * ticket (once). A refusal arrives as `?thirdLoginError=` and is shown, then dropped from the URL.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useSession } from '../session.tsx';
import { usePlatformSettings } from '../settings.tsx';

export function ThirdLogin() {
  const { thirdLoginUrl, thirdLoginName } = usePlatformSettings();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const ticket = params.get('thirdLoginToken');
  const refusal = params.get('thirdLoginError');
  const tried = useRef<string | null>(null);
  const [error, setError] = useState<string | undefined>(refusal ?? undefined);

  useEffect(() => {
    if (!ticket && !refusal) return;
    if (refusal) setError(refusal);
    const forgetParams = () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('thirdLoginToken');
        next.delete('thirdLoginError');
        return next;
      }, { replace: true });
    if (!ticket) {
      forgetParams();
      return;
    }
    if (tried.current === ticket) return;
    tried.current = ticket;
    session.thirdLogin(ticket).catch((cause: unknown) => {
      setError(cause instanceof Error ? cause.message : String(cause));
      forgetParams();
    });
  }, [ticket, refusal, session, setParams]);

  if (ticket && !error) return <Spin tip="正在通过第三方账号登录…" fullscreen />;
  return (
    <>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      {thirdLoginUrl ? (
        <Button block href={thirdLoginUrl} icon={<LoginOutlined />} style={{ marginTop: 12 }}>
          {thirdLoginName}登录
        </Button>
      ) : null}
    </>
  );
}
