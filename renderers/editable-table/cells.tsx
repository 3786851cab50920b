/**
 * What one grid cell shows and how it is edited. Cells show plain text until they become the active cell; only
 * then does an editor mount (one at a time), which is what keeps a 10,000-row grid light: the visible rows are
 * text, not hundreds of input components.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { DatePicker, Input, Select, TimePicker } from 'antd';
import dayjs from 'dayjs';
import type { GridColumn, GridOption } from '../../src/contracts/grid.ts';
import { fillPlaceholders } from '../../src/contracts/grid.ts';
import type { DictModel } from '../../src/contracts/index.ts';
import { PopupCellEditor, popupCellProblem } from './PopupCell.tsx';
import { gridCell } from './cell-registry.ts';
import { LightNumberEditor, LightTextEditor } from './LightEditors.tsx';

export interface CellOption {
  value: string;
  label: string;
}

const DATE_FORMATS: Partial<Record<GridColumn['type'], string>> = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm:ss' };
const MULTI_TYPES = new Set<GridColumn['type']>(['select-multiple', 'tags']);

function optionLabel(option: GridOption): string {
  return option.title ?? option.text ?? option.value;
}

/**
 * The column's choices: its own `options`, else its dictionary's items (as loaded so far). The table resolves
 * them once per column, not once per cell.
 */
export function columnOptions(column: GridColumn, dictItems: (code: string) => DictModel[] | undefined): CellOption[] | undefined {
  if (column.options) return column.options.map((o) => ({ value: o.value, label: optionLabel(o) }));
  if (!column.dictCode) return undefined;
  return (dictItems(column.dictCode) ?? []).map((item) => ({ value: item.value, label: item.text }));
}

/** Whether the cell edits in place without an editor (a checkbox toggles on click). */
export function togglesInPlace(column: GridColumn): boolean {
  return column.type === 'checkbox';
}

export function isEditable(column: GridColumn): boolean {
  if (column.disabled) return false;
  const registered = gridCell(column.type);
  if (registered) return Boolean(registered.editor);
  return !['normal', 'progress', 'slot', 'hidden'].includes(column.type);
}

/** Whether pasted text or Delete may write the cell (not an upload record or a picked id list). */
export function takesText(column: GridColumn): boolean {
  return isEditable(column) && gridCell(column.type)?.takesText !== false;
}

/** A row's values as `getValues` posts them: registered types convert theirs (an upload posts its path). */
export function valuesOut(columns: readonly GridColumn[]): ((row: Record<string, unknown>) => Record<string, unknown>) | undefined {
  const converting = columns.flatMap((column) => {
    const out = gridCell(column.type)?.valueOut;
    return out ? [{ key: column.key, out }] : [];
  });
  if (converting.length === 0) return undefined;
  return (row) => {
    const next = { ...row };
    for (const { key, out } of converting) if (key in next) next[key] = out(next[key]);
    return next;
  };
}

export function splitValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' && value !== '' ? value.split(',') : [];
}

/**
 * The text a cell shows for its value: plain elements styled like antd's Tag and Progress (editable-table.css),
 * because every visible cell renders this on every scroll step.
 */
export function CellText({ column, value, options }: { column: GridColumn; value: unknown; options: CellOption[] }) {
  return cellContent(column, value, options);
}

/** CellText as a plain call: a cell's text becomes the cell element's only child (no component per cell). */
export function cellContent(column: GridColumn, value: unknown, options: CellOption[]): ReactNode {
  const Registered = gridCell(column.type)?.display;
  if (Registered) return <Registered column={column} value={value} />;
  if (column.type === 'popup') {
    const problem = popupCellProblem(column);
    if (problem) return problem;
  }
  if (value === undefined || value === null || value === '') return null;
  if (column.type === 'progress') {
    const percent = Math.min(100, Math.max(0, Number(value) || 0));
    return (
      <span className="grid-progress" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <span className="grid-progress-track"><span className="grid-progress-bar" style={{ width: `${percent}%` }} /></span>
        <span className="grid-progress-text">{`${percent}%`}</span>
      </span>
    );
  }
  if (column.type === 'tags') return <>{splitValues(value).map((tag) => <span key={tag} className="grid-tag">{tag}</span>)}</>;
  return cellText(column, value, options);
}

/** The text of a cell that shows text (not tags, progress or a registered display): choices show their labels. */
export function cellText(column: GridColumn, value: unknown, options: CellOption[]): string {
  if (value === undefined || value === null || value === '') return '';
  if (CHOICE_TYPES.has(column.type) || column.dictCode) {
    if (typeof value === 'string' && !value.includes(',')) return options.find((o) => o.value === value)?.label ?? value;
    return splitValues(value).map((v) => options.find((o) => o.value === v)?.label ?? v).join(', ');
  }
  return String(value);
}

const CHOICE_TYPES = new Set<GridColumn['type']>(['select', 'select-search', 'select-multiple', 'radio']);

export interface CellEditorProps {
  column: GridColumn;
  value: unknown;
  options: CellOption[];
  onChange(value: unknown): void;
  /** Editing ends: `move` says where the keyboard wants to go next, `stay` is Escape, nothing is a blur. */
  onDone(move?: 'down' | 'next' | 'previous' | 'stay'): void;
  /** Writes several keys of the cell's row at once (a popup's destinations). */
  onRowChange?(patch: Record<string, unknown>): void;
}

/** The editor of the active cell. */
export function CellEditor(props: CellEditorProps) {
  const Registered = gridCell(props.column.type)?.editor;
  if (Registered) return <Registered column={props.column} value={props.value} onChange={props.onChange} onDone={props.onDone} />;
  if (props.column.type === 'popup') {
    const { onChange, onRowChange } = props;
    return <PopupCellEditor column={props.column} value={props.value} onDone={props.onDone} onRowChange={onRowChange ?? ((patch) => onChange(patch[props.column.key]))} />;
  }
  return <ValueEditor {...props} />;
}

function ValueEditor({ column, value, options, onChange, onDone }: CellEditorProps) {
  const focusRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    focusRef.current?.focus();
  }, []);
  const placeholder = fillPlaceholders(column.placeholder ?? '请输入${title}', { ...column });
  const keys = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && column.type !== 'textarea') {
      event.preventDefault();
      onDone('down');
    } else if (event.key === 'Escape') {
      // Escape ends the cell edit only: inside a form dialog it must not also close the dialog (and lose the form).
      event.stopPropagation();
      onDone('stay');
    }
    else if (event.key === 'Tab') {
      event.preventDefault();
      onDone(event.shiftKey ? 'previous' : 'next');
    }
  };
  const common = { 'aria-label': column.title, onKeyDown: keys, onBlur: () => onDone() };
  const text = value === undefined || value === null ? '' : String(value);

  switch (column.type) {
    case 'inputNumber':
      return <LightNumberEditor label={column.title} value={text} placeholder={placeholder} onChange={onChange} onKeyDown={keys} onBlur={() => onDone()} />;
    case 'textarea':
      return <Input.TextArea {...common} ref={(el) => void (focusRef.current = el?.resizableTextArea?.textArea ?? null)} autoSize value={text} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />;
    case 'select':
    case 'select-search':
    case 'select-multiple':
    case 'radio':
    case 'tags': {
      const multiple = MULTI_TYPES.has(column.type);
      return (
        <Select
          {...common}
          ref={(el) => void (focusRef.current = el as unknown as HTMLElement | null)}
          size="small"
          style={{ width: '100%' }}
          defaultOpen
          allowClear
          showSearch={column.type === 'select-search' || column.allowSearch ? { optionFilterProp: 'label' } : undefined}
          mode={column.type === 'tags' ? 'tags' : multiple ? 'multiple' : undefined}
          placeholder={fillPlaceholders(column.placeholder ?? '请选择${title}', { ...column })}
          options={options}
          value={multiple ? splitValues(value) : text || undefined}
          onChange={(next: string | string[] | undefined) => onChange(Array.isArray(next) ? next.join(',') : (next ?? ''))}
        />
      );
    }
    case 'date':
    case 'datetime':
    case 'time': {
      const format = column.format ?? DATE_FORMATS[column.type]!;
      const Picker = column.type === 'time' ? TimePicker : DatePicker;
      const parsed = text ? dayjs(column.type === 'time' ? `1970-01-01 ${text}` : text) : null;
      return (
        <Picker
          {...common}
          size="small"
          style={{ width: '100%' }}
          defaultOpen
          autoFocus
          showTime={column.type === 'datetime'}
          format={format}
          value={parsed?.isValid() ? parsed : null}
          onChange={(next: dayjs.Dayjs | null) => onChange(next ? next.format(format) : '')}
        />
      );
    }
    default:
      return <LightTextEditor label={column.title} value={text} placeholder={placeholder} onChange={onChange} onKeyDown={keys} onBlur={() => onDone()} />;
  }
}
