/** Fields with `computed` (src/contracts/row-masks.ts): the server writes them from the row's other fields. */
import { computeField } from '../../src/contracts/row-masks.ts';
import type { EntityRuntime } from './registry.ts';

/** Fields with `computed`, written from the record's other fields (after copies); a sent value is discarded. */
export function applyComputed(entity: EntityRuntime, record: Record<string, unknown>): void {
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    if (!field.computed) continue;
    const value = computeField(field.computed, record);
    if (value === undefined) delete record[name];
    else record[name] = value;
  }
}
