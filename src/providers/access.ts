/**
 * Button permissions (contract §3, JeecgBoot `v-has`): a control is shown when the code is in the user's `auth`,
 * or when `allAuth` lists the rule as switched off (status "0"). Disable-type rules (type "2") never hide anything.
 * An action may name several codes separated by commas; any one of them is enough.
 */
import type { AuthEntry, PermissionResult } from '../contracts/index.ts';

export interface AccessProvider {
  can(code: string): boolean;
}

export function createAccess(permissions: Pick<PermissionResult, 'auth' | 'allAuth'>): AccessProvider {
  const granted = new Set<string>();
  for (const entry of permissions.auth ?? []) {
    if (entry.type === '2') continue;
    for (const code of splitCodes(entry)) granted.add(code);
  }
  const switchedOff = new Set<string>();
  for (const entry of permissions.allAuth ?? []) {
    if (entry.status === '0') for (const code of splitCodes(entry)) switchedOff.add(code);
  }
  return {
    can(code) {
      return splitCodes({ action: code }).some((c) => switchedOff.has(c) || granted.has(c));
    },
  };
}

/** Everything allowed; for previews and tests that are not about permissions. */
export const allowAll: AccessProvider = { can: () => true };

function splitCodes(entry: Pick<AuthEntry, 'action'>): string[] {
  return entry.action
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
}
