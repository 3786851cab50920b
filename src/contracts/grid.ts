/**
 * The editable grid (`editable-table` node, and sub-table rows inside forms): column definitions and validation
 * rules as JeecgBoot's JVxeTable takes them (contract §8), shared by the browser grid and the server that saves
 * line items, so a row the grid accepts is a row the server accepts.
 */

import type { PopupConfig } from './report.ts';

/** Cells that edit or show a value. */
export const GRID_CELL_TYPES = [
  'input',
  'inputNumber',
  'textarea',
  'select',
  'select-search',
  'select-multiple',
  'date',
  'datetime',
  'time',
  'checkbox',
  'radio',
  'upload',
  'file',
  'image',
  'popup',
  'department',
  'user',
  'progress',
  'tags',
  'slot',
  'normal',
  'hidden',
] as const;
export type GridCellType = (typeof GRID_CELL_TYPES)[number];

/** Columns the grid itself provides (row number, selection, expansion, drag handle); never registrable as cells. */
export const GRID_KEYWORD_TYPES = ['row-number', 'row-checkbox', 'row-radio', 'row-expand', 'row-drag-sort'] as const;
export type GridKeywordType = (typeof GRID_KEYWORD_TYPES)[number];

export function isKeywordType(type: string): type is GridKeywordType {
  return (GRID_KEYWORD_TYPES as readonly string[]).includes(type);
}

/** Widths JVxeTable gives its keyword columns. */
export const KEYWORD_COLUMN_WIDTH: Record<GridKeywordType, number> = {
  'row-number': 60,
  'row-checkbox': 40,
  'row-radio': 40,
  'row-expand': 40,
  'row-drag-sort': 40,
};

/** One validation rule of a column (`validateRules`). Exactly one of required / unique / pattern / handler. */
export type GridRule =
  | { required: true; message?: string }
  | { unique: true; message?: string }
  /** A preset code (see GRID_RULE_PRESETS), `only` (= unique), or any other string used as a literal RegExp. */
  | { pattern: string; message?: string }
  /** A named check registered with the grid (sync or async), for what a pattern cannot say. */
  | { handler: string; message?: string };

export type GridStatistic = 'sum' | 'average';

export interface GridOption {
  value: string;
  /** `title` or `text`, as JeecgBoot accepts both. */
  title?: string;
  text?: string;
}

export interface GridColumn {
  key: string;
  title: string;
  type: GridCellType | GridKeywordType;
  width?: number;
  fixed?: 'left' | 'right';
  align?: 'left' | 'center' | 'right';
  /** `${title}` is replaced by the column title. */
  placeholder?: string;
  defaultValue?: string | number | boolean;
  options?: GridOption[];
  dictCode?: string;
  validateRules?: GridRule[];
  statistics?: GridStatistic[];
  disabled?: boolean;
  /** select-search: filter the options while typing; select: accept a typed value (allowInput). */
  allowSearch?: boolean;
  allowInput?: boolean;
  /** Display format for dates/numbers (dayjs format, or a number of decimals for inputNumber). */
  format?: string;
  /** slot: the name of a renderer registered with the grid. */
  slotName?: string;
  /** upload / file / image: where the file is posted (an app path, default `/sys/common/upload`), and its folder. */
  action?: string;
  biz?: string;
  /** department / user: several may be picked (stored comma-joined). */
  multiple?: boolean;
  /** popup: the record picker's settings; its destination fields are keys of the same row. */
  popup?: PopupConfig;
}

/**
 * Preset pattern codes and their exact regular expressions (contract §8). Kept as JeecgBoot has them, quirks
 * included, because existing forms rely on them: `s6-18` treats `|` inside the class literally, `e` rejects two-
 * letter top-level domains, `money` rejects 0 and allows 2 decimals. `n6-16` accepts up to 18 digits, as the
 * product really does (its name says 16).
 */
export const GRID_RULE_PRESETS: Readonly<Record<string, { regex: RegExp; message: string }>> = {
  '*': { regex: /^.+$/, message: '${title}不能为空' },
  'n6-16': { regex: /^\d{6,18}$/, message: '请输入6-16位数字' },
  '*6-16': { regex: /^.{6,16}$/, message: '请输入6-16位任意字符' },
  's6-18': { regex: /^[a-z|A-Z]{6,18}$/, message: '请输入6-18位字母' },
  url: {
    regex: /^(?:([A-Za-z]+):)?(\/{0,3})([0-9.\-A-Za-z]+)(?::(\d+))?(?:\/([^?#]*))?(?:\?([^#]*))?(?:#(.*))?$/,
    message: '请输入正确的网址',
  },
  e: { regex: /^([\w]+\.*)([\w]+)@[\w]+\.\w{3}(\.\w{2}|)$/, message: '请输入正确的电子邮件' },
  m: { regex: /^1[3456789]\d{9}$/, message: '请输入正确的手机号码' },
  p: { regex: /^[0-9]{6}$/, message: '请输入正确的邮政编码' },
  s: { regex: /^[A-Z|a-z]+$/, message: '请输入字母' },
  n: { regex: /^-?\d+(\.?\d+|\d?)$/, message: '请输入数字' },
  z: { regex: /^-?\d+$/, message: '请输入整数' },
  money: { regex: /^(([1-9][0-9]*)|([0]\.\d{0,2}|[1-9][0-9]*\.\d{0,2}))$/, message: '请输入正确的金额' },
};

/** The RegExp of a pattern rule: a preset, or the string itself as a RegExp (undefined if it does not compile). */
export function patternRegex(pattern: string): RegExp | undefined {
  const preset = GRID_RULE_PRESETS[pattern];
  if (preset) return preset.regex;
  try {
    return new RegExp(pattern);
  } catch {
    return undefined;
  }
}

/** Replaces `${title}`, `${key}` and other `${column field}` placeholders in a message or placeholder. */
export function fillPlaceholders(text: string, column: Pick<GridColumn, 'title' | 'key'> & Record<string, unknown>): string {
  return text.replace(/\$\{(\w+)\}/g, (whole, name: string) => {
    const value = column[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}
