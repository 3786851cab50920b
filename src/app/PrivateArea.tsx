/**
 * Everything behind the login. No token → login page with the full path as `redirect`. With a token but no
 * permissions yet (a reload) → fetch them before any route renders; if that fails, log out. The main layout,
 * and with it the renderers, rjsf and ajv, load only from here.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Button, Result, Spin } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { LOGIN_PATH, loginPathFor } from './paths.ts';
import { useSession } from './session.tsx';
import { ChangePasswordDialog } from './dialogs/ChangePasswordDialog.tsx';
import { ChunkErrorBoundary } from './dialogs/ChunkErrorBoundary.tsx';
import { DepartSelectDialog } from './dialogs/DepartSelectDialog.tsx';

const MainLayout = lazy(() => import('./main/MainLayout.tsx'));

function FullPageSpin({ tip }: { tip: string }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" description={tip} />
    </div>
  );
}

export function PrivateArea() {
  const session = useSession();
  const location = useLocation();
  const { token, permissionStatus, loadPermissions, logout, passwordChangeRequired } = session;

  useEffect(() => {
    if (token && permissionStatus === 'idle' && !passwordChangeRequired) void loadPermissions();
  }, [token, permissionStatus, loadPermissions, passwordChangeRequired]);

  useEffect(() => {
    // Back on the login page the user can sign in again and return here.
    if (token && permissionStatus === 'failed') void logout({ keepPlace: true, keepRemembered: true });
  }, [token, permissionStatus, logout]);

  if (!token) return <Navigate to={session.returnAfterLogin ? loginPathFor(location) : LOGIN_PATH} replace />;

  if (passwordChangeRequired) {
    return (
      <>
        <FullPageSpin tip="请先修改密码" />
        <ChangePasswordDialog open mandatory onClose={() => void session.passwordChanged()} />
      </>
    );
  }

  switch (permissionStatus) {
    case 'ready':
      return (
        <ChunkErrorBoundary>
          <Suspense fallback={<FullPageSpin tip="加载中…" />}>
            <MainLayout />
          </Suspense>
          <DepartSelectDialog
            open={session.departChoicePending}
            mandatory
            onClose={session.departChosen}
            onSelected={session.updateUser}
          />
        </ChunkErrorBoundary>
      );
    case 'invalid-menu':
      return (
        <Result
          status="error"
          title="获取菜单失败"
          subTitle={session.permissionError}
          extra={
            <Button type="primary" onClick={() => void logout()}>
              重新登录
            </Button>
          }
        />
      );
    default:
      return <FullPageSpin tip="正在加载菜单…" />;
  }
}
