/**
 * What the inline-editable list (schema `list.inlineEdit`) shows and sends: grid columns from the list columns'
 * field definitions (the line-item grid's own mapping, renderers/editable-table/from-entity.ts), editable only for
 * form fields a cell can really edit, and per row the fields that differ from what the server last said.
 */
import type { EntitySchema, ListColumnDef } from '../../src/contracts/entity.ts';
import { fieldDef } from '../../src/contracts/index.ts';
import type { GridColumn } from '../../src/contracts/grid.ts';
import { editableInCell, gridColumnsFor, wireValue } from '../editable-table/from-entity.ts';

/**
 * Whether a list column is edited in place: a form field, not read-only, of a type a cell edits (uploads, hashes,
 * HTML and pickers are shown, never edited inline: their contracts say `grid.inline: false`).
 */
export function isInlineEditable(entity: EntitySchema, name: string): boolean {
  const field = entity.fields[name];
  return Boolean(field && entity.form.fields.includes(name) && !field.readOnly && editableInCell(field));
}

/**
 * The keys a save compares: the editable list columns, plus the destinations of their popups that are form fields
 * (a popup fills fields the list may not show, e.g. a driver's id beside the name).
 */
export function inlineEditKeys(entity: EntitySchema, names: readonly string[]): string[] {
  const keys = names.filter((name) => isInlineEditable(entity, name));
  const writable = (name: string) => Boolean(entity.fields[name] && !entity.fields[name].readOnly);
  const targets = keys.flatMap((name) => (entity.fields[name].popup?.destFields ?? '').split(',').map((s) => s.trim()).filter(writable));
  return [...new Set([...keys, ...targets])];
}

export function inlineColumns(entity: EntitySchema, columns: ReadonlyArray<ListColumnDef>): GridColumn[] {
  const declared = columns.map((column) => column.field).filter((name) => entity.fields[name]);
  // Reuses the line-item mapping: a list is a "child" whose columns are the list's and which has no foreign key.
  const made = new Map(gridColumnsFor(entity, { entity: entity.name, foreignKey: '', property: '', title: entity.title, columns: declared }).map((c) => [c.key, c]));
  return columns.map((column): GridColumn => {
    const base = made.get(column.field);
    if (!base) {
      // System columns (createTime, updateBy, ...): text only.
      return { key: column.field, title: fieldDef(entity, column.field)?.label ?? column.field, type: 'normal', width: column.width ?? 160, fixed: column.fixed };
    }
    // A page's sum is not the list's total: no footer here.
    const shown: GridColumn = { ...base, statistics: undefined, width: column.width ?? base.width, fixed: column.fixed };
    return isInlineEditable(entity, column.field) ? shown : { ...shown, disabled: true, validateRules: undefined };
  });
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The editable fields of `row` that differ from `saved`, as the edit endpoint takes them (an emptied cell is sent
 * as '' so the server clears it; a field left out stays as it is).
 */
export function changedValues(entity: EntitySchema, keys: readonly string[], saved: Record<string, unknown> | undefined, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const field = entity.fields[key];
    const now = wireValue(field, row[key]);
    if (!same(now, wireValue(field, saved?.[key]))) out[key] = now ?? '';
  }
  return out;
}
