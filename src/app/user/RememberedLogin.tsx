/**
 * 自动登录 on arrival: a browser that ticked it signs in with its remember-me value (once per visit of the login
 * page); if the server refuses the value, the page says so and the form is there as usual.
 */
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../session.tsx';
import { BusyOverlay, ErrorAlert, errorText } from './light-ui.tsx';

export function RememberedLogin() {
  const session = useSession();
  const started = useRef(false);
  const [state, setState] = useState<'idle' | 'working' | 'refused'>(() => (session.hasRememberedLogin() ? 'working' : 'idle'));
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (started.current || !session.hasRememberedLogin()) return;
    started.current = true;
    session.rememberedLogin().catch((cause: unknown) => {
      setError(errorText(cause));
      setState('refused');
    });
  }, [session]);

  if (state === 'working') return <BusyOverlay>正在自动登录…</BusyOverlay>;
  if (state === 'refused' && error) return <ErrorAlert tone="warning">{error}</ErrorAlert>;
  return null;
}
