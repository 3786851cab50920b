/**
 * Everything behind the login. No token → login page with the full path as `redirect`. With a token but no
 * permissions yet (a reload) → fetch them before any route renders; if that fails, log out. The main layout loads
 * only from here; it is plain React too, and brings antd (with its Chinese providers, AntdFrame), the renderers,
 * rjsf and ajv into its content area only. The dialogs only some sign-ins need (406 password change, department
 * choice) load when needed. This file itself is plain React: it sits in the entry.
 */
import { lazy, Suspense, useContext, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AntdFrameWanted } from './antd-frame-flag.ts';
import { LoadFailureBoundary } from './LoadFailureBoundary.tsx';
import { LOGIN_PATH, loginPathFor } from './paths.ts';
import { useSession } from './session.tsx';

const loadMainLayout = () => import('./main/MainLayout.tsx');
const loadAntdFrame = () => import('./AntdFrame.tsx');
const loadDialogs = () => import('./private-dialogs.tsx');

const MainLayout = lazy(loadMainLayout);
const ChangePasswordDialog = lazy(() => loadDialogs().then((m) => ({ default: m.FramedChangePasswordDialog })));
const DepartSelectDialog = lazy(() => loadDialogs().then((m) => ({ default: m.FramedDepartSelectDialog })));
const InvalidMenuPage = lazy(() => loadDialogs().then((m) => ({ default: m.InvalidMenuPage })));

function FullPageSpin({ tip }: { tip: string }) {
  return (
    <div className="up-fullpage" role="status" aria-busy="true">
      {tip}
    </div>
  );
}

export function PrivateArea() {
  const session = useSession();
  const location = useLocation();
  const frameWanted = useContext(AntdFrameWanted);
  const { token, permissionStatus, loadPermissions, logout, passwordChangeRequired } = session;

  useEffect(() => {
    if (token && permissionStatus === 'idle' && !passwordChangeRequired) void loadPermissions();
  }, [token, permissionStatus, loadPermissions, passwordChangeRequired]);

  useEffect(() => {
    // The layout's code downloads while the menu request is under way, not after it.
    if (!token || passwordChangeRequired) return;
    void loadMainLayout().then((m) => m.preloadContent(), () => undefined);
    if (frameWanted) void loadAntdFrame().catch(() => undefined);
  }, [token, passwordChangeRequired, frameWanted]);

  useEffect(() => {
    // Back on the login page the user can sign in again and return here.
    if (token && permissionStatus === 'failed') void logout({ keepPlace: true, keepRemembered: true });
  }, [token, permissionStatus, logout]);

  if (!token) return <Navigate to={session.returnAfterLogin ? loginPathFor(location) : LOGIN_PATH} replace />;

  if (passwordChangeRequired) {
    return (
      <LoadFailureBoundary>
        <FullPageSpin tip="请先修改密码" />
        <Suspense fallback={null}>
          <ChangePasswordDialog open mandatory onClose={() => void session.passwordChanged()} />
        </Suspense>
      </LoadFailureBoundary>
    );
  }

  switch (permissionStatus) {
    case 'ready':
      return (
        <LoadFailureBoundary>
          <Suspense fallback={<FullPageSpin tip="加载中…" />}>
            <MainLayout />
          </Suspense>
          {session.departChoicePending ? (
            <Suspense fallback={null}>
              <DepartSelectDialog open mandatory onClose={session.departChosen} onSelected={session.updateUser} />
            </Suspense>
          ) : null}
        </LoadFailureBoundary>
      );
    case 'invalid-menu':
      return (
        <LoadFailureBoundary>
          <Suspense fallback={<FullPageSpin tip="加载中…" />}>
            <InvalidMenuPage error={session.permissionError} onRelogin={() => void logout()} />
          </Suspense>
        </LoadFailureBoundary>
      );
    default:
      return <FullPageSpin tip="正在加载菜单…" />;
  }
}
