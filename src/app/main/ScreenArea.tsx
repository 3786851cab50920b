/**
 * The routed screens of the shell: the menu's route table, kept alive where the menu asks (KeepAliveRoutes).
 * Loaded lazily inside the content's antd island: screens are antd (Screen.tsx and the renderers behind it), the
 * shell around them is not.
 */
import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { Location } from 'react-router';
import type { RouteSpec } from '../../engine/menu-routes.ts';
import { KeepAliveRoutes } from '../layout/KeepAliveRoutes.tsx';
import { HOME_PATH, NOT_FOUND_PATH } from '../paths.ts';
import { FolderIndex, Screen } from './Screen.tsx';

function renderRoute(spec: RouteSpec): ReactNode {
  return (
    <Route key={spec.path} path={spec.path} element={<Screen spec={spec} />}>
      {spec.children.length > 0 ? <Route index element={<FolderIndex spec={spec} />} /> : null}
      {spec.children.map(renderRoute)}
    </Route>
  );
}

export interface ScreenAreaProps {
  routes: RouteSpec[];
  keepAlive(path: string): boolean;
  retain(path: string): boolean;
  remountKey(path: string): number;
}

export default function ScreenArea({ routes, keepAlive, retain, remountKey }: ScreenAreaProps) {
  const renderRoutes = useCallback(
    (at: Location) => (
      <Routes location={at}>
        <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
        {routes.map(renderRoute)}
        <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
      </Routes>
    ),
    [routes],
  );
  return <KeepAliveRoutes renderRoutes={renderRoutes} keepAlive={keepAlive} retain={retain} remountKey={remountKey} />;
}
