/**
 * `reviewOnChange` (freight-domain §2.2): an approved driver, vehicle, carrier or customer goes back to review
 * (2 → 1) when an edit changes one of its certificates. The server applies it inside the edit (server.ts); the
 * rule and its wording live here.
 */
import type { EntitySchema } from '../../src/contracts/entity.ts';
import { defineCapability } from '../contract.ts';

export interface ReviewOnChangeDef {
  /** The review state field (a dictionary field), e.g. reviewStatus. */
  field: string;
  /** States that are re-opened, e.g. ["2"] (审核通过). */
  from: string[];
  /** The state an edit moves them to, e.g. "1" (待审核). */
  to: string;
  /** Fields whose change re-opens the review: certificate numbers, images, validity dates. */
  fields: string[];
}

declare module '../../src/contracts/entity.ts' {
  interface EntitySchema {
    /** An approved record goes back to review when an edit changes one of its certificates (freight-domain §2.2). */
    reviewOnChange?: ReviewOnChangeDef;
  }
}

export const reviewOnChange = defineCapability({ name: 'review-on-change' });

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/**
 * The labels of the watched fields an edit changes on a record whose stored state the rule re-opens; empty when the
 * rule does not apply.
 */
export function reopeningChanges(schema: EntitySchema, existing: Record<string, unknown>, record: Record<string, unknown>): string[] {
  const rule = schema.reviewOnChange;
  if (!rule || !rule.from.includes(asText(existing[rule.field]))) return [];
  const changed = rule.fields.filter((name) => name in record && asText(record[name]) !== asText(existing[name]));
  return changed.map((name) => schema.fields[name]?.label ?? name);
}

export function reopenedMessage(changedLabels: readonly string[]): string {
  return `编辑成功! ${changedLabels.join('、')}已变更，已转为待审核`;
}
