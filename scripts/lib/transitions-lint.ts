/**
 * Cross-entity lint of state transitions (src/contracts/transitions.ts): `references` name entities; `copyFrom`
 * follows a referencing field to a field the referenced entity has; an operation's `requires` and `history` name
 * real fields and entities; expressions name fields that exist; `openForm` opens an entity whose fields it fills.
 */
import { EXPRESSION_PATTERN, isExpression } from '../../src/contracts/transitions.ts';
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

    /** Requirements (an operation's or the entity's own): a referencing field, and fields the target has. */
    const lintRequires = (requires: unknown, base: string) => {
      asArray(requires).forEach((requirement, j) => {
        if (!isObject(requirement)) return;
        const target = referenced(requirement.field, `${base}/${j}/field`);
        if (!target) return;
        const targetFields = fieldsOf(target);
        for (const name of [...Object.keys(isObject(requirement.when) ? requirement.when : {}), ...asArray(requirement.notExpired)]) {
          if (typeof name === 'string' && !isObject(targetFields[name])) at(`${base}/${j}`, `entity "${String(target.name)}" has no field "${name}"`);
        }
      });
    };
    lintRequires(data.requires, '/requires');

    asArray(data.operations).forEach((operation, i) => {
      if (!isObject(operation)) return;
      const base = `/operations/${i}`;
      const own = (name: string) => isObject(fields[name]);
      if (isObject(operation.set)) {
        for (const [field, value] of Object.entries(operation.set)) {
          const named = isExpression(value) ? /^\$field:(.+)$/.exec(value)?.[1] : undefined;
          if (named && !own(named)) at(`${base}/set/${escapePointer(field)}`, `"${String(value)}" names an unknown field`);
        }
      }
      asArray(operation.filled).forEach((name, j) => {
        if (typeof name === 'string' && !own(name)) at(`${base}/filled/${j}`, `unknown field "${name}"`);
      });
      lintRequires(operation.requires, `${base}/requires`);
      if (isObject(operation.history)) {
        const history = byName.get(String(operation.history.entity));
        if (!history) return void at(`${base}/history/entity`, `unknown entity "${String(operation.history.entity)}"`);
        const historyFields = fieldsOf(history);
        if (typeof operation.history.foreignKey === 'string' && !isObject(historyFields[operation.history.foreignKey])) {
          at(`${base}/history/foreignKey`, `entity "${String(history.name)}" has no field "${operation.history.foreignKey}"`);
        }
        for (const [field, value] of Object.entries(isObject(operation.history.values) ? operation.history.values : {})) {
          const pointer = `${base}/history/values/${escapePointer(field)}`;
          if (!isObject(historyFields[field])) at(pointer, `entity "${String(history.name)}" has no field "${field}"`);
          if (!isExpression(value)) continue;
          if (!EXPRESSION_PATTERN.test(value)) at(pointer, `"${value}" is not an expression ($now, $user, $realname, $old:/$new:/$field:/$input:<field>)`);
          const named = /^\$(?:field|old|new|input):(.+)$/.exec(value)?.[1];
          if (named && !own(named)) at(pointer, `"${value}" names an unknown field`);
        }
      }
      if (isObject(operation.openForm)) {
        const target = byName.get(String(operation.openForm.entity));
        if (!target) return void at(`${base}/openForm/entity`, `unknown entity "${String(operation.openForm.entity)}"`);
        for (const [targetField, sourceField] of Object.entries(isObject(operation.openForm.values) ? operation.openForm.values : {})) {
          const pointer = `${base}/openForm/values/${escapePointer(targetField)}`;
          if (!isObject(fieldsOf(target)[targetField])) at(pointer, `entity "${String(target.name)}" has no field "${targetField}"`);
          if (typeof sourceField === 'string' && sourceField !== 'id' && !own(sourceField)) at(pointer, `"${sourceField}" is not a field of this entity`);
        }
      }
    });
  }
  return problems;
}
