/** Public platform branding (`GET /setting/hySetting/queryPlatformSettings`), with defaults when it is unavailable. */
import { DEFAULT_PLATFORM_SETTINGS } from '../contracts/index.ts';
import type { PlatformSettings } from '../contracts/index.ts';
import type { HttpClient } from '../http/client.ts';

/** Kept under this name for the shell's imports. */
export const DEFAULT_SETTINGS: PlatformSettings = DEFAULT_PLATFORM_SETTINGS;

export async function loadPlatformSettings(http: HttpClient): Promise<PlatformSettings> {
  const settings = await http.getResult<Partial<PlatformSettings> | null>('/setting/hySetting/queryPlatformSettings');
  // A null field from the server must not erase a default.
  const present = Object.entries(settings ?? {}).filter(([, value]) => value !== null && value !== undefined);
  return { ...DEFAULT_SETTINGS, ...(Object.fromEntries(present) as Partial<PlatformSettings>) };
}
