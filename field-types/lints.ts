/**
 * The lint parts of the field types (`field-types/<type>/lint.ts`): semantic checks of a schema file that only
 * one type's fields need, beyond what the meta-schema says. One line per type that has one; `npm run
 * schemas:check` (scripts/lib/schema-files.ts) calls lintFieldTypes once.
 */
import type { FieldType } from '../src/contracts/entity.ts';
import { escapePointer, isObject, type Json } from '../scripts/lib/schema-json.ts';
import { lintPasswordField } from './password/lint.ts';
import { lintSecretField } from './secret/lint.ts';
import { lintRowsField } from './rows/lint.ts';

/** One field of one entity file, and where to report (`pointer` is relative to the field: '' or '/rowFields/x/type'). */
export interface FieldLintContext {
  readonly entity: Json;
  readonly name: string;
  readonly field: Json;
  at(pointer: string, message: string): void;
  /** Report at an absolute pointer of the file (a list query naming the field). */
  atFile(pointer: string, message: string): void;
}

export type FieldTypeLint = (context: FieldLintContext) => void;

export const FIELD_TYPE_LINTS: Partial<Record<FieldType, FieldTypeLint>> = {
  password: lintPasswordField,
  secret: lintSecretField,
  rows: lintRowsField,
};

interface Problem {
  file: string;
  path: string;
  message: string;
}

export function lintFieldTypes(entities: ReadonlyArray<{ file: string; data: unknown }>): Problem[] {
  const problems: Problem[] = [];
  for (const { file, data } of entities) {
    if (!isObject(data) || !isObject(data.fields)) continue;
    for (const [name, field] of Object.entries(data.fields)) {
      if (!isObject(field) || typeof field.type !== 'string') continue;
      const lint = (FIELD_TYPE_LINTS as Partial<Record<string, FieldTypeLint>>)[field.type];
      const base = `/fields/${escapePointer(name)}`;
      lint?.({
        entity: data,
        name,
        field,
        at: (pointer, message) => problems.push({ file, path: `${base}${pointer}`, message }),
        atFile: (pointer, message) => problems.push({ file, path: pointer, message }),
      });
    }
  }
  return problems;
}
