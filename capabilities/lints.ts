/**
 * The lint parts of the capabilities (lint-part.ts), by name: one line per capability that has one. The schema
 * check (scripts/lib/schema-files.ts) runs them all through lintCapabilities.
 */
import { isObject } from '../scripts/lib/schema-json.ts';
import type { DictItems } from '../scripts/lib/entity-lint.ts';
import type { Problem } from '../scripts/lib/schema-files.ts';
import type { RegisteredCapability } from './index.ts';
import type { CapabilityLint, LintedFile } from './lint-part.ts';
import { referencesLint } from './references/lint.ts';
import { operationsLint } from './operations/lint.ts';
import { rowGuardsLint } from './row-guards/lint.ts';
import { reviewOnChangeLint } from './review-on-change/lint.ts';
import { uniqueTogetherLint } from './unique-together/lint.ts';
import { countOfLint } from './count-of/lint.ts';
import { expiryWarningLint } from './expiry-warning/lint.ts';
import { configDefaultLint } from './config-default/lint.ts';

export const CAPABILITY_LINTS: Partial<Record<RegisteredCapability, CapabilityLint>> = {
  references: referencesLint,
  operations: operationsLint,
  'row-guards': rowGuardsLint,
  'review-on-change': reviewOnChangeLint,
  'unique-together': uniqueTogetherLint,
  'count-of': countOfLint,
  'expiry-warning': expiryWarningLint,
  'config-default': configDefaultLint,
};

/** Every capability's problems in the entity files: each file's own keys first, then those across files. */
export function lintCapabilities(files: readonly LintedFile[], dictionaries: ReadonlyMap<string, DictItems>): Problem[] {
  const parts = Object.values(CAPABILITY_LINTS);
  const problems: Problem[] = [];
  for (const { file, data } of files) {
    if (!isObject(data)) continue;
    const fields = isObject(data.fields) ? data.fields : {};
    const at = (pointer: string, message: string) => problems.push({ file, path: pointer, message });
    for (const part of parts) part.entity?.(data, fields, dictionaries, at);
  }
  for (const part of parts) problems.push(...(part.entities?.(files) ?? []));
  return problems;
}
