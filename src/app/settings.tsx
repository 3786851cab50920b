/** Platform branding for every layout, fetched once (public endpoint); defaults stand in until it answers. */
import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { PlatformSettings } from '../contracts/index.ts';
import type { HttpClient } from '../http/client.ts';
import { DEFAULT_SETTINGS, loadPlatformSettings } from '../providers/settings.ts';

const SettingsContext = createContext<PlatformSettings>(DEFAULT_SETTINGS);

export function SettingsProvider({ http, children }: { http: HttpClient; children: ReactNode }) {
  const [settings, setSettings] = useState<PlatformSettings>(DEFAULT_SETTINGS);
  useEffect(() => {
    let live = true;
    loadPlatformSettings(http)
      .then((loaded) => {
        if (!live) return;
        setSettings(loaded);
        if (loaded.platformName) document.title = loaded.platformName;
      })
      .catch(() => {
        // Branding is optional; the defaults are good enough to sign in.
      });
    return () => {
      live = false;
    };
  }, [http]);
  return <SettingsContext.Provider value={settings}>{children}</SettingsContext.Provider>;
}

export function usePlatformSettings(): PlatformSettings {
  return useContext(SettingsContext);
}
