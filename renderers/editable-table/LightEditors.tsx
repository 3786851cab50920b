/**
 * In-place editors for plain text and number cells: native inputs drawn like antd's small Input / InputNumber
 * (editable-table.css), with the same roles, names, placeholders and values. A keystroke re-renders the active cell,
 * and antd's Input / InputNumber (css-in-js hooks, wrappers, step handlers) made that most of a keystroke's time.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

interface LightEditorProps {
  label: string;
  value: string;
  placeholder: string;
  onChange(value: string): void;
  onKeyDown(event: KeyboardEvent): void;
  onBlur(): void;
}

export function LightTextEditor(props: LightEditorProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <input
      ref={ref}
      type="text"
      className="grid-editor"
      aria-label={props.label}
      placeholder={props.placeholder}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      onKeyDown={props.onKeyDown}
      onBlur={props.onBlur}
    />
  );
}

const NUMBER = /^([-+]?)(\d*)(?:\.(\d*))?$/;

/**
 * The value a typed number stands for, as antd's InputNumber (stringMode) reports it: '' for nothing, canonical
 * decimal text for a number ('007.50' → '7.5', '1.' → '1'), undefined while the text is not a number yet ('-', 'a').
 */
export function typedNumber(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const match = NUMBER.exec(trimmed);
  if (!match || (match[2] === '' && !match[3])) return undefined;
  const whole = match[2].replace(/^0+(?=\d)/, '') || '0';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const digits = fraction ? `${whole}.${fraction}` : whole;
  return match[1] === '-' && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

/** Adds `step` to a decimal text without float noise ('0.1' + 1 → '1.1'). */
function stepped(value: string, step: number): string {
  const decimals = value.split('.')[1]?.length ?? 0;
  return typedNumber((Number(value || '0') + step).toFixed(decimals)) ?? value;
}

export function LightNumberEditor(props: LightEditorProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  // What was typed is shown as typed ('1.', '-'); the cell gets the number it stands for once it is one.
  const [text, setText] = useState(props.value);
  const [reported, setReported] = useState(props.value);
  if (props.value !== reported) {
    setReported(props.value);
    if (typedNumber(text) !== props.value) setText(props.value);
  }
  const write = (next: string) => {
    setText(next);
    const value = typedNumber(next);
    if (value !== undefined && value !== props.value) {
      setReported(value);
      props.onChange(value);
    }
  };
  // Leaving the cell with text that is no number ('abc', '-') clears it, as the forms do, rather than letting the
  // number typed before show up again.
  const settle = () => {
    if (typedNumber(text) === undefined && props.value !== '') props.onChange('');
  };
  return (
    <input
      ref={ref}
      type="text"
      role="spinbutton"
      inputMode="decimal"
      autoComplete="off"
      className="grid-editor grid-editor-number"
      aria-label={props.label}
      aria-valuenow={props.value === '' ? undefined : Number(props.value)}
      placeholder={props.placeholder}
      value={text}
      onChange={(event) => write(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
          event.preventDefault();
          write(stepped(typedNumber(text) ?? props.value, event.key === 'ArrowUp' ? 1 : -1));
          return;
        }
        if (event.key === 'Enter' || event.key === 'Tab' || event.key === 'Escape') settle();
        props.onKeyDown(event);
      }}
      onBlur={() => {
        settle();
        props.onBlur();
      }}
    />
  );
}
