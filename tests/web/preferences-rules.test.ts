import { describe, expect, it } from 'vitest';
import { createSessionStorage } from '../../src/http/storage.ts';
import {
  applyPreference,
  DEFAULT_PREFERENCES,
  restorePreferences,
  THEME_COLORS,
} from '../../src/app/preferences/preferences-model.ts';
import type { Preferences } from '../../src/app/preferences/preferences-model.ts';
import { readStoredPreferences, writePreferences } from '../../src/app/preferences/preferences-storage.ts';

const topMenu: Preferences = { ...DEFAULT_PREFERENCES, layout: 'topmenu', fixedSidebar: false };

describe('preference rules', () => {
  it('starts with a dark side menu, fixed width and sidebar, multi-tab on and a scrolling header', () => {
    expect(DEFAULT_PREFERENCES).toMatchObject({
      navTheme: 'dark', primaryColor: '#1890FF', layout: 'sidemenu', contentWidth: 'Fixed',
      fixedSidebar: true, multiTab: true, fixedHeader: false, hideHeaderOnScroll: false,
    });
    expect(THEME_COLORS.map((c) => c.name)).toEqual(['薄暮', '火山', '日暮', '明青', '极光绿', '拂晓蓝', '极客蓝', '酱紫']);
  });

  it('turns hide-on-scroll off with the fixed header, and refuses it without one', () => {
    const fixed = applyPreference(DEFAULT_PREFERENCES, { key: 'fixedHeader', value: true });
    const hiding = applyPreference(fixed, { key: 'hideHeaderOnScroll', value: true });
    expect(hiding.hideHeaderOnScroll).toBe(true);
    const unfixed = applyPreference(hiding, { key: 'fixedHeader', value: false });
    expect(unfixed).toMatchObject({ fixedHeader: false, hideHeaderOnScroll: false });
    expect(applyPreference(unfixed, { key: 'hideHeaderOnScroll', value: true }).hideHeaderOnScroll).toBe(false);
  });

  it('resets the fixed sidebar whenever the layout changes, and refuses it with the top menu', () => {
    const top = applyPreference(DEFAULT_PREFERENCES, { key: 'layout', value: 'topmenu' });
    expect(top).toMatchObject({ layout: 'topmenu', fixedSidebar: false });
    expect(applyPreference(top, { key: 'fixedSidebar', value: true }).fixedSidebar).toBe(false);
    const side = applyPreference(top, { key: 'layout', value: 'sidemenu' });
    expect(side).toMatchObject({ layout: 'sidemenu', fixedSidebar: false });
    expect(applyPreference(side, { key: 'fixedSidebar', value: true }).fixedSidebar).toBe(true);
  });

  it('allows the fluid width only with the top menu, and goes back to fixed with the side menu', () => {
    expect(applyPreference(DEFAULT_PREFERENCES, { key: 'contentWidth', value: 'Fluid' }).contentWidth).toBe('Fixed');
    const fluid = applyPreference(topMenu, { key: 'contentWidth', value: 'Fluid' });
    expect(fluid.contentWidth).toBe('Fluid');
    expect(applyPreference(fluid, { key: 'layout', value: 'sidemenu' }).contentWidth).toBe('Fixed');
  });

  it('changes the simple ones as asked', () => {
    const changed = [
      { key: 'navTheme', value: 'light' },
      { key: 'primaryColor', value: '#722ED1' },
      { key: 'colorWeak', value: true },
      { key: 'multiTab', value: false },
    ] as const;
    const state = changed.reduce(applyPreference, DEFAULT_PREFERENCES);
    expect(state).toMatchObject({ navTheme: 'light', primaryColor: '#722ED1', colorWeak: true, multiTab: false });
  });
});

describe('restoring preferences from storage', () => {
  it('gives back what was saved, through the pro__ storage', () => {
    const storage = createSessionStorage();
    const saved: Preferences = { ...topMenu, navTheme: 'light', primaryColor: '#13C2C2', contentWidth: 'Fluid', fixedHeader: true, hideHeaderOnScroll: true, colorWeak: true, multiTab: false };
    writePreferences(storage, saved);
    expect(localStorage.getItem('pro__DEFAULT_COLOR')).toContain('#13C2C2');
    expect(restorePreferences(readStoredPreferences(storage))).toEqual({ preferences: saved, themeFailed: false });
  });

  it('uses the defaults for nothing stored or nonsense, and normalises inconsistent combinations', () => {
    expect(restorePreferences({})).toEqual({ preferences: DEFAULT_PREFERENCES, themeFailed: false });
    const restored = restorePreferences({ layout: 'diagonal', contentWidth: 'Fluid', fixedHeader: 'yes', hideHeaderOnScroll: true });
    expect(restored.preferences).toMatchObject({ layout: 'sidemenu', contentWidth: 'Fixed', fixedHeader: false, hideHeaderOnScroll: false });
  });

  it('reports a stored theme colour it cannot apply and falls back to 拂晓蓝', () => {
    const restored = restorePreferences({ primaryColor: 'not-a-colour' });
    expect(restored).toEqual({ preferences: DEFAULT_PREFERENCES, themeFailed: true });
  });
});
