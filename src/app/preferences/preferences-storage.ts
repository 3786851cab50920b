/**
 * Preferences and cached branding live in the same `pro__` localStorage as the session (7-day expiry), under
 * JeecgBoot's key names. They are not session keys, so logging out (which clears the session keys) keeps them.
 */
import type { SessionStorage, StorageKey } from '../../http/storage.ts';
import type { Preferences, StoredPreferences } from './preferences-model.ts';

/**
 * The storage module types its keys as the session's own; these UI keys share its format but not that list, so
 * they are declared here. (Adding them to `StorageKeys` would make this cast unnecessary.)
 */
function uiKey(name: string): StorageKey {
  return name as StorageKey;
}

const PREFERENCE_KEYS: { [K in keyof Preferences]: StorageKey } = {
  navTheme: uiKey('DEFAULT_THEME'),
  primaryColor: uiKey('DEFAULT_COLOR'),
  layout: uiKey('DEFAULT_LAYOUT_MODE'),
  contentWidth: uiKey('DEFAULT_CONTENT_WIDTH_TYPE'),
  fixedHeader: uiKey('DEFAULT_FIXED_HEADER'),
  hideHeaderOnScroll: uiKey('DEFAULT_FIXED_HEADER_HIDDEN'),
  fixedSidebar: uiKey('DEFAULT_FIXED_SIDEMENU'),
  colorWeak: uiKey('DEFAULT_COLOR_WEAK'),
  multiTab: uiKey('DEFAULT_MULTI_PAGE'),
};

const LOGO_TITLE_KEY = uiKey('LOGO_TITLE');
const PLATFORM_NAME_KEY = uiKey('PLATFORM_NAME');

const preferenceNames = Object.keys(PREFERENCE_KEYS) as Array<keyof Preferences>;

export function readStoredPreferences(storage: SessionStorage): StoredPreferences {
  const stored: StoredPreferences = {};
  for (const name of preferenceNames) stored[name] = storage.get<unknown>(PREFERENCE_KEYS[name]);
  return stored;
}

export function writePreferences(storage: SessionStorage, preferences: Preferences): void {
  for (const name of preferenceNames) storage.set(PREFERENCE_KEYS[name], preferences[name]);
}

export interface CachedBranding {
  logoTitle?: string;
  platformName?: string;
}

export function readCachedBranding(storage: SessionStorage): CachedBranding {
  return { logoTitle: storage.get<string>(LOGO_TITLE_KEY), platformName: storage.get<string>(PLATFORM_NAME_KEY) };
}

export function cacheBranding(storage: SessionStorage, branding: Required<CachedBranding>): void {
  storage.set(LOGO_TITLE_KEY, branding.logoTitle);
  storage.set(PLATFORM_NAME_KEY, branding.platformName);
}
