/**
 * A small searchable select for the header (menu search, shipper selector), plain React after the WAI-ARIA
 * combobox pattern: an input (role combobox) that filters a listbox as you type; ↓ ↑ move, Enter picks, Escape
 * closes. The chosen option's label shows in the box when nobody is typing.
 */
import { useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useDismiss } from './use-dismiss.ts';

export interface ComboOption {
  value: string;
  label: string;
}

interface ComboBoxProps {
  label: string;
  placeholder?: string;
  options: ComboOption[];
  value?: string;
  onChange(value: string): void;
  disabled?: boolean;
  busy?: boolean;
  autoFocus?: boolean;
  className?: string;
  /** Shown at the end of the box (a search or caret icon). */
  suffix?: ReactNode;
  /** Text when no option matches. */
  empty?: string;
}

export function ComboBox({ label, placeholder, options, value, onChange, disabled, busy, autoFocus, className, suffix, empty = '无匹配结果' }: ComboBoxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string>();
  const [active, setActive] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  const selected = options.find((option) => option.value === value);

  const shown = useMemo(() => {
    const text = query?.trim().toLowerCase();
    return text ? options.filter((option) => option.label.toLowerCase().includes(text)) : options;
  }, [options, query]);

  const close = () => {
    setOpen(false);
    setQuery(undefined);
  };
  useDismiss(open, [wrapper], close);

  const openList = () => {
    if (disabled) return;
    setOpen(true);
    setActive(Math.max(0, shown.findIndex((option) => option.value === value)));
  };
  const pick = (option: ComboOption | undefined) => {
    if (!option) return;
    close();
    onChange(option.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      if (!open) openList();
      else setActive((at) => Math.min(shown.length - 1, at + 1));
    } else if (event.key === 'ArrowUp') setActive((at) => Math.max(0, at - 1));
    else if (event.key === 'Enter' && open) pick(shown[active]);
    else if (event.key === 'Escape' && open) close();
    else return;
    event.preventDefault();
  };

  return (
    <div ref={wrapper} className={className ? `shell-combo ${className}` : 'shell-combo'} aria-busy={busy || undefined}>
      <input
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${id}-${active}` : undefined}
        autoComplete="off"
        autoFocus={autoFocus}
        title={selected?.label ?? label}
        placeholder={open && selected ? selected.label : placeholder}
        value={query ?? (open ? '' : (selected?.label ?? ''))}
        disabled={disabled}
        onClick={() => (open ? undefined : openList())}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {suffix ? (
        <span className="shell-combo-suffix" aria-hidden="true">
          {suffix}
        </span>
      ) : null}
      {open ? (
        <ul id={listId} role="listbox" aria-label={label} className="shell-combo-list">
          {shown.length === 0 ? <li className="shell-combo-empty">{empty}</li> : null}
          {shown.map((option, index) => (
            <li
              key={option.value}
              id={`${id}-${index}`}
              role="option"
              title={option.label}
              aria-selected={option.value === value}
              className={index === active ? 'shell-combo-option is-active' : 'shell-combo-option'}
              // Keeps the focus in the box, so the click lands before it closes.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(option)}
            >
              {option.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
