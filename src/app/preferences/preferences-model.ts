/**
 * The look-and-feel preferences of the signed-in shell (menu theme, colour, layout…) and the rules that tie them
 * together. Pure functions, so the rules are testable without React; the provider only holds the state.
 */

export type NavTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
/** Fixed: content capped at 1200 px and centred; Fluid: full width (top-menu layout only). */
export type ContentWidth = 'Fixed' | 'Fluid';

export interface Preferences {
  navTheme: NavTheme;
  primaryColor: string;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  /** Hide the header after scrolling down; only meaningful with a fixed header. */
  hideHeaderOnScroll: boolean;
  /** Only meaningful with the side menu. */
  fixedSidebar: boolean;
  colorWeak: boolean;
  multiTab: boolean;
}

export interface ThemeColor {
  name: string;
  color: string;
}

export const THEME_COLORS: readonly ThemeColor[] = [
  { name: '薄暮', color: '#F5222D' },
  { name: '火山', color: '#FA541C' },
  { name: '日暮', color: '#FAAD14' },
  { name: '明青', color: '#13C2C2' },
  { name: '极光绿', color: '#52C41A' },
  { name: '拂晓蓝', color: '#1890FF' },
  { name: '极客蓝', color: '#2F54EB' },
  { name: '酱紫', color: '#722ED1' },
];

export const DEFAULT_PREFERENCES: Preferences = {
  navTheme: 'dark',
  primaryColor: '#1890FF',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  hideHeaderOnScroll: false,
  fixedSidebar: true,
  colorWeak: false,
  multiTab: true,
};

/** One preference set to one value, typed so a key cannot receive another key's value. */
export type PreferenceChange = { [K in keyof Preferences]: { key: K; value: Preferences[K] } }[keyof Preferences];

/** Makes a combination consistent: settings that depend on another one are switched off with it. */
export function normalisePreferences(preferences: Preferences): Preferences {
  const next = { ...preferences };
  if (!next.fixedHeader) next.hideHeaderOnScroll = false;
  if (next.layout !== 'topmenu') next.contentWidth = 'Fixed';
  if (next.layout === 'topmenu') next.fixedSidebar = false;
  return next;
}

/** The reducer: applies one change, refusing values the current combination does not allow. */
export function applyPreference(state: Preferences, change: PreferenceChange): Preferences {
  switch (change.key) {
    case 'layout':
      if (change.value === state.layout) return state;
      // A new layout starts with a scrolling sidebar, as antd-pro does.
      return normalisePreferences({ ...state, layout: change.value, fixedSidebar: false });
    case 'contentWidth':
      if (change.value === 'Fluid' && state.layout !== 'topmenu') return state;
      return { ...state, contentWidth: change.value };
    case 'hideHeaderOnScroll':
      if (change.value && !state.fixedHeader) return state;
      return { ...state, hideHeaderOnScroll: change.value };
    case 'fixedSidebar':
      if (change.value && state.layout === 'topmenu') return state;
      return { ...state, fixedSidebar: change.value };
    default:
      return normalisePreferences({ ...state, [change.key]: change.value });
  }
}

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
}

/** What storage held, field by field; anything missing or of the wrong type falls back to the default. */
export type StoredPreferences = { [K in keyof Preferences]?: unknown };

export interface RestoredPreferences {
  preferences: Preferences;
  /** A stored theme colour that cannot be applied (the user is told, and the default is used). */
  themeFailed: boolean;
}

export function restorePreferences(stored: StoredPreferences): RestoredPreferences {
  const pick = <T>(value: unknown, allowed: readonly T[], fallback: T): T =>
    allowed.includes(value as T) ? (value as T) : fallback;
  const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
  const d = DEFAULT_PREFERENCES;
  const themeFailed = stored.primaryColor !== undefined && !isHexColor(stored.primaryColor);
  const preferences = normalisePreferences({
    navTheme: pick<NavTheme>(stored.navTheme, ['dark', 'light'], d.navTheme),
    primaryColor: isHexColor(stored.primaryColor) ? stored.primaryColor : d.primaryColor,
    layout: pick<LayoutMode>(stored.layout, ['sidemenu', 'topmenu'], d.layout),
    contentWidth: pick<ContentWidth>(stored.contentWidth, ['Fixed', 'Fluid'], d.contentWidth),
    fixedHeader: flag(stored.fixedHeader, d.fixedHeader),
    hideHeaderOnScroll: flag(stored.hideHeaderOnScroll, d.hideHeaderOnScroll),
    fixedSidebar: flag(stored.fixedSidebar, d.fixedSidebar),
    colorWeak: flag(stored.colorWeak, d.colorWeak),
    multiTab: flag(stored.multiTab, d.multiTab),
  });
  return { preferences, themeFailed };
}
