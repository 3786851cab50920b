/**
 * Semantic lint of the conditional rules and list presets: `requiredWhen` and `formatWhen` (fields' rules that
 * depend on another field's value) and `list.states` (query presets opened by `?state=<key>`). Conditions name
 * writable declared fields and compare with values of their dictionary and type; presets fill query fields.
 */
import { asArray, escapePointer, isObject, type Json } from './schema-json.ts';
import type { DictItems } from './entity-lint.ts';

type At = (pointer: string, message: string) => void;

const NUMERIC = new Set<unknown>(['integer', 'number', 'money']);

function fitsType(type: unknown, value: unknown): boolean {
  if (type === 'boolean') return typeof value === 'boolean';
  if (type === 'integer') return Number.isInteger(value);
  if (NUMERIC.has(type)) return typeof value === 'number';
  return typeof value === 'string';
}

export function lintConditions(entity: Json, fields: Json, dictionaries: Map<string, DictItems>, at: At): void {
  /** The trigger field's definition, or a reported error and undefined. */
  const trigger = (name: string, self: string, pointer: string): Json | undefined => {
    const def = fields[name];
    if (!isObject(def)) at(pointer, `unknown field "${name}" (not in fields)`);
    else if (name === self) at(pointer, 'a rule cannot depend on its own field');
    else if (def.readOnly === true) at(pointer, `"${name}" is readOnly: writes never carry it, so the rule could not apply`);
    else return def;
    return undefined;
  };
  /** A compared value must be an item of the trigger's dictionary and fit its type. */
  const checkValue = (def: Json, value: unknown, pointer: string) => {
    if (!fitsType(def.type, value)) at(pointer, `${JSON.stringify(value)} does not fit a ${String(def.type)} field`);
    const items = typeof def.dict === 'string' ? dictionaries.get(def.dict) : undefined;
    if (items instanceof Set && !items.has(String(value))) at(pointer, `"${String(value)}" is not an item of dictionary "${String(def.dict)}"`);
  };

  for (const [name, def] of Object.entries(fields)) {
    if (!isObject(def)) continue;
    const base = `/fields/${escapePointer(name)}`;
    if (isObject(def.requiredWhen)) {
      if (def.required === true) at(`${base}/requiredWhen`, 'the field is always required; drop requiredWhen or required');
      if (def.readOnly === true) at(`${base}/requiredWhen`, 'readOnly fields are never written, so they cannot be required');
      for (const [other, values] of Object.entries(def.requiredWhen)) {
        const pointer = `${base}/requiredWhen/${escapePointer(other)}`;
        const otherDef = trigger(other, name, pointer);
        if (otherDef) asArray(values).forEach((value, i) => checkValue(otherDef, value, `${pointer}/${i}`));
      }
    }
    if (isObject(def.formatWhen)) {
      if (def.type !== 'string') at(`${base}/formatWhen`, `formatWhen is only allowed on string fields (this one is ${String(def.type)})`);
      if (def.format !== undefined) at(`${base}/formatWhen`, 'a field has either format or formatWhen, not both');
      const other = def.formatWhen.field;
      const otherDef = typeof other === 'string' ? trigger(other, name, `${base}/formatWhen/field`) : undefined;
      if (otherDef && isObject(def.formatWhen.cases)) {
        for (const value of Object.keys(def.formatWhen.cases)) {
          // Case keys are JSON object keys, so strings: the trigger must hold strings.
          checkValue(otherDef, value, `${base}/formatWhen/cases/${escapePointer(value)}`);
        }
      }
    }
  }

  const list = isObject(entity.list) ? entity.list : {};
  if (!isObject(list.states)) return;
  const queried = new Set(
    asArray(list.query).map((q) => (typeof q === 'string' ? q : isObject(q) ? q.field : undefined)).filter((f): f is string => typeof f === 'string'),
  );
  if (queried.has('state')) at('/list/states', 'a query field named "state" would collide with the ?state= preset parameter');
  for (const [key, preset] of Object.entries(list.states)) {
    if (!isObject(preset)) continue;
    for (const [field, value] of Object.entries(preset)) {
      const pointer = `/list/states/${escapePointer(key)}/${escapePointer(field)}`;
      if (field === 'expiry' && list.expiryQuery === true && !isObject(fields[field])) {
        // 证件状态 (list.expiryQuery): its values are the cert_expiry_state items.
        if (value !== 'expiring' && value !== 'expired') at(pointer, `"${String(value)}" is not an expiry state (expiring, expired)`);
        continue;
      }
      const def = fields[field];
      if (!queried.has(field) || !isObject(def)) at(pointer, `"${field}" is not a query field of the list (list.query)`);
      else checkValue({ ...def, type: 'string' }, value, pointer);
    }
  }
}
