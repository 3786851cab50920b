/**
 * Fields an operation's transition writes — the state and the times it stamps (`set` of any operation) — belong to
 * the operations: add, edit and import cannot set them, or an order could be posted straight as 已关闭 and a driver
 * added as 审核通过 without anyone approving it. A new record may hold the field's default, or one of the states the
 * schema lists in `initialStates` (an order saved as 草稿 or 已发布); an edit leaves it as it is. The server refuses
 * (server/entity/state-fields.ts); forms show these fields read-only, or offer only the initial states.
 */
import type { EntitySchema } from './entity.ts';

/** Writable fields some operation sets → the labels of those operations. */
export function transitionFields(schema: EntitySchema): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const operation of schema.operations ?? []) {
    for (const field of Object.keys(operation.set ?? {})) {
      if (!schema.fields[field] || schema.fields[field].readOnly) continue;
      out.set(field, [...new Set([...(out.get(field) ?? []), operation.label])]);
    }
  }
  return out;
}

/** The values a new record may hold in a transition field (empty: none but blank). */
export function initialValues(schema: EntitySchema, field: string): string[] {
  const listed = schema.initialStates?.[field];
  if (listed) return listed;
  const fallback = schema.fields[field]?.default;
  return fallback === undefined || fallback === null ? [] : [String(fallback)];
}
