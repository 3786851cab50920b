/** Layout of the public pages: a centred card over the login background, branding on top, company footer below. */
import { Card, Typography } from 'antd';
import { Outlet } from 'react-router';
import { usePlatformSettings } from '../settings.tsx';
import { PlatformFooter } from './PlatformFooter.tsx';

const GRADIENT = 'linear-gradient(135deg, #1d3b72 0%, #2f6fd6 55%, #7bb4ff 100%)';

export function UserLayout() {
  const settings = usePlatformSettings();
  const background = settings.loginBackground
    ? `center / cover no-repeat url(${JSON.stringify(settings.loginBackground)})`
    : GRADIENT;
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background }}>
      <main style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '48px 16px' }}>
        <Card style={{ width: 400, maxWidth: '100%', boxShadow: '0 8px 24px rgba(0,0,0,0.18)' }}>
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12, marginBottom: 24 }}>
            {settings.logoLight || settings.logo ? (
              <img src={settings.logoLight || settings.logo} alt="logo" style={{ height: 40 }} />
            ) : null}
            <Typography.Title level={3} style={{ margin: 0 }}>
              {settings.platformName}
            </Typography.Title>
          </div>
          <Outlet />
        </Card>
      </main>
      <PlatformFooter style={{ color: 'rgba(255,255,255,0.85)' }} />
    </div>
  );
}
