/**
 * The http client's failure hooks without antd in the entry: light handlers are installed at once; the first 401
 * or HTTP failure loads UnauthorizedDialog (antd modal + notification) and hands it that event and any that came
 * while it loaded. UnauthorizedDialog is given a view of the client whose hook setters feed this relay, so it is
 * used unchanged.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { HttpClient, UnauthorizedHandler } from '../http/client.ts';
import type { ErrorNotifier } from '../http/error-notices.ts';

const FramedUnauthorizedDialog = lazy(() => import('./FramedUnauthorizedDialog.tsx'));

type Notice = Parameters<ErrorNotifier>[0];
type HttpFailure = Parameters<UnauthorizedHandler>[0];
type Pending = { kind: 'unauthorized'; error: HttpFailure; refusedToken: string | undefined } | { kind: 'notice'; notice: Notice };

export function HttpFailureHooks({ http }: { http: HttpClient }) {
  const [needed, setNeeded] = useState(false);
  const handlers = useRef<{ unauthorized?: UnauthorizedHandler; notify?: ErrorNotifier }>({});
  const pending = useRef<Pending[]>([]);

  useEffect(() => {
    const deliver = (event: Pending) => {
      const { unauthorized, notify } = handlers.current;
      if (!unauthorized || !notify) {
        pending.current.push(event);
        setNeeded(true);
      } else if (event.kind === 'unauthorized') unauthorized(event.error, event.refusedToken);
      else notify(event.notice);
    };
    http.setUnauthorizedHandler((error, refusedToken) => deliver({ kind: 'unauthorized', error, refusedToken }));
    http.setErrorNotifier((notice) => deliver({ kind: 'notice', notice }));
    return () => {
      http.setUnauthorizedHandler(undefined);
      http.setErrorNotifier(undefined);
    };
  }, [http]);

  const relay = useMemo<HttpClient>(() => {
    const flush = () => {
      const { unauthorized, notify } = handlers.current;
      if (!unauthorized || !notify) return;
      for (const event of pending.current.splice(0)) {
        if (event.kind === 'unauthorized') unauthorized(event.error, event.refusedToken);
        else notify(event.notice);
      }
    };
    const view: HttpClient = Object.create(http) as HttpClient;
    view.setUnauthorizedHandler = (handler) => {
      handlers.current.unauthorized = handler;
      flush();
    };
    view.setErrorNotifier = (notifier) => {
      handlers.current.notify = notifier;
      flush();
    };
    return view;
  }, [http]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <FramedUnauthorizedDialog http={relay} />
    </Suspense>
  );
}
