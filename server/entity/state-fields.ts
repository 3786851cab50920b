/**
 * The server's half of src/contracts/state-fields.ts: what an add, import or edit would set that only an operation
 * may, as field errors naming the operations that change it.
 */
import type { FieldError } from '../../src/contracts/envelope.ts';
import { initialValues, transitionFields } from '../../src/contracts/state-fields.ts';
import type { EntityRuntime } from './registry.ts';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/** `existing` absent: an add or import (blank or an initial state only); present: an edit (unchanged only). */
export function transitionFieldErrors(entity: EntityRuntime, record: Record<string, unknown>, existing?: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, operations] of transitionFields(entity.schema)) {
    const value = text(record[field]);
    const allowed = existing ? value === text(existing[field]) : value === '' || initialValues(entity.schema, field).includes(value);
    if (allowed) continue;
    const label = entity.schema.fields[field].label;
    errors.push({ field, message: `${label}由“${operations.join('、')}”操作改变，不能直接${existing ? '修改' : '设置'}` });
  }
  return errors;
}
