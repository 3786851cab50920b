/**
 * Lint of `references` and `copyFrom`: a referenced entity exists; `copyFrom` follows a referencing field to a field
 * the referenced entity has, `perUnit` to an integer one (money fields only). Runs on files that failed the
 * meta-schema too, so every access is guarded.
 */
import { escapePointer, isObject, type Json } from '../../scripts/lib/schema-json.ts';
import type { Problem } from '../../scripts/lib/schema-files.ts';
import type { At, CapabilityLint, LintedFile } from '../lint-part.ts';

/** Entity files by name. */
export function entitiesByName(files: readonly LintedFile[]): Map<string, Json> {
  const byName = new Map<string, Json>();
  for (const { data } of files) if (isObject(data) && typeof data.name === 'string') byName.set(data.name, data);
  return byName;
}

export const fieldsOf = (entity: Json | undefined): Json => (entity && isObject(entity.fields) ? entity.fields : {});

/**
 * The entity file a field of `fields` references (for what follows the relation: a copy, an operation's
 * requirement), or undefined after reporting a field that is unknown or references nothing.
 */
export function referencedFile(fields: Json, byName: ReadonlyMap<string, Json>, field: unknown, pointer: string, at: At): Json | undefined {
  if (typeof field !== 'string') return undefined;
  const def = fields[field];
  if (!isObject(def)) return void at(pointer, `unknown field "${field}"`);
  if (typeof def.references !== 'string') return void at(pointer, `"${field}" declares no references`);
  return byName.get(def.references);
}

export const referencesLint: CapabilityLint = {
  entities(files: readonly LintedFile[]): Problem[] {
    const problems: Problem[] = [];
    const byName = entitiesByName(files);
    for (const { file, data } of files) {
      if (!isObject(data)) continue;
      const at = (pointer: string, message: string) => problems.push({ file, path: pointer, message });
      const fields = fieldsOf(data);
      const referenced = (field: unknown, pointer: string) => referencedFile(fields, byName, field, pointer, at);
      for (const [name, def] of Object.entries(fields)) {
        if (!isObject(def)) continue;
        const base = `/fields/${escapePointer(name)}`;
        if (typeof def.references === 'string' && !byName.has(def.references)) at(`${base}/references`, `unknown entity "${def.references}"`);
        if (isObject(def.copyFrom)) {
          const source = referenced(def.copyFrom.via, `${base}/copyFrom/via`);
          if (source && typeof def.copyFrom.field === 'string' && !isObject(fieldsOf(source)[def.copyFrom.field])) {
            at(`${base}/copyFrom/field`, `entity "${String(source.name)}" has no field "${def.copyFrom.field}"`);
          }
          if (source && def.copyFrom.perUnit !== undefined) {
            const units = fieldsOf(source)[String(def.copyFrom.perUnit)];
            if (def.type !== 'money') at(`${base}/copyFrom/perUnit`, 'perUnit shares an amount: the field must be money');
            if (!isObject(units) || units.type !== 'integer') {
              at(`${base}/copyFrom/perUnit`, `entity "${String(source.name)}" has no integer field "${String(def.copyFrom.perUnit)}"`);
            }
          }
        }
      }
    }
    return problems;
  },
};
