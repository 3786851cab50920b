/**
 * Cross-entity lint of fields the server writes: `references` name entities; `copyFrom` follows a referencing field
 * to a field the referenced entity has; `computed` and `rowMasks` name declared fields.
 */
import { asArray, escapePointer, isObject, type Json } from './schema-json.ts';

interface Problem {
  file: string;
  path: string;
  message: string;
}

export function lintTransitions(entities: ReadonlyArray<{ file: string; data: unknown }>): Problem[] {
  const problems: Problem[] = [];
  const byName = new Map<string, Json>();
  for (const { data } of entities) if (isObject(data) && typeof data.name === 'string') byName.set(data.name, data);
  const fieldsOf = (entity: Json | undefined): Json => (entity && isObject(entity.fields) ? entity.fields : {});

  for (const { file, data } of entities) {
    if (!isObject(data)) continue;
    const at = (pointer: string, message: string) => problems.push({ file, path: pointer, message });
    const fields = fieldsOf(data);
    const referenced = (field: unknown, pointer: string): Json | undefined => {
      if (typeof field !== 'string') return undefined;
      const def = fields[field];
      if (!isObject(def)) return void at(pointer, `unknown field "${field}"`);
      if (typeof def.references !== 'string') return void at(pointer, `"${field}" declares no references`);
      return byName.get(def.references);
    };

    asArray(data.rowMasks).forEach((mask, i) => {
      if (!isObject(mask)) return;
      const named = [...asArray(mask.fields), ...Object.keys(isObject(mask.when) ? mask.when : {}), ...asArray(mask.unlessCustomerIn)];
      for (const name of named) if (typeof name === 'string' && !isObject(fields[name])) at(`/rowMasks/${i}`, `unknown field "${name}"`);
    });
    for (const [name, def] of Object.entries(fields)) {
      if (!isObject(def)) continue;
      const base = `/fields/${escapePointer(name)}`;
      if (isObject(def.computed)) {
        const cases = asArray(def.computed.cases).filter(isObject);
        const named = [def.computed.else, ...cases.map((c) => c.field), ...cases.flatMap((c) => Object.keys(isObject(c.when) ? c.when : {}))];
        for (const other of named) if (typeof other === 'string' && !isObject(fields[other])) at(`${base}/computed`, `unknown field "${other}"`);
      }
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
}
