/** Public platform branding (`GET /setting/hySetting/queryPlatformSettings`), with defaults when it is unavailable. */
import type { PlatformSettings } from '../contracts/index.ts';
import type { HttpClient } from '../http/client.ts';

export const DEFAULT_SETTINGS: PlatformSettings = {
  platformName: '网络货运平台',
  logo: '',
  logoLight: '',
  logoTitle: '网络货运平台',
  loginBackground: '',
  footerAddress: '',
  servicePhone: '',
  companyName: '',
  companyLink: '',
  recordNumber: '',
  licenseNumber: '',
  vehicleTrack: false,
};

export async function loadPlatformSettings(http: HttpClient): Promise<PlatformSettings> {
  const settings = await http.getResult<Partial<PlatformSettings> | null>('/setting/hySetting/queryPlatformSettings');
  // A null field from the server must not erase a default.
  const present = Object.entries(settings ?? {}).filter(([, value]) => value !== null && value !== undefined);
  return { ...DEFAULT_SETTINGS, ...(Object.fromEntries(present) as Partial<PlatformSettings>) };
}
