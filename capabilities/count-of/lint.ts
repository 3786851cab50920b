/**
 * Cross-entity lint of `countOf` (server.ts): only on readOnly integer fields, naming an entity that exists and one
 * of its string fields, which holds ids of this entity (`references`, when it declares one).
 */
import { escapePointer, isObject, type Json } from '../../scripts/lib/schema-json.ts';
import type { Problem } from '../../scripts/lib/schema-files.ts';
import type { CapabilityLint, LintedFile } from '../lint-part.ts';

export const countOfLint: CapabilityLint = { entities: lintCountOf };

function lintCountOf(entities: readonly LintedFile[]): Problem[] {
  const problems: Problem[] = [];
  const byName = new Map<string, Json>();
  for (const { data } of entities) if (isObject(data) && typeof data.name === 'string') byName.set(data.name, data);
  for (const { file, data } of entities) {
    if (!isObject(data) || !isObject(data.fields)) continue;
    for (const [name, def] of Object.entries(data.fields)) {
      if (!isObject(def) || !isObject(def.countOf)) continue;
      const at = (suffix: string, message: string) => problems.push({ file, path: `/fields/${escapePointer(name)}${suffix}`, message });
      if (def.type !== 'integer' || def.readOnly !== true) at('/countOf', 'countOf is kept by the database: the field must be an integer with readOnly: true');
      const counted = typeof def.countOf.entity === 'string' ? byName.get(def.countOf.entity) : undefined;
      if (!counted) {
        at('/countOf/entity', `unknown entity "${String(def.countOf.entity)}"`);
        continue;
      }
      const foreign = isObject(counted.fields) ? counted.fields[String(def.countOf.field)] : undefined;
      if (!isObject(foreign)) at('/countOf/field', `"${String(def.countOf.entity)}" has no field "${String(def.countOf.field)}"`);
      else if (foreign.type !== 'string') at('/countOf/field', `"${String(def.countOf.field)}" must be a string field holding ids`);
      else if (typeof foreign.references === 'string' && foreign.references !== data.name) {
        at('/countOf/field', `"${String(def.countOf.field)}" references "${foreign.references}", not "${String(data.name)}"`);
      }
    }
  }
  return problems;
}
