/**
 * Custom operations declared by an entity schema (`operations`): what the server and the browser both need to
 * know — permission code, the `when` guard, the guard's message and the JSON Schema of the input dialog, built
 * from the entity's own field definitions so both sides validate with the same rules.
 */
import type { EntitySchema, FieldDef, OperationDef, OperationPlacement } from './entity.ts';
import { ENTITY_ACTIONS } from './entity.ts';
import { fieldToJsonSchema, type JsonSchemaObject, type JsonSchemaProperty } from './validation/entity-json-schema.ts';

/** Path suffixes the CRUD routes already use under an entity's api; an operation key may not take one. */
export const RESERVED_OPERATION_KEYS: readonly string[] = [...ENTITY_ACTIONS, 'deleteBatch', 'queryById'];

/** Operation keys become URL segments and permission suffixes: camelCase identifiers only. */
export const OPERATION_KEY_PATTERN = /^[a-z][A-Za-z0-9]{0,62}$/;

/** At most this many rows per batch (or toolbar) call. */
export const MAX_OPERATION_ROWS = 1000;

export function entityOperations(entity: Pick<EntitySchema, 'operations'>): readonly OperationDef[] {
  return entity.operations ?? [];
}

export function operationPermission(entity: Pick<EntitySchema, 'permissionPrefix'>, operation: Pick<OperationDef, 'key'>): string {
  return `${entity.permissionPrefix}:${operation.key}`;
}

/** Where an operation's button sends its call: the schema's `route`, else `<api>/<key>`. */
export function operationPath(entity: Pick<EntitySchema, 'api'>, operation: Pick<OperationDef, 'key' | 'route'>): string {
  return operation.route ?? `${entity.api}/${operation.key}`;
}

export function operationsAt(entity: Pick<EntitySchema, 'operations'>, placement: OperationPlacement): OperationDef[] {
  return entityOperations(entity).filter((operation) => operation.placement.includes(placement));
}

/** The first `when` field the row fails, or undefined when the row may take the operation. */
export function failedGuardField(operation: Pick<OperationDef, 'when'>, row: Record<string, unknown>): string | undefined {
  for (const [field, allowed] of Object.entries(operation.when ?? {})) {
    const value = row[field];
    if (!allowed.includes(value === null || value === undefined ? '' : String(value))) return field;
  }
  return undefined;
}

export function operationAllows(operation: Pick<OperationDef, 'when'>, row: Record<string, unknown>): boolean {
  return failedGuardField(operation, row) === undefined;
}

/**
 * The sentence for a row that fails the guard, e.g. 只有待审核的记录可以审核通过. `text` turns a dictionary value
 * into its text; values of fields without a dictionary are shown as they are.
 */
export function guardMessage(
  entity: Pick<EntitySchema, 'fields'>,
  operation: OperationDef,
  field: string,
  text: (dict: string, value: string) => string | undefined,
): string {
  if (operation.whenMessage) return operation.whenMessage;
  const def = entity.fields[field];
  const states = (operation.when?.[field] ?? []).map((value) => (def?.dict ? (text(def.dict, value) ?? value) : value));
  return `只有${states.join('或')}的记录可以${operation.label}`;
}

/** The field definition an input uses: the entity's own, with the operation's label and required flag. */
export function inputFieldDef(entity: Pick<EntitySchema, 'fields'>, input: NonNullable<OperationDef['input']>[number]): FieldDef {
  const def = entity.fields[input.field];
  return { ...def, label: input.label ?? def.label, required: input.required ?? def.required };
}

/** JSON Schema of the operation's input dialog: the entity's rules for each input field. */
export function operationInputSchema(entity: Pick<EntitySchema, 'fields'>, operation: OperationDef): JsonSchemaObject {
  const properties: Record<string, JsonSchemaProperty> = {};
  const required: string[] = [];
  for (const input of operation.input ?? []) {
    const def = inputFieldDef(entity, input);
    const property = fieldToJsonSchema(def);
    properties[input.field] = Object.fromEntries(Object.entries(property).filter(([, v]) => v !== undefined)) as JsonSchemaProperty;
    if (def.required) required.push(input.field);
  }
  return { type: 'object', title: operation.label, properties, required };
}

export function successMessage(operation: OperationDef): string {
  return operation.successMessage ?? `${operation.label}成功!`;
}
