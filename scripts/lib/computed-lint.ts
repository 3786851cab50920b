/** Lint of `computed` fields and `rowMasks`: the fields they name are declared. */
import { asArray, escapePointer, isObject, type Json } from './schema-json.ts';

interface Problem {
  file: string;
  path: string;
  message: string;
}

export function lintComputedAndMasks(entities: ReadonlyArray<{ file: string; data: unknown }>): Problem[] {
  const problems: Problem[] = [];
  const fieldsOf = (entity: Json | undefined): Json => (entity && isObject(entity.fields) ? entity.fields : {});

  for (const { file, data } of entities) {
    if (!isObject(data)) continue;
    const at = (pointer: string, message: string) => problems.push({ file, path: pointer, message });
    const fields = fieldsOf(data);

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
    }
  }
  return problems;
}
