/**
 * The header: menu toggle and welcome line (side menu), or logo and horizontal menu (top menu on desktop); at
 * the right the shipper selector (customer admins), the menu search, the bell, the settings gear and the user
 * menu. Plain React.
 */
import type { CSSProperties } from 'react';
import type { NavItem } from '../../engine/menu-routes.ts';
import { UserMenu } from '../header/UserMenu.tsx';
import { NotificationBell } from '../header/NotificationBell.tsx';
import { ShipperSelect } from '../header/ShipperSelect.tsx';
import { greeting } from '../pages/greeting.ts';
import { useSettingsDrawer } from '../preferences/index.ts';
import type { ContentWidth, NavTheme } from '../preferences/index.ts';
import { Icon } from '../shell/icons.tsx';
import type { SearchableMenu } from './menu-index.ts';
import { MenuSearch } from './MenuSearch.tsx';
import { NavMenu } from './NavMenu.tsx';
import { SiteLogo } from './SiteLogo.tsx';

export const HEADER_HEIGHT = 64;

interface GlobalHeaderProps {
  mobile: boolean;
  /** Top-menu layout on a desktop: the menu lives in the header. */
  menuInHeader: boolean;
  navTheme: NavTheme;
  contentWidth: ContentWidth;
  collapsed: boolean;
  onToggle(): void;
  nav: NavItem[];
  searchable: SearchableMenu[];
  platformName: string;
  logoTitle: string;
  style?: CSSProperties;
  /** Where a menu entry leads (an open tab keeps its full address). */
  addressOf?(path: string): string;
}

export function GlobalHeader(props: GlobalHeaderProps) {
  const { mobile, menuInHeader, navTheme, collapsed } = props;
  const settingsDrawer = useSettingsDrawer();
  const dark = menuInHeader && navTheme === 'dark';
  // Collapsed on a desktop, or the closed drawer on mobile: either way the toggle shows the menu.
  const showsMenu = mobile || collapsed;
  const capped = menuInHeader && props.contentWidth === 'Fixed';

  return (
    <header className={dark ? 'shell-header is-dark' : 'shell-header'} style={props.style}>
      <div className={capped ? 'shell-header-inner is-capped' : 'shell-header-inner'}>
        {menuInHeader ? (
          <>
            <SiteLogo theme={navTheme} title={props.logoTitle} showTitle />
            <NavMenu nav={props.nav} mode="horizontal" theme={navTheme} addressOf={props.addressOf} />
          </>
        ) : (
          <>
            <button type="button" className="shell-icon-button shell-trigger" aria-label={showsMenu ? '展开菜单' : '折叠菜单'} onClick={props.onToggle}>
              <Icon name={showsMenu ? 'menuUnfold' : 'menuFold'} />
            </button>
            {mobile ? null : (
              <span className="shell-welcome">
                <span className="shell-secondary">{greeting(new Date().getHours())}，</span>
                <span>{`欢迎使用 ${props.platformName}`}</span>
              </span>
            )}
            <span className="shell-spacer" />
          </>
        )}
        <div className="shell-header-actions">
          <ShipperSelect dark={dark} />
          <MenuSearch menus={props.searchable} mobile={mobile} />
          <NotificationBell dark={dark} />
          <button type="button" className={dark ? 'shell-icon-button is-dark' : 'shell-icon-button'} aria-label="系统设置" onClick={settingsDrawer.open}>
            <Icon name="setting" />
          </button>
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
