/**
 * Third-party (OAuth 2.0) login on the login page: a link to the provider when the server has one configured,
 * and, when the provider's round trip lands back here with `?thirdLoginToken=`, the sign-in with that single-use
 * ticket (once). A refusal arrives as `?thirdLoginError=` and is shown, then dropped from the URL.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../session.tsx';
import { usePlatformSettings } from '../settings.tsx';
import { BusyOverlay, ErrorAlert, errorText } from './light-ui.tsx';

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
      setError(errorText(cause));
      forgetParams();
    });
  }, [ticket, refusal, session, setParams]);

  if (ticket && !error) return <BusyOverlay>正在通过第三方账号登录…</BusyOverlay>;
  return (
    <>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      {thirdLoginUrl ? (
        <a className="up-button up-button-block up-sso" href={thirdLoginUrl}>
          {thirdLoginName}登录
        </a>
      ) : null}
    </>
  );
}
