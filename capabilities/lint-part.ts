/**
 * The lint part of a capability (`capabilities/<name>/lint.ts`): what `npm run schemas:check` checks of its keys
 * beyond the meta-schema. Parts register in lints.ts, which scripts/lib/schema-files.ts runs once. Lints run on
 * files that failed the meta-schema too, so every access is guarded.
 */
import type { Json } from '../scripts/lib/schema-json.ts';
import type { DictItems } from '../scripts/lib/entity-lint.ts';
import type { Problem } from '../scripts/lib/schema-files.ts';

/** Reports a problem at a JSON pointer into the entity file being linted. */
export type At = (pointer: string, message: string) => void;

/** An entity file as loaded: its parsed content, undefined when it could not be read. */
export interface LintedFile {
  readonly file: string;
  readonly data: unknown;
}

export interface CapabilityLint {
  /** One entity file's keys of this capability (`fields`: its declared fields; `dictionaries`: code → items). */
  entity?(entity: Json, fields: Json, dictionaries: ReadonlyMap<string, DictItems>, at: At): void;
  /** Keys naming other entity files (a count of another entity's rows, a platform setting). */
  entities?(files: readonly LintedFile[]): Problem[];
}
