/**
 * `rows`: rows of sub-fields (`rowFields`), edited in a grid inside the form and sent as a JSON array — e.g. a
 * report's columns. Only entities whose tables server code manages may declare them (stored as jsonb there).
 */
import type { FieldDef } from '../../src/contracts/entity.ts';
import { defineFieldType } from '../contract.ts';

export const DEFAULT_MAX_ROWS = 200;

/** One row as stored: its sub-fields only, strings trimmed, empty values left out. */
function normaliseRow(field: FieldDef, row: unknown): unknown {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(field.rowFields ?? {})) {
    let value = (row as Record<string, unknown>)[name];
    if (typeof value === 'string') value = value.trim();
    if (value === '' || value === null || value === undefined) continue;
    out[name] = value;
  }
  return out;
}

export const rowsType = defineFieldType({
  name: 'rows',
  valueSchema: (field, base, nested) => {
    const sub = Object.entries(field.rowFields ?? {});
    return {
      ...base,
      type: 'array',
      minItems: field.required ? 1 : undefined,
      maxItems: field.maxRows ?? DEFAULT_MAX_ROWS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: sub.filter(([, f]) => f.required).map(([name]) => name),
        properties: Object.fromEntries(sub.map(([name, f]) => [name, nested(f)])),
      },
    };
  },
  // A row's error says which row, `报表列第3行：请输入标题`.
  pathMessage: (field, parts, keyword, params, messageOf) => {
    if (parts.length >= 1) {
      const sub = parts[1] ?? (keyword === 'required' ? String(params.missingProperty ?? '') : '');
      return `${field.label}第${Number(parts[0]) + 1}行：${messageOf(field.rowFields?.[sub], keyword, params)}`;
    }
    if (keyword === 'maxItems') return `${field.label}最多${String(params.limit)}行`;
    if (keyword === 'minItems') return `请添加${field.label}`;
    return undefined;
  },
  labelledMessages: true,
  normalise: (field, value) => (Array.isArray(value) ? value.map((row) => normaliseRow(field, row)) : value),
});
