/**
 * 搜索菜单: type part of a menu title, pick a screen, go there. On desktop a search box in the header; on mobile
 * a search icon that opens the same box in a dialog. Plain React (the shell's combobox).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ComboBox } from '../shell/ComboBox.tsx';
import { Icon } from '../shell/icons.tsx';
import { ShellDialog } from '../shell/Overlay.tsx';
import type { SearchableMenu } from './menu-index.ts';

const LABEL = '搜索菜单';

function SearchBox({ menus, onChosen, autoFocus }: { menus: SearchableMenu[]; onChosen?(): void; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const options = menus.map((menu) => ({ value: menu.path, label: menu.title }));
  return (
    <ComboBox
      label={LABEL}
      placeholder={LABEL}
      options={options}
      autoFocus={autoFocus}
      className="shell-menu-search"
      suffix={<Icon name="search" />}
      onChange={(path) => {
        const chosen = menus.find((menu) => menu.path === path);
        if (chosen?.externalUrl) window.open(chosen.externalUrl, '_blank', 'noopener');
        else if (chosen) navigate(chosen.path);
        onChosen?.();
      }}
    />
  );
}

export function MenuSearch({ menus, mobile }: { menus: SearchableMenu[]; mobile: boolean }) {
  const [open, setOpen] = useState(false);
  if (!mobile) return <SearchBox menus={menus} />;
  return (
    <>
      <button type="button" className="shell-icon-button" aria-label={LABEL} onClick={() => setOpen(true)}>
        <Icon name="search" />
      </button>
      <ShellDialog open={open} title={LABEL} onClose={() => setOpen(false)} width={320}>
        <SearchBox menus={menus} autoFocus onChosen={() => setOpen(false)} />
      </ShellDialog>
    </>
  );
}
