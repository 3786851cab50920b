/**
 * Layout of the public pages: a centred card over the login background, branding on top, company footer below.
 * Plain React + user-pages.css (it frames the login page, which must stay light); the antd pages inside it load
 * lazily, hence the Suspense around the outlet.
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { usePlatformSettings } from '../settings.tsx';
import { PlatformFooter } from './PlatformFooter.tsx';
import './user-pages.css';

const GRADIENT = 'linear-gradient(135deg, #1d3b72 0%, #2f6fd6 55%, #7bb4ff 100%)';

export function UserLayout() {
  const settings = usePlatformSettings();
  const background = settings.loginBackground
    ? `center / cover no-repeat url(${JSON.stringify(settings.loginBackground)})`
    : GRADIENT;
  const logo = settings.logoLight || settings.logo;
  return (
    <div className="up-page" style={{ background }}>
      <main className="up-main">
        <section className="up-card">
          <div className="up-brand">
            {logo ? <img src={logo} alt="logo" /> : null}
            <h1 className="up-title">{settings.platformName}</h1>
          </div>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </section>
      </main>
      <PlatformFooter style={{ color: 'rgba(255,255,255,0.85)' }} />
    </div>
  );
}

export function PageLoading() {
  return (
    <div className="up-loading" role="status">
      加载中…
    </div>
  );
}
