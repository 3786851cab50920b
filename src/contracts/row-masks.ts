/**
 * Row masks: values some callers must never receive, decided per row — e.g. on an agent-mode order (orderMode 3)
 * a shipper who is not the order's agent must not learn the driver's fee. The server replaces the values before
 * anything leaves it (lists, detail, export, live rows, reports); the browser only shows what it got.
 */

export interface RowMask {
  /** Fields replaced by `text` on matching rows. */
  fields: string[];
  /** The rows it applies to: field → values (all must match). */
  when: Record<string, string[]>;
  /** Caller user types it applies to (JeecgBoot: 2 shipper, 6 shipper admin); staff (1) always see everything. */
  userTypes: number[];
  /** Fields holding a customer id: a caller whose active customer is named there sees the values after all. */
  unlessCustomerIn?: string[];
  /** What is sent instead (default --). */
  text?: string;
}

/** A computed field's value: the first case whose `when` the row matches gives its `field`, else `else`. */
export interface ComputedField {
  cases: Array<{ when: Record<string, string[]>; field: string }>;
  else: string;
}

export const MASK_TEXT = '--';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function rowMatches(when: Record<string, string[]>, row: Record<string, unknown>): boolean {
  return Object.entries(when).every(([field, values]) => values.includes(text(row[field])));
}

export interface MaskCaller {
  userType: number;
  customerId: string | null;
}

/** Whether a mask hides its fields of this row from this caller. */
export function maskApplies(mask: RowMask, row: Record<string, unknown>, caller: MaskCaller | undefined): boolean {
  // No caller known: hide (deny by default).
  if (caller && !mask.userTypes.includes(caller.userType)) return false;
  if (!rowMatches(mask.when, row)) return false;
  const own = caller?.customerId;
  return !(own && (mask.unlessCustomerIn ?? []).some((field) => text(row[field]) === own));
}

/** A copy of the row with every field a mask hides replaced by its text. */
export function applyRowMasks(masks: readonly RowMask[] | undefined, row: Record<string, unknown>, caller: MaskCaller | undefined): Record<string, unknown> {
  if (!masks?.length) return row;
  let out = row;
  for (const mask of masks) {
    if (!maskApplies(mask, row, caller)) continue;
    if (out === row) out = { ...row };
    for (const field of mask.fields) {
      out[field] = mask.text ?? MASK_TEXT;
      delete out[`${field}_dictText`];
    }
  }
  return out;
}

/** The computed value of a row (undefined when the chosen field is empty). */
export function computeField(computed: ComputedField, row: Record<string, unknown>): unknown {
  const chosen = computed.cases.find((c) => rowMatches(c.when, row))?.field ?? computed.else;
  const value = row[chosen];
  return value === '' || value === null ? undefined : value;
}
