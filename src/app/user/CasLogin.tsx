/**
 * Single sign-on on the login page: a link to the CAS login when the server has CAS configured, and, when CAS sends
 * the browser back with `?ticket=`, the sign-in with that ticket (once; a refused ticket is dropped from the URL).
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../session.tsx';
import { usePlatformSettings } from '../settings.tsx';
import { BusyOverlay, ErrorAlert, errorText } from './light-ui.tsx';

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
      setError(errorText(cause));
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('ticket');
        return next;
      }, { replace: true });
    });
  }, [ticket, session, setParams]);

  if (ticket && !error) return <BusyOverlay>正在通过统一身份认证登录…</BusyOverlay>;
  return (
    <>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      {casLoginUrl ? (
        <a className="up-button up-button-block up-sso" href={casLoginUrl}>
          统一身份认证登录
        </a>
      ) : null}
    </>
  );
}
