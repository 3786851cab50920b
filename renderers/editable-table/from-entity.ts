/**
 * Grid columns and checks for a child entity's rows (schema `children`): each column is a child field, and each
 * cell is checked with the field's own JSON Schema through ajv — the rules and sentences the server applies to
 * the same rows, so the grid and the server never disagree about a line item.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { ChildTableDef, EntitySchema, FieldDef } from '../../src/contracts/entity.ts';
import { isMultiValue } from '../../src/contracts/entity.ts';
import type { GridCellType, GridColumn, GridStatistic } from '../../src/contracts/grid.ts';
import { fieldTypeContract } from '../../field-types/index.ts';
import type { FieldTypeGrid } from '../../field-types/contract.ts';
import { AJV_OPTIONS, CUSTOM_FORMATS, fieldMessage, fieldToJsonSchema } from '../../src/contracts/validation/entity-json-schema.ts';
import type { GridRuleHandler } from './validation.ts';

const DEFAULT_WIDTH = 160;

/** The field type's grid column (contract.ts `grid`); a type without one is a text input. */
function gridOf(field: FieldDef): FieldTypeGrid {
  return fieldTypeContract(field.type).grid ?? {};
}

function cellType(field: FieldDef): GridCellType {
  // Field options that pick a cell whatever the type come first.
  if (field.popup) return 'popup';
  if (field.dict) return isMultiValue(field) ? 'select-multiple' : 'select';
  return gridOf(field).cell ?? 'input';
}

/** The child fields the grid shows: the declared columns, else the child's form fields, never the foreign key. */
export function childColumnFields(child: EntitySchema, def: ChildTableDef): string[] {
  const names = def.columns ?? child.form.fields;
  return names.filter((name) => name !== def.foreignKey && name !== def.sortField && child.fields[name]);
}

export function gridColumnsFor(child: EntitySchema, def: ChildTableDef): GridColumn[] {
  return fieldColumns(child.fields, childColumnFields(child, def));
}

/** One grid column per named field (line items of a child entity, or the sub-fields of a rows field). */
export function fieldColumns(fields: Record<string, FieldDef>, names: readonly string[]): GridColumn[] {
  return names.map((name) => {
    const field = fields[name];
    return {
      key: name,
      title: field.label,
      type: cellType(field),
      width: gridOf(field).width ?? DEFAULT_WIDTH,
      dictCode: field.dict,
      multiple: field.multiple,
      // A popup writes its destination keys into the same row.
      popup: field.popup,
      defaultValue: field.default,
      placeholder: field.placeholder,
      // Money columns add up, as line items usually should.
      statistics: statisticsOf(field),
      validateRules: [...(field.required ? [{ required: true as const, message: `请输入${field.label}` }] : []), { handler: `field:${name}` }],
    };
  });
}

function statisticsOf(field: FieldDef): GridStatistic[] | undefined {
  const statistics = gridOf(field).statistics;
  return statistics ? [...statistics] : undefined;
}

/** Whether a cell can edit a field of this type faithfully (contract.ts `grid.inline`). */
export function editableInCell(field: FieldDef): boolean {
  return gridOf(field).inline !== false;
}

/** A cell's value as the wire carries it: numbers for numeric fields, booleans for boolean ones. */
export function wireValue(field: FieldDef | undefined, value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  const convert = field ? gridOf(field).wireValue : undefined;
  return convert && typeof value === 'string' ? convert(value) : value;
}

export function wireRow(child: EntitySchema, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const converted = key === 'id' ? value : wireValue(child.fields[key], value);
    if (converted !== undefined) out[key] = converted;
  }
  return out;
}

/** `field:<name>` handlers: the field's JSON Schema, compiled once, with the contract's message on failure. */
export function fieldHandlers(child: Pick<EntitySchema, 'fields'>): Record<string, GridRuleHandler> {
  const ajv = new Ajv({ ...AJV_OPTIONS });
  for (const [name, check] of Object.entries(CUSTOM_FORMATS)) ajv.addFormat(name, check);
  const handlers: Record<string, GridRuleHandler> = {};
  for (const [name, field] of Object.entries(child.fields)) {
    let validate: ValidateFunction | undefined;
    handlers[`field:${name}`] = (value) => {
      validate ??= ajv.compile(fieldToJsonSchema(field));
      const wire = wireValue(field, value);
      if (wire === undefined || validate(wire)) return undefined;
      const error = validate.errors?.[0];
      return fieldMessage(field, error?.keyword ?? '', (error?.params ?? {}) as Record<string, unknown>);
    };
  }
  return handlers;
}
