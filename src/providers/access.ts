/**
 * Button and column permissions (contract §3, JeecgBoot `v-has`, `disabledAuthFilter`, `colAuthFilter`).
 * - Show/hide (type "1"): a control is shown when the code is in the user's `auth`, or when `allAuth` lists the
 *   rule as switched off (status "0"). Disable-type entries (type "2") never grant this.
 * - Disable (type "2"): a control is disabled when an active type-2 rule in `allAuth` names the code and the user
 *   lacks it in `auth`; a switched-off type-2 rule never disables.
 * - Columns: a column is hidden when `<prefix>:<field>` is an active type-1 rule the user lacks.
 * An action may name several codes separated by commas; any one of them is enough.
 */
import type { AuthEntry, PermissionResult } from '../contracts/index.ts';

export interface AccessProvider {
  can(code: string): boolean;
  /** True when an active type-2 (disable) rule names the code and the user lacks it. */
  disabled?(code: string): boolean;
  /** True when a type-2 rule (active or switched off) names the code: its control is shown, maybe disabled. */
  hasDisableRule?(code: string): boolean;
  /** False when the column code is an active type-1 rule the user lacks. */
  canSeeColumn?(code: string): boolean;
}

/** How a toolbar or row control shows for the user. */
export type ControlState = 'hidden' | 'disabled' | 'enabled';

export function createAccess(permissions: Pick<PermissionResult, 'auth' | 'allAuth'>): AccessProvider {
  const granted = new Set<string>();
  const grantedDisable = new Set<string>();
  for (const entry of permissions.auth ?? []) {
    const target = entry.type === '2' ? grantedDisable : granted;
    for (const code of splitCodes(entry)) target.add(code);
  }
  const switchedOff = new Set<string>();
  const activeShowRules = new Set<string>();
  const activeDisableRules = new Set<string>();
  const disableRules = new Set<string>();
  for (const entry of permissions.allAuth ?? []) {
    const active = entry.status !== '0';
    for (const code of splitCodes(entry)) {
      if (!active) switchedOff.add(code);
      if (entry.type === '2') {
        disableRules.add(code);
        if (active) activeDisableRules.add(code);
      } else if (active) {
        activeShowRules.add(code);
      }
    }
  }
  const anyOf = (code: string, test: (c: string) => boolean) => splitCodes({ action: code }).some(test);
  return {
    can: (code) => anyOf(code, (c) => switchedOff.has(c) || granted.has(c)),
    disabled: (code) => anyOf(code, (c) => activeDisableRules.has(c)) && !anyOf(code, (c) => grantedDisable.has(c) || granted.has(c)),
    hasDisableRule: (code) => anyOf(code, (c) => disableRules.has(c)),
    canSeeColumn: (code) => !activeShowRules.has(code) || granted.has(code),
  };
}

/**
 * A control governed by a disable rule is always shown (disabled unless the user holds the code); any other is
 * removed unless permitted. Providers without disable rules (tests, previews) fall back to `can`.
 */
export function controlState(access: AccessProvider, code: string): ControlState {
  if (access.hasDisableRule?.(code)) return access.disabled?.(code) ? 'disabled' : 'enabled';
  return access.can(code) ? 'enabled' : 'hidden';
}

/** `colAuthFilter`: the items whose `<prefix><key>` column rule lets this user see them. */
export function visibleColumns<T>(access: AccessProvider, prefix: string, items: readonly T[], keyOf: (item: T) => string): T[] {
  const canSee = access.canSeeColumn;
  return canSee ? items.filter((item) => canSee(`${prefix}${keyOf(item)}`)) : [...items];
}

/** Everything allowed; for previews and tests that are not about permissions. */
export const allowAll: AccessProvider = { can: () => true };

function splitCodes(entry: Pick<AuthEntry, 'action'>): string[] {
  return entry.action
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
}
