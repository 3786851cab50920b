/**
 * Everything inside the router: branding, session, the 401 dialog (loaded on the first failure) and the routes,
 * over the given dependencies.
 * AppRoot supplies the real ones and a browser router; tests supply fakes and a memory router.
 */
import { useMemo } from 'react';
import { AppRoutes } from './AppRoutes.tsx';
import { AppDepsProvider } from './deps.tsx';
import type { AppDeps } from './deps.tsx';
import { SessionProvider } from './session.tsx';
import { SettingsProvider } from './settings.tsx';
import { HttpFailureHooks } from './HttpFailureHooks.tsx';

export function AppShell({ deps }: { deps: AppDeps }) {
  const sessionDeps = useMemo(() => ({ auth: deps.auth, storage: deps.storage, dicts: deps.dicts }), [deps]);
  return (
    <AppDepsProvider deps={deps}>
      <SettingsProvider http={deps.http}>
        <SessionProvider deps={sessionDeps}>
          <HttpFailureHooks http={deps.http} />
          <AppRoutes />
        </SessionProvider>
      </SettingsProvider>
    </AppDepsProvider>
  );
}
