/**
 * The capabilities both engines know — schema options with a part on each side, such as row guards or
 * review-on-change — by their shared parts, in the order the meta-schema lists their keys. A capability is one
 * folder, `capabilities/<name>/`: `meta.json` (its meta-schema fragment), `contract.ts` (what both sides decide
 * with, and the TypeScript types of its schema keys, added to EntitySchema / FieldDef by module augmentation),
 * `server.ts`, `renderer.ts(x)` and `lint.ts` as it needs them; each registered by one line in the list of the side
 * it serves (this file, server.ts, renderers.ts, lints.ts).
 */
import type { CapabilityContract } from './contract.ts';
import { references } from './references/contract.ts';
import { operations } from './operations/contract.ts';
import { rowGuards } from './row-guards/contract.ts';
import { reviewOnChange } from './review-on-change/contract.ts';
import { uniqueTogether } from './unique-together/contract.ts';
import { countOf } from './count-of/contract.ts';
import { expiryWarning } from './expiry-warning/contract.ts';
import { configDefault } from './config-default/contract.ts';

export type { CapabilityContract };

export const CAPABILITIES = [references, operations, rowGuards, reviewOnChange, uniqueTogether, countOf, expiryWarning, configDefault] as const satisfies readonly CapabilityContract[];

/** The names of the capabilities registered here. */
export type RegisteredCapability = (typeof CAPABILITIES)[number]['name'];
