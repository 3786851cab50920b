/**
 * Fields an operation's transition writes — the state and the times it stamps (`set` of any operation) — belong to
 * the operations: add, edit and import cannot set them, or an order could be posted straight as 已关闭 and a driver
 * added as 审核通过 without anyone approving it. A new record may hold the field's default (or, where the schema
 * lists them in `initialStates`, one of those states: an order saved as 草稿 or 已发布); an edit must leave it as is.
 */
import type { FieldError } from '../../src/contracts/envelope.ts';
import type { EntitySchema } from '../../src/contracts/entity.ts';
import type { EntityRuntime } from './registry.ts';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/** Writable fields some operation sets → the labels of those operations. */
export function transitionFields(schema: EntitySchema): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const operation of schema.operations ?? []) {
    for (const field of Object.keys(operation.set ?? {})) {
      if (!schema.fields[field] || schema.fields[field].readOnly) continue;
      out.set(field, [...(out.get(field) ?? []), operation.label]);
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

/**
 * What an add/import (`existing` absent) or an edit would set that only an operation may: one error per field,
 * naming the operations that change it.
 */
export function transitionFieldErrors(entity: EntityRuntime, record: Record<string, unknown>, existing?: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, operations] of transitionFields(entity.schema)) {
    const value = text(record[field]);
    const allowed = existing ? value === text(existing[field]) : value === '' || initialValues(entity.schema, field).includes(value);
    if (allowed) continue;
    const label = entity.schema.fields[field].label;
    errors.push({ field, message: `${label}由“${[...new Set(operations)].join('、')}”操作改变，不能直接${existing ? '修改' : '设置'}` });
  }
  return errors;
}
