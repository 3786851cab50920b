/**
 * Pure value rules of the newer field types, shared by the form widgets, the ajv formats and the server: tags,
 * typed numbers and comma-joined lists.
 */

/** Comma-joined list → its non-empty, trimmed parts. */
export function splitList(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  return String(value)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function joinList(parts: readonly string[]): string | undefined {
  const kept = parts.map((part) => part.trim()).filter(Boolean);
  return kept.length > 0 ? kept.join(',') : undefined;
}

/**
 * The tags input's typing rule (JeecgBoot's quirk, kept as the product behaves): semicolons the user typed are
 * dropped, then a semicolon goes after every two characters, so `abcde` reads `ab;cd;e`.
 */
export function formatTagsInput(raw: string): string {
  const chars = Array.from(raw.replaceAll(';', '').replaceAll('；', ''));
  const pairs: string[] = [];
  for (let i = 0; i < chars.length; i += 2) pairs.push(chars.slice(i, i + 2).join(''));
  return pairs.join(';');
}

/** The text shown in the tags input → the stored, comma-joined tags. */
export function tagsInputToValue(text: string): string | undefined {
  return joinList(text.split(/[;,，]/));
}

/** Stored tags → the text the tags input shows. */
export function tagsValueToInput(value: unknown): string {
  return splitList(value).join(';');
}

/** What the number input accepts: an optional minus, digits, an optional decimal point and more digits. */
export const NUMBER_INPUT = /^-?\d+(\.\d*)?$/;

/** The number input's text on blur → a number, or undefined (the input is cleared) when it is not one. */
export function parseNumberInput(text: string): number | undefined {
  const trimmed = text.trim();
  if (!NUMBER_INPUT.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** HTML → plain text for list cells and excerpts (tags dropped, common entities decoded, spaces collapsed). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A date or datetime field's `default` meaning "when the record is added": today, or now to the second. */
export const NOW_DEFAULT = '$now';

/**
 * The values `$now` defaults give a new record, from a wall clock reading `YYYY-MM-DD HH:mm:ss` (the browser's own
 * clock in a form, Shanghai's on the server): the day for date fields, the whole reading for datetime fields.
 */
export function nowDefaults(fields: Readonly<Record<string, { type: string; default?: unknown }>>, wallClock: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.default !== NOW_DEFAULT) continue;
    if (field.type === 'date') values[name] = wallClock.slice(0, 10);
    else if (field.type === 'datetime') values[name] = wallClock.slice(0, 19);
  }
  return values;
}
