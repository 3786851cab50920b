/**
 * The few controls the anonymous pages need, in plain React over user-pages.css: a labelled text field with its
 * error as text, an alert and a full-screen busy notice. No antd here, so the login page stays small.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import './user-pages.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}

export function TextField({ id, label, value, onChange, error, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="up-field">
      <label className="up-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="up-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <div id={errorId} className="up-field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function ErrorAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'warning' }) {
  return (
    <div role="alert" className={tone === 'warning' ? 'up-alert up-alert-warning' : 'up-alert'}>
      {children}
    </div>
  );
}

/** Covers the page while a sign-in that needs no typing (remember-me, CAS, third party) is under way. */
export function BusyOverlay({ children }: { children: ReactNode }) {
  return (
    <div className="up-overlay" role="status" aria-live="polite">
      {children}
    </div>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="up-button up-button-primary up-button-block" aria-busy={busy} disabled={busy}>
      {children}
    </button>
  );
}

export function errorText(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
