/**
 * The production client: a browser (history-mode) router and the real dependencies. No antd here: the login page
 * is plain React, and each lazily loaded antd area wraps itself in antd's Chinese providers (AntdFrame), which
 * this root asks for through AntdFrameWanted.
 */
import { BrowserRouter } from 'react-router';
import { AntdFrameWanted } from './antd-frame-flag.ts';
import { AppShell } from './AppShell.tsx';
import { appDeps } from './runtime.ts';

export function AppRoot() {
  return (
    <AntdFrameWanted.Provider value>
      {/* Location changes commit at once. As transitions, a list's own URL write (a sort after the query form
          was toggled) could stay pending behind a suspended render, so the list never saw it and back/forward
          then restored nothing; a spinner for a first-time lazy screen is the better trade. */}
      <BrowserRouter useTransitions={false}>
        <AppShell deps={appDeps} />
      </BrowserRouter>
    </AntdFrameWanted.Provider>
  );
}
