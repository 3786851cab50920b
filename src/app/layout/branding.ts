/**
 * Platform name and logo title for the shell. They are cached in storage whenever the settings arrive, and the
 * cache is what shows until they do, so a reload does not flash the default name.
 */
import { useEffect, useMemo } from 'react';
import type { PlatformSettings } from '../../contracts/index.ts';
import type { SessionStorage } from '../../http/storage.ts';
import { DEFAULT_SETTINGS } from '../../providers/settings.ts';
import { cacheBranding, readCachedBranding } from '../preferences/index.ts';

export interface Branding {
  platformName: string;
  logoTitle: string;
}

export function useBranding(storage: SessionStorage, settings: PlatformSettings): Branding {
  // The settings context holds the defaults object itself until the server answered.
  const loaded = settings !== DEFAULT_SETTINGS;
  const cached = useMemo(() => readCachedBranding(storage), [storage]);

  useEffect(() => {
    if (loaded) cacheBranding(storage, { logoTitle: settings.logoTitle, platformName: settings.platformName });
  }, [loaded, storage, settings.logoTitle, settings.platformName]);

  if (loaded) return { platformName: settings.platformName, logoTitle: settings.logoTitle || settings.platformName };
  return {
    platformName: cached.platformName ?? settings.platformName,
    logoTitle: cached.logoTitle ?? settings.logoTitle,
  };
}
