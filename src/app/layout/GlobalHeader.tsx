/**
 * The header: menu toggle and welcome line (side menu), or logo and horizontal menu (top menu on desktop); at
 * the right the shipper selector (customer admins), the menu search, the settings gear and the user menu.
 */
import type { CSSProperties } from 'react';
import { Button, Flex, Layout, Typography } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import type { NavItem } from '../../engine/menu-routes.ts';
import { UserMenu } from '../header/UserMenu.tsx';
import { NotificationBell } from '../header/NotificationBell.tsx';
import { TodoBell } from '../header/TodoBell.tsx';
import { ShipperSelect } from '../header/ShipperSelect.tsx';
import { greeting } from '../pages/greeting.ts';
import { useSettingsDrawer } from '../preferences/index.ts';
import type { ContentWidth, NavTheme } from '../preferences/index.ts';
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
    <Layout.Header
      style={{
        height: HEADER_HEIGHT,
        lineHeight: `${HEADER_HEIGHT}px`,
        padding: 0,
        background: dark ? '#001529' : '#fff',
        boxShadow: '0 1px 4px rgba(0,21,41,0.08)',
        ...props.style,
      }}
    >
      <Flex align="center" gap={8} style={{ height: '100%', padding: '0 16px', ...(capped ? { maxWidth: 1200, margin: '0 auto' } : {}) }}>
        {menuInHeader ? (
          <>
            <SiteLogo theme={navTheme} title={props.logoTitle} showTitle />
            <NavMenu nav={props.nav} mode="horizontal" theme={navTheme} addressOf={props.addressOf} />
          </>
        ) : (
          <>
            <Button
              type="text"
              aria-label={showsMenu ? '展开菜单' : '折叠菜单'}
              icon={showsMenu ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={props.onToggle}
            />
            {mobile ? null : (
              <Typography.Text style={{ whiteSpace: 'nowrap' }}>
                <Typography.Text type="secondary">{greeting(new Date().getHours())}，</Typography.Text>
                <span>{`欢迎使用 ${props.platformName}`}</span>
              </Typography.Text>
            )}
            <span style={{ flex: 1 }} />
          </>
        )}
        <Flex align="center" gap={12} style={dark ? { color: '#fff' } : undefined}>
          <ShipperSelect dark={dark} />
          <MenuSearch menus={props.searchable} mobile={mobile} />
          <TodoBell dark={dark} />
          <NotificationBell dark={dark} />
          <Button
            type="text"
            aria-label="系统设置"
            icon={<SettingOutlined />}
            style={dark ? { color: '#fff' } : undefined}
            onClick={settingsDrawer.open}
          />
          <UserMenu />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
