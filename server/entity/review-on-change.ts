/**
 * freight-domain §2.2: an approved driver, vehicle, carrier or customer goes back to review (2 → 1) when an edit
 * changes one of its certificates. Declared per entity as `reviewOnChange`; applied inside the edit transaction
 * so the state and the new certificate are written together.
 */
import type { EntitySchema } from '../../src/contracts/entity.ts';

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

export interface Reopened {
  /** Extra column values for the update (the state field is read-only, so not among the edit's own values). */
  values: Record<string, unknown>;
  /** Labels of the watched fields that changed; empty when nothing was re-opened. */
  labels: string[];
}

/** Whether the rule applies: the stored state is one it re-opens and a watched field changes. */
export function reopenReviewOnChange(schema: EntitySchema, existing: Record<string, unknown>, record: Record<string, unknown>): Reopened {
  const rule = schema.reviewOnChange;
  if (!rule || !rule.from.includes(asText(existing[rule.field]))) return { values: {}, labels: [] };
  const changed = rule.fields.filter((name) => name in record && asText(record[name]) !== asText(existing[name]));
  if (changed.length === 0) return { values: {}, labels: [] };
  return { values: { [rule.field]: rule.to }, labels: changed.map((name) => schema.fields[name]?.label ?? name) };
}

export function reopenedMessage(changedLabels: string[]): string {
  return `编辑成功! ${changedLabels.join('、')}已变更，已转为待审核`;
}
