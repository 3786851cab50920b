/**
 * The route table. Public pages sit in the user layout; /404 stands alone; every other path belongs to the
 * private area, whose routes come from the server menu. The entry bundle holds only plain React: the login page,
 * the user layout and the private area's gate. Every antd page and all after sign-in load lazily.
 */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useSearchParams } from 'react-router';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH, safeRedirect } from './paths.ts';
import { PrivateArea } from './PrivateArea.tsx';
import { useSession } from './session.tsx';
import { LoginPage } from './user/LoginPage.tsx';
import { PageLoading, UserLayout } from './user/UserLayout.tsx';
import { REGISTER_RESULT_PATH } from './user/user-paths.ts';
import type { LoginEntry } from '../providers/auth.ts';

const publicPages = () => import('./user/public-routes.tsx');

const AlterationPage = lazy(() => publicPages().then((m) => ({ default: m.FramedAlterationPage })));
const RegisterPage = lazy(() => publicPages().then((m) => ({ default: m.FramedRegisterPage })));
const RegisterResultPage = lazy(() => publicPages().then((m) => ({ default: m.FramedRegisterResultPage })));
const NotOpenPage = lazy(() => publicPages().then((m) => ({ default: m.FramedNotOpenPage })));
const HomePage = lazy(() => publicPages().then((m) => ({ default: m.FramedHomePage })));
const NotFoundPage = lazy(() => import('./private-routes.tsx').then((m) => ({ default: m.FramedNotFoundPage })));

/** Pages reserved for later releases, shown as "not yet open" rather than as fake forms. */
const NOT_OPEN_PAGES: Array<{ path: string; title: string }> = [
  { path: '/customer/register', title: '客户注册' },
];

/** A signed-in user has no business on the login page: send them on (to `redirect` when it is safe). */
function LoginRoute({ entry = 'platform' }: { entry?: LoginEntry }) {
  const { token, permissionStatus } = useSession();
  const [params] = useSearchParams();
  if (token && permissionStatus !== 'invalid-menu') {
    return <Navigate to={safeRedirect(params.get('redirect')) ?? HOME_PATH} replace />;
  }
  return <LoginPage entry={entry} />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route element={<UserLayout />}>
          <Route path={LOGIN_PATH} element={<LoginRoute />} />
          <Route path="/user/login3" element={<LoginRoute entry="customer" />} />
          <Route path="/user/alteration" element={<AlterationPage />} />
          <Route path="/user/register" element={<RegisterPage />} />
          <Route path={REGISTER_RESULT_PATH} element={<RegisterResultPage />} />
          {NOT_OPEN_PAGES.map((page) => (
            <Route key={page.path} path={page.path} element={<NotOpenPage title={page.title} />} />
          ))}
        </Route>
        <Route path="/home" element={<HomePage />} />
        <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
        <Route path="*" element={<PrivateArea />} />
      </Routes>
    </Suspense>
  );
}
