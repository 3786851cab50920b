/**
 * antd for one part of the signed-in shell (the screens, a dialog, the settings drawer): Chinese providers when
 * AppRoot asked for them (AntdFrame) and the user's theme colour as antd's colorPrimary token, with its own App so
 * messages and modals opened from inside take the colour too. Loaded lazily through AntdIsland: the shell itself
 * paints without antd.
 */
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import { AntdFrame } from '../AntdFrame.tsx';
import { usePreferences } from '../preferences/index.ts';

export default function AntdTheme({ children }: { children: ReactNode }) {
  const { preferences } = usePreferences();
  const theme = useMemo(() => ({ token: { colorPrimary: preferences.primaryColor } }), [preferences.primaryColor]);
  return (
    <AntdFrame>
      <ConfigProvider theme={theme}>
        <AntdApp component={false}>{children}</AntdApp>
      </ConfigProvider>
    </AntdFrame>
  );
}
