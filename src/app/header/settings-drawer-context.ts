/**
 * How the user menu's 系统设置 entry opens the settings drawer without depending on where the drawer lives: the
 * shell provides the opener (e.g. `useSettingsDrawer()` from src/app/preferences); until then the entry does nothing.
 */
import { createContext, useContext } from 'react';

export interface SettingsDrawerOpener {
  open(): void;
}

const NO_DRAWER: SettingsDrawerOpener = { open: () => undefined };

export const SettingsDrawerOpenerContext = createContext<SettingsDrawerOpener>(NO_DRAWER);

export function useSettingsDrawerOpener(): SettingsDrawerOpener {
  return useContext(SettingsDrawerOpenerContext);
}
