/** The shell's look-and-feel preferences: provider, hooks and the pure rules. */
export { PreferencesProvider, usePreferences, useSettingsDrawer, THEME_FAILED_MESSAGE } from './PreferencesProvider.tsx';
export type { PreferencesControl, SettingsDrawerControl } from './PreferencesProvider.tsx';
export { DEFAULT_PREFERENCES, THEME_COLORS, applyPreference, restorePreferences } from './preferences-model.ts';
export type { Preferences, PreferenceChange, LayoutMode, NavTheme, ContentWidth } from './preferences-model.ts';
export { cacheBranding, readCachedBranding } from './preferences-storage.ts';
