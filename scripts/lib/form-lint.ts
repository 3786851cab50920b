/**
 * Semantic lint of the form extras: rowFields/maxRows on rows fields only, `immutable`, `form.assists` (a form field, sending form fields) and `form.preview` (a registered node type).
 */
import { RendererTypes } from '../../renderers/node-types.ts';
import { asArray, escapePointer, isObject, type Json } from './schema-json.ts';

type At = (pointer: string, message: string) => void;

const NODE_TYPES = new Set<string>(Object.values(RendererTypes));

export function lintFormExtras(entity: Json, fields: Json, at: At): void {
  for (const [name, def] of Object.entries(fields)) {
    if (!isObject(def)) continue;
    const base = `/fields/${escapePointer(name)}`;
    // A rows field's own rules are its lint part's (field-types/rows/lint.ts).
    if (def.type !== 'rows' && (def.rowFields !== undefined || def.maxRows !== undefined)) {
      at(base, 'rowFields and maxRows belong to rows fields only');
    }
  }
  const form = isObject(entity.form) ? entity.form : {};
  const inForm = new Set(asArray(form.fields).filter((f): f is string => typeof f === 'string'));
  asArray(form.assists).forEach((assist, i) => {
    if (!isObject(assist)) return;
    if (typeof assist.field === 'string' && !inForm.has(assist.field)) at(`/form/assists/${i}/field`, `"${assist.field}" is not in form.fields`);
    asArray(assist.send).forEach((name, j) => {
      if (typeof name === 'string' && !inForm.has(name)) at(`/form/assists/${i}/send/${j}`, `"${name}" is not in form.fields`);
    });
  });
  if (isObject(form.preview) && typeof form.preview.node === 'string' && !NODE_TYPES.has(form.preview.node)) {
    at('/form/preview/node', `unknown node type "${form.preview.node}" (registered: ${[...NODE_TYPES].join(', ')})`);
  }
}
