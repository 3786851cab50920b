/**
 * The capabilities both engines know — schema options with a part on each side, such as row guards or
 * review-on-change — by their shared parts, in the order the meta-schema lists their keys. A capability is one
 * folder, `capabilities/<name>/`: `meta.json` (its meta-schema fragment), `contract.ts` (what both sides decide
 * with), `server.ts`, `renderer.tsx` and `lint.ts` as it needs them; each registered by one line in the list of the
 * side it serves (this file, server.ts, renderers.ts, lints.ts).
 */
export interface CapabilityContract<Name extends string = string> {
  /** The folder's name. */
  readonly name: Name;
}

export const CAPABILITIES = [] as const satisfies readonly CapabilityContract[];
