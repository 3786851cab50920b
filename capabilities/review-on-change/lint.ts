/**
 * Lint of `reviewOnChange`: the state field is a declared dictionary field whose items include `from` and `to`;
 * the watched fields are declared fields other than the state field itself.
 */
import { asArray, isObject } from '../../scripts/lib/schema-json.ts';
import type { CapabilityLint } from '../lint-part.ts';

export const reviewOnChangeLint: CapabilityLint = {
  entity(entity, fields, dictionaries, at) {
    const rule = entity.reviewOnChange;
    if (!isObject(rule)) return;
    const stateField = typeof rule.field === 'string' ? rule.field : undefined;
    const state = stateField ? fields[stateField] : undefined;
    if (stateField && !isObject(state)) at('/reviewOnChange/field', `"${stateField}" is not a declared field`);
    const items = isObject(state) && typeof state.dict === 'string' ? dictionaries.get(state.dict) : undefined;
    if (isObject(state) && !items) at('/reviewOnChange/field', `"${String(stateField)}" must be a dictionary field`);
    const checkValue = (value: unknown, pointer: string) => {
      if (typeof value === 'string' && items && items !== 'table' && !items.has(value)) at(pointer, `"${value}" is not an item of dictionary "${String(isObject(state) ? state.dict : '')}"`);
    };
    asArray(rule.from).forEach((value, i) => checkValue(value, `/reviewOnChange/from/${i}`));
    checkValue(rule.to, '/reviewOnChange/to');
    asArray(rule.fields).forEach((name, i) => {
      if (typeof name !== 'string') return;
      if (name === stateField) at(`/reviewOnChange/fields/${i}`, 'the state field cannot re-open its own review');
      else if (!isObject(fields[name])) at(`/reviewOnChange/fields/${i}`, `"${name}" is not a declared field`);
    });
  },
};
