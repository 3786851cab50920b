/** Logo and title at the head of the menu; links home. The logo follows the menu theme (dark/light variant). */
import { Link } from 'react-router';
import { HOME_PATH } from '../paths.ts';
import { usePlatformSettings } from '../settings.tsx';
import type { NavTheme } from '../preferences/index.ts';

interface SiteLogoProps {
  theme: NavTheme;
  title: string;
  showTitle: boolean;
}

export function SiteLogo({ theme, title, showTitle }: SiteLogoProps) {
  const settings = usePlatformSettings();
  // Each theme has its own artwork; the other one stands in when only one was uploaded.
  const src = theme === 'dark' ? settings.logo || settings.logoLight : settings.logoLight || settings.logo;
  return (
    <Link
      to={HOME_PATH}
      aria-label={title}
      className="shell-logo"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        height: 64,
        padding: '0 20px',
        color: theme === 'dark' ? '#fff' : 'rgba(0,0,0,0.88)',
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        flex: 'none',
      }}
    >
      {src ? <img src={src} alt="logo" style={{ height: 32 }} /> : null}
      {showTitle ? <span style={{ fontSize: 16, fontWeight: 600 }}>{title}</span> : null}
    </Link>
  );
}
