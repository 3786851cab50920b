/**
 * The strip's "more" button, shown while some tabs are out of view (antd Tabs' overflow dropdown, plain React):
 * it lists those tabs, and choosing one shows it, which also scrolls it into the strip. Keyboard: ↓ / Enter opens,
 * ↑ ↓ Home End move, Enter or Space chooses, Escape closes back to the button.
 */
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Icon } from '../shell/icons.tsx';
import { useDismiss } from '../shell/use-dismiss.ts';
import type { PageTab } from './tab-rules.ts';

export function TabOverflowMenu({ hidden, onSelect }: { hidden: PageTab[]; onSelect(path: string): void }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useDismiss(open, [trigger, menu], (reason) => {
    setOpen(false);
    if (reason === 'escape') trigger.current?.focus();
  });
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const choose = (path: string) => {
    setOpen(false);
    onSelect(path);
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else if (event.key === 'Home') items[0]?.focus();
    else if (event.key === 'End') items.at(-1)?.focus();
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="shell-dropdown shell-tabs-more">
      <button
        ref={trigger}
        type="button"
        className="shell-tabs-more-button"
        aria-label="更多页签"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Icon name="ellipsis" />
      </button>
      {open ? (
        <ul ref={menu} role="menu" aria-label="更多页签" className="shell-dropdown-menu shell-dropdown-right" onKeyDown={onMenuKeyDown}>
          {hidden.map((tab) => (
            <li
              key={tab.path}
              role="menuitem"
              tabIndex={-1}
              className="shell-dropdown-item"
              onClick={() => choose(tab.path)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(tab.path);
                }
              }}
            >
              {tab.title}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
