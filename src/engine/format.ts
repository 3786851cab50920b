/**
 * How a field's value reads on screen, by field type (JeecgBoot's list rules): money with two decimals and
 * thousands separators, datetimes as YYYY-MM-DD HH:mm:ss, dates as YYYY-MM-DD, booleans as 是/否: each type's
 * `text` in its contract.ts, asked here by name. Pure functions, shared by the list, detail and grid renderers;
 * cutting long text to a cell is `ellipsis`, kept apart so a detail view can show the whole value.
 */
import type { FieldDef } from '../contracts/index.ts';
import { FIELD_TYPES } from '../../field-types/index.ts';
import { formatBoolean } from '../../field-types/boolean/contract.ts';

// The formatters live with their types (contract.ts `text`); re-exported for the renderers that format by hand.
export { formatMoney } from '../../field-types/money/contract.ts';
export { DATE_FORMAT, DATETIME_FORMAT, formatDate } from '../../field-types/date/contract.ts';
export { formatDateTime } from '../../field-types/datetime/contract.ts';
export { formatBoolean };
/** List cells cut text after this many characters and show the whole text in a tooltip. */
export const TEXT_ELLIPSIS_CHARS = 25;
/** List cells cut file names after this many characters. */
export const FILE_NAME_ELLIPSIS_CHARS = 5;
const ELLIPSIS_MARK = '…';

/** Any other value as text; objects as JSON rather than "[object Object]". */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Each type's cell text (contract.ts `text`); types without one read as plain text. */
const TEXT_BY_TYPE = new Map(FIELD_TYPES.flatMap((type) => (type.text ? [[type.name, type.text] as const] : [])));

/** The whole value as text for a field (no dictionary translation and no masking: see engine/cells.ts). */
export function formatValue(def: Pick<FieldDef, 'type'> | undefined, value: unknown): string {
  if (typeof value === 'boolean' && !def) return formatBoolean(value);
  const formatter = def ? TEXT_BY_TYPE.get(def.type) : undefined;
  return formatter ? formatter(value) : plainText(value);
}

export interface Shortened {
  text: string;
  /** Set only when something was cut: the whole text, for a tooltip. */
  full?: string;
}

/** Cuts `text` after `max` characters (whole characters, never half a surrogate pair) and marks the cut. */
export function ellipsis(text: string, max: number): Shortened {
  const chars = Array.from(text);
  if (chars.length <= max) return { text };
  return { text: chars.slice(0, max).join('') + ELLIPSIS_MARK, full: text };
}
