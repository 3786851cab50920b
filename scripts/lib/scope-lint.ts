/**
 * Cross-entity lint of data scopes and initial states (server/entity/data-scope.ts, capabilities/operations/contract.ts): `parent` and
 * `usedBy` name an entity that exists and a string field holding ids; `offered.when` names declared fields;
 * `initialStates` lists only fields an operation sets, with values of their dictionary; `menu.customerWhen` names
 * hyCustomer fields; `idempotencyKey` is on entities with an add.
 */
import { escapePointer, isObject, type Json } from './schema-json.ts';

interface Problem {
  file: string;
  path: string;
  message: string;
}

export function lintScopes(entities: ReadonlyArray<{ file: string; data: unknown }>): Problem[] {
  const problems: Problem[] = [];
  const byName = new Map<string, Json>();
  for (const { data } of entities) if (isObject(data) && typeof data.name === 'string') byName.set(data.name, data);
  const stringField = (entity: Json | undefined, field: unknown) => {
    const def = entity && isObject(entity.fields) ? entity.fields[String(field)] : undefined;
    return isObject(def) && def.type === 'string';
  };
  for (const { file, data } of entities) {
    if (!isObject(data) || !isObject(data.fields)) continue;
    const at = (path: string, message: string) => problems.push({ file, path, message });
    // menu.customerWhen reads the caller's customer row (server/menu/customer-menus.ts): hyCustomer's own fields.
    const customerWhen = isObject(data.menu) && isObject(data.menu.customerWhen) ? data.menu.customerWhen : undefined;
    const customers = byName.get('hyCustomer');
    for (const field of Object.keys(customerWhen ?? {})) {
      const def = customers && isObject(customers.fields) ? customers.fields[field] : undefined;
      if (!isObject(def)) at(`/menu/customerWhen/${escapePointer(field)}`, `hyCustomer has no field "${field}"`);
    }
    // Keys guard an add (the engine's claims them, server/core/idempotency.ts): an entity without adds takes none.
    const actions = Array.isArray(data.actions) ? data.actions : undefined;
    if (data.idempotencyKey === true && actions && !actions.includes('add')) at('/idempotencyKey', 'idempotency keys guard adds: this entity has no add');
    const scope = isObject(data.dataScope) ? data.dataScope : undefined;
    if (scope && isObject(scope.parent)) {
      if (!byName.has(String(scope.parent.entity))) at('/dataScope/parent/entity', `unknown entity "${String(scope.parent.entity)}"`);
      if (!stringField(data, scope.parent.field)) at('/dataScope/parent/field', `"${String(scope.parent.field)}" must be a declared string field holding the parent's id`);
      if (scope.customer !== undefined) at('/dataScope/parent', 'a row reached through its parent takes the parent\'s scope: drop `customer`');
    }
    if (scope && Array.isArray(scope.usedBy)) {
      scope.usedBy.forEach((use, i) => {
        if (!isObject(use)) return;
        const user = byName.get(String(use.entity));
        if (!user) at(`/dataScope/usedBy/${i}/entity`, `unknown entity "${String(use.entity)}"`);
        else if (!stringField(user, use.field)) at(`/dataScope/usedBy/${i}/field`, `"${String(use.entity)}" has no string field "${String(use.field)}"`);
      });
    }
    if (scope && isObject(scope.offered) && isObject(scope.offered.when)) {
      for (const field of Object.keys(scope.offered.when)) {
        if (!isObject(data.fields[field])) at(`/dataScope/offered/when/${escapePointer(field)}`, `"${field}" is not a declared field`);
      }
    }
    if (isObject(data.initialStates)) {
      const set = new Set((Array.isArray(data.operations) ? data.operations : []).flatMap((op) => (isObject(op) && isObject(op.set) ? Object.keys(op.set) : [])));
      for (const field of Object.keys(data.initialStates)) {
        if (!set.has(field)) at(`/initialStates/${escapePointer(field)}`, `"${field}" is set by no operation: it needs no initial states`);
      }
    }
  }
  return problems;
}
