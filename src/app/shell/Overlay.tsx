/**
 * The shell's own modal surfaces, plain React: a dialog (the logout question, the mobile menu search) and a
 * side drawer (the mobile menu). Both are modal: focus moves in and stays in (Tab wraps), Escape or a click on
 * the mask closes, and focus returns to where it was.
 */
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './icons.tsx';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

function useModalFocus(open: boolean, panel: RefObject<HTMLElement | null>, initial?: string) {
  // Noted while rendering the opening, before an autoFocus child inside can take the focus.
  const opener = useRef<HTMLElement | null>(null);
  if (!open) opener.current = null;
  else if (!opener.current) opener.current = document.activeElement as HTMLElement | null;
  useEffect(() => {
    if (!open) return;
    const before = opener.current;
    const box = panel.current;
    // A child that took the focus itself (autoFocus) keeps it.
    if (!box?.contains(document.activeElement)) {
      const first = (initial && box?.querySelector<HTMLElement>(initial)) || box?.querySelector<HTMLElement>(FOCUSABLE) || box;
      first?.focus();
    }
    return () => {
      if (before && document.contains(before)) before.focus();
    };
  }, [open, panel, initial]);
}

function trapTab(event: KeyboardEvent<HTMLElement>, onClose: () => void) {
  if (event.key === 'Escape') {
    event.stopPropagation();
    onClose();
    return;
  }
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

interface ShellDialogProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
  /** CSS selector of the element to focus first (default: the first focusable one). */
  initialFocus?: string;
}

export function ShellDialog({ open, title, onClose, children, footer, width = 416, initialFocus }: ShellDialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useModalFocus(open, panel, initialFocus);
  if (!open) return null;
  return createPortal(
    <div className="shell-mask" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="shell-dialog"
        style={{ width }}
        onKeyDown={(event) => trapTab(event, onClose)}
      >
        <div className="shell-dialog-header">
          <h2 id={titleId} className="shell-dialog-title">
            {title}
          </h2>
          <button type="button" className="shell-icon-button" aria-label="关闭" onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <div className="shell-dialog-body">{children}</div>
        {footer ? <div className="shell-dialog-footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

interface ShellDrawerProps {
  open: boolean;
  label: string;
  onClose(): void;
  width: number;
  children: ReactNode;
  className?: string;
}

export function ShellDrawer({ open, label, onClose, width, children, className }: ShellDrawerProps) {
  const panel = useRef<HTMLDivElement>(null);
  useModalFocus(open, panel);
  if (!open) return null;
  return createPortal(
    <div className="shell-mask shell-drawer-mask" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        className={className ? `shell-drawer ${className}` : 'shell-drawer'}
        style={{ width }}
        onKeyDown={(event) => trapTab(event, onClose)}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
