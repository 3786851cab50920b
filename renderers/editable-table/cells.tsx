/**
 * What one grid cell shows and how it is edited. Cells show plain text until they become the active cell; only
 * then does an editor mount (one at a time), which is what keeps a 10,000-row grid light: the visible rows are
 * text, not hundreds of input components.
 */
import { useEffect, useRef } from 'react';
import { DatePicker, Input, InputNumber, Progress, Select, Tag, TimePicker } from 'antd';
import dayjs from 'dayjs';
import type { GridColumn, GridOption } from '../../src/contracts/grid.ts';
import { fillPlaceholders } from '../../src/contracts/grid.ts';
import { useDictItems } from '../../src/engine/services.tsx';

export interface CellOption {
  value: string;
  label: string;
}

const DATE_FORMATS: Partial<Record<GridColumn['type'], string>> = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm:ss' };
const MULTI_TYPES = new Set<GridColumn['type']>(['select-multiple', 'tags']);

function optionLabel(option: GridOption): string {
  return option.title ?? option.text ?? option.value;
}

/** The column's choices: its own `options`, else its dictionary's items. */
export function useCellOptions(column: GridColumn): CellOption[] {
  const items = useDictItems(column.options ? undefined : column.dictCode);
  if (column.options) return column.options.map((o) => ({ value: o.value, label: optionLabel(o) }));
  return items.map((item) => ({ value: item.value, label: item.text }));
}

/** Whether the cell edits in place without an editor (a checkbox toggles on click). */
export function togglesInPlace(column: GridColumn): boolean {
  return column.type === 'checkbox';
}

export function isEditable(column: GridColumn): boolean {
  return !column.disabled && !['normal', 'progress', 'slot', 'hidden'].includes(column.type);
}

function splitValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' && value !== '' ? value.split(',') : [];
}

/** The text a cell shows for its value. */
export function CellText({ column, value, options }: { column: GridColumn; value: unknown; options: CellOption[] }) {
  if (value === undefined || value === null || value === '') return null;
  if (column.type === 'progress') return <Progress percent={Number(value) || 0} size="small" />;
  if (column.type === 'tags') return <>{splitValues(value).map((tag) => <Tag key={tag}>{tag}</Tag>)}</>;
  if (['select', 'select-search', 'select-multiple', 'radio'].includes(column.type) || column.dictCode) {
    const labels = splitValues(value).map((v) => options.find((o) => o.value === v)?.label ?? v);
    return <>{labels.join(', ')}</>;
  }
  return <>{String(value)}</>;
}

export interface CellEditorProps {
  column: GridColumn;
  value: unknown;
  options: CellOption[];
  onChange(value: unknown): void;
  /** Editing ends: `move` says where the keyboard wants to go next, `stay` is Escape, nothing is a blur. */
  onDone(move?: 'down' | 'next' | 'previous' | 'stay'): void;
}

/** The editor of the active cell. */
export function CellEditor({ column, value, options, onChange, onDone }: CellEditorProps) {
  const focusRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    focusRef.current?.focus();
  }, []);
  const placeholder = fillPlaceholders(column.placeholder ?? '请输入${title}', { ...column });
  const keys = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && column.type !== 'textarea') {
      event.preventDefault();
      onDone('down');
    } else if (event.key === 'Escape') onDone('stay');
    else if (event.key === 'Tab') {
      event.preventDefault();
      onDone(event.shiftKey ? 'previous' : 'next');
    }
  };
  const common = { 'aria-label': column.title, onKeyDown: keys, onBlur: () => onDone() };
  const text = value === undefined || value === null ? '' : String(value);

  switch (column.type) {
    case 'inputNumber':
      return (
        <InputNumber
          {...common}
          ref={(el) => void (focusRef.current = el)}
          size="small"
          style={{ width: '100%' }}
          stringMode
          placeholder={placeholder}
          value={text === '' ? null : text}
          onChange={(next) => onChange(next === null ? '' : String(next))}
        />
      );
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
      return <Input {...common} ref={(el) => void (focusRef.current = el?.input ?? null)} size="small" value={text} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />;
  }
}
