/**
 * Holds the preferences (context + reducer), persists every change, and applies them: the theme colour as the
 * CSS custom property `--shell-primary` (the shell's own styles) and as antd's colorPrimary inside every antd
 * island (shell/AntdTheme.tsx), colour-weak mode as a filter on the page. Also owns the settings drawer (an antd
 * island, loaded the first time it opens) and the hook that opens it. No antd here: the shell paints without it.
 */
import { createContext, lazy, useContext, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { SessionStorage } from '../../http/storage.ts';
import { SettingsDrawerOpenerContext, useSettingsDrawerOpener } from '../header/settings-drawer-context.ts';
import { AntdIsland } from '../shell/AntdIsland.tsx';
import { useShellMessage } from '../shell/toast.tsx';
import { applyPreference, restorePreferences } from './preferences-model.ts';
import type { PreferenceChange, Preferences } from './preferences-model.ts';
import { readStoredPreferences, writePreferences } from './preferences-storage.ts';

const SettingsDrawer = lazy(() => import('./SettingsDrawer.tsx').then((m) => ({ default: m.SettingsDrawer })));

export interface PreferencesControl {
  preferences: Preferences;
  update(change: PreferenceChange): void;
}

export interface SettingsDrawerControl {
  open(): void;
}

const PreferencesContext = createContext<PreferencesControl | null>(null);
const SettingsDrawerContext = createContext<SettingsDrawerControl | null>(null);

export const THEME_FAILED_MESSAGE = '主题更新失败';

/** Said once per start-up when the stored colour could not be applied. */
function ThemeFailureNotice({ failed }: { failed: boolean }) {
  const message = useShellMessage();
  const said = useRef(false);
  useEffect(() => {
    if (!failed || said.current) return;
    said.current = true;
    message.error(THEME_FAILED_MESSAGE);
  }, [failed, message]);
  return null;
}

export function PreferencesProvider({ storage, children }: { storage: SessionStorage; children: ReactNode }) {
  const [restored] = useState(() => restorePreferences(readStoredPreferences(storage)));
  const [preferences, dispatch] = useReducer(applyPreference, restored.preferences);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so the drawer can animate closed and keeps its chunk.
  const [drawerWanted, setDrawerWanted] = useState(false);

  useEffect(() => writePreferences(storage, preferences), [storage, preferences]);

  useEffect(() => {
    // On the body, like JeecgBoot, so dialogs and dropdowns rendered outside the layout are filtered too.
    document.body.style.filter = preferences.colorWeak ? 'invert(80%)' : '';
    return () => {
      document.body.style.filter = '';
    };
  }, [preferences.colorWeak]);

  useEffect(() => {
    // On the root element, so popups and dialogs rendered outside the layout take the colour too.
    const root = document.documentElement.style;
    root.setProperty('--shell-primary', preferences.primaryColor);
    return () => {
      root.removeProperty('--shell-primary');
    };
  }, [preferences.primaryColor]);

  const control = useMemo<PreferencesControl>(() => ({ preferences, update: dispatch }), [preferences]);
  const drawer = useMemo<SettingsDrawerControl>(
    () => ({
      open: () => {
        setDrawerWanted(true);
        setDrawerOpen(true);
      },
    }),
    [],
  );
  // The user menu opens the drawer through its own context; an opener provided above (a test, an embedding
  // page) is still told, and the default one above does nothing.
  const outerOpener = useSettingsDrawerOpener();
  const opener = useMemo<SettingsDrawerControl>(
    () => ({
      open: () => {
        outerOpener.open();
        drawer.open();
      },
    }),
    [outerOpener, drawer],
  );

  return (
    <PreferencesContext.Provider value={control}>
      <SettingsDrawerContext.Provider value={drawer}>
        {/* The user menu's 系统设置 entry reaches the drawer through its own context. */}
        <SettingsDrawerOpenerContext.Provider value={opener}>{children}</SettingsDrawerOpenerContext.Provider>
        {drawerWanted ? (
          <AntdIsland>
            <SettingsDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} preferences={preferences} onChange={dispatch} />
          </AntdIsland>
        ) : null}
        <ThemeFailureNotice failed={restored.themeFailed} />
      </SettingsDrawerContext.Provider>
    </PreferencesContext.Provider>
  );
}

export function usePreferences(): PreferencesControl {
  const control = useContext(PreferencesContext);
  if (!control) throw new Error('usePreferences() needs a <PreferencesProvider> above it');
  return control;
}

/** Opens the settings drawer (the header's gear button and the user menu's 系统设置 entry). */
export function useSettingsDrawer(): SettingsDrawerControl {
  const control = useContext(SettingsDrawerContext);
  if (!control) throw new Error('useSettingsDrawer() needs a <PreferencesProvider> above it');
  return control;
}
