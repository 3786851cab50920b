/**
 * Lint of `operations`, `requires` (and of `defaultGrants` naming operations): keys are identifiers that do not
 * collide with CRUD routes; `when`, `set` and `input` name declared fields; values written or compared are items of
 * the field's dictionary and fit its type. Across files: `requires` and `history` name real fields and entities,
 * expressions name fields that exist, `openForm` opens an entity whose fields it fills. Runs on files that failed
 * the meta-schema too, so every access is guarded.
 */
import { ENTITY_ACTIONS, SYSTEM_FIELDS } from '../../src/contracts/entity.ts';
import { asArray, escapePointer, isObject, type Json } from '../../scripts/lib/schema-json.ts';
import type { DictItems } from '../../scripts/lib/entity-lint.ts';
import type { Problem } from '../../scripts/lib/schema-files.ts';
import type { At, CapabilityLint, LintedFile } from '../lint-part.ts';
import { entitiesByName, fieldsOf, referencedFile } from '../references/lint.ts';
import { EXPRESSION_PATTERN, OPERATION_KEY_PATTERN, RESERVED_OPERATION_KEYS, isExpression } from './contract.ts';

const NUMERIC = new Set<unknown>(['integer', 'number', 'money']);

/** Whether a literal may be stored in a field of this type (null always may: it clears the field). */
function fitsType(type: unknown, value: unknown): boolean {
  if (value === null) return true;
  if (type === 'boolean') return typeof value === 'boolean';
  if (type === 'integer') return Number.isInteger(value);
  if (NUMERIC.has(type)) return typeof value === 'number';
  return typeof value === 'string';
}

/** One entity file's operations (and `defaultGrants` naming them). */
function lintOwnOperations(entity: Json, fields: Json, dictionaries: ReadonlyMap<string, DictItems>, at: At): void {
  const keys = new Set<string>();
  const system = new Set<string>(SYSTEM_FIELDS);
  /** The field's definition, or a reported error and undefined. */
  const declared = (field: string, pointer: string): Json | undefined => {
    const def = fields[field];
    if (isObject(def)) return def;
    at(pointer, system.has(field) ? `system field "${field}" cannot be used by an operation` : `unknown field "${field}" (not in fields)`);
    return undefined;
  };
  const dictItems = (def: Json) => (typeof def.dict === 'string' ? dictionaries.get(def.dict) : undefined);

  asArray(entity.operations).forEach((operation, i) => {
    if (!isObject(operation)) return;
    const base = `/operations/${i}`;
    const key = operation.key;
    if (typeof key === 'string') {
      if (!OPERATION_KEY_PATTERN.test(key)) at(`${base}/key`, `"${key}" is not a camelCase identifier`);
      else if (RESERVED_OPERATION_KEYS.includes(key)) at(`${base}/key`, `"${key}" is a CRUD route of every entity; choose another key`);
      else if (keys.has(key)) at(`${base}/key`, `operation "${key}" is declared twice`);
      keys.add(key);
    }
    const placement = asArray(operation.placement);
    if (isObject(operation.panel)) {
      if (placement.length !== 1 || placement[0] !== 'row') at(`${base}/placement`, 'a panel operation opens a drawer for one row: placement must be ["row"]');
      if (operation.set !== undefined || operation.input !== undefined) at(`${base}/panel`, 'a panel operation calls no endpoint of its own, so it takes no `set` or `input`');
    }
    if (isObject(operation.openForm)) {
      if (placement.length !== 1 || placement[0] !== 'row') at(`${base}/placement`, 'an openForm operation opens a form from one row: placement must be ["row"]');
      if (operation.set !== undefined || operation.input !== undefined || operation.panel !== undefined) at(`${base}/openForm`, 'an openForm operation calls no endpoint of its own, so it takes no `set`, `input` or `panel`');
    }
    if (operation.route !== undefined) {
      if (typeof operation.route !== 'string' || !/^\/[A-Za-z0-9/_-]+$/.test(operation.route)) at(`${base}/route`, 'a route is a path under the API base, such as "/hybill/hyBill/batchBill"');
      // `input` is allowed: the dialog's values travel in the body and the route validates them itself.
      if (operation.set !== undefined || operation.panel !== undefined || operation.openForm !== undefined) {
        at(`${base}/route`, 'a route operation is served by server code, so it takes no `set`, `panel` or `openForm`');
      }
    }
    if (placement.includes('toolbar') && !isObject(operation.when)) {
      at(`${base}/placement`, 'a toolbar operation acts on every row passing `when`, so it needs a `when`');
    }

    if (isObject(operation.when)) {
      for (const [field, values] of Object.entries(operation.when)) {
        const pointer = `${base}/when/${escapePointer(field)}`;
        const def = declared(field, pointer);
        if (!def) continue;
        const items = dictItems(def);
        asArray(values).forEach((value, j) => {
          if (typeof value !== 'string') return;
          // The toolbar finds its rows with the list's value syntax: keep values literal.
          if (/[,*!<>=]|^\s|\s$/.test(value) || value === '') at(`${pointer}/${j}`, `"${value}" must be a plain value (no commas, *, !, <, >, = or surrounding spaces)`);
          else if (items && items !== 'table' && !items.has(value)) at(`${pointer}/${j}`, `"${value}" is not an item of dictionary "${String(def.dict)}"`);
        });
      }
    }

    if (operation.inputFrom !== undefined && operation.route === undefined) {
      at(`${base}/inputFrom`, 'inputFrom names the entity a `route` operation adds records of: declare the route too');
    }
    const inputFields = new Set<string>();
    asArray(operation.input).forEach((input, j) => {
      if (!isObject(input) || typeof input.field !== 'string') return;
      const pointer = `${base}/input/${j}/field`;
      // Another entity's fields (inputFrom) are checked across files (lintCrossEntity).
      const def = operation.inputFrom === undefined ? declared(input.field, pointer) : undefined;
      if (inputFields.has(input.field)) at(pointer, `input "${input.field}" is listed twice`);
      inputFields.add(input.field);
      // An upload opens the file-upload popup (renderer-dialog.tsx), which asks for nothing else.
      if (def && (def.type === 'image' || def.type === 'file') && asArray(operation.input).length > 1) {
        at(pointer, `"${input.field}" is an ${String(def.type)} field: an upload must be the operation's only input (it opens the file-upload popup)`);
      }
    });

    if (isObject(operation.set)) {
      if (Object.keys(operation.set).length === 0 && inputFields.size === 0) at(`${base}/set`, 'the operation writes nothing (empty set and no input)');
      for (const [field, value] of Object.entries(operation.set)) {
        const pointer = `${base}/set/${escapePointer(field)}`;
        const def = declared(field, pointer);
        if (!def) continue;
        if (inputFields.has(field)) at(pointer, `"${field}" is both set and asked for as input`);
        if (isExpression(value)) {
          // Computed values: checked for syntax (and named fields) by the transitions lint.
          if (!/^\$(now|user|realname|field:[a-z][A-Za-z0-9]*)$/.test(value)) at(pointer, `"${value}" is not a computed value ($now, $user, $realname, $field:<name>)`);
          continue;
        }
        if (!fitsType(def.type, value)) at(pointer, `${JSON.stringify(value)} does not fit a ${String(def.type)} field`);
        if (value === null && def.required === true) at(pointer, `"${field}" is required and cannot be cleared`);
        const items = dictItems(def);
        if (items && items !== 'table' && typeof value === 'string' && !items.has(value)) {
          at(pointer, `"${value}" is not an item of dictionary "${String(def.dict)}"`);
        }
      }
    } else if (inputFields.size === 0 && operation.set === undefined && !isObject(operation.panel) && !isObject(operation.openForm) && operation.route === undefined) {
      // Server-managed entities implement their operations in code (e.g. 执行一次 runs a job and writes a run row).
      at(base, 'the operation writes nothing: declare `set` or `input`');
    }
  });

  if (isObject(entity.defaultGrants)) {
    const grantable = new Set<string>([...ENTITY_ACTIONS, ...keys]);
    for (const [role, granted] of Object.entries(entity.defaultGrants)) {
      asArray(granted).forEach((name, j) => {
        if (typeof name === 'string' && !grantable.has(name)) {
          at(`/defaultGrants/${escapePointer(role)}/${j}`, `"${name}" is neither an action nor an operation key of this entity`);
        }
      });
    }
  }
}

/** What operations name in other entity files: requirements' targets, history entities, openForm's forms. */
function lintCrossEntity(entities: readonly LintedFile[]): Problem[] {
  const problems: Problem[] = [];
  const byName = entitiesByName(entities);

  for (const { file, data } of entities) {
    if (!isObject(data)) continue;
    const at = (pointer: string, message: string) => problems.push({ file, path: pointer, message });
    const fields = fieldsOf(data);
    // Requirements follow `references` (capabilities/references, imported one way).
    const referenced = (field: unknown, pointer: string) => referencedFile(fields, byName, field, pointer, at);

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
      if (typeof operation.inputFrom === 'string') {
        const source = byName.get(operation.inputFrom);
        if (!source) at(`${base}/inputFrom`, `unknown entity "${operation.inputFrom}"`);
        else {
          const sourceFields = fieldsOf(source);
          asArray(operation.input).forEach((input, j) => {
            if (isObject(input) && typeof input.field === 'string' && !isObject(sourceFields[input.field])) {
              at(`${base}/input/${j}/field`, `unknown field "${input.field}" of ${operation.inputFrom}`);
            }
          });
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

export const operationsLint: CapabilityLint = {
  entity: lintOwnOperations,
  entities: lintCrossEntity,
};
