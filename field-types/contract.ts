/**
 * The shared part of a field type, seen by the browser and the server alike: its value's JSON Schema (the one
 * validation source both ajv instances compile), the formats that schema names and the messages for its failures.
 *
 * A field type is one folder, `field-types/<type>/`: `meta.json` (its meta-schema fragment: the description and the
 * field properties only it uses), `contract.ts` (this part), `server.ts` (its column and write rules, see
 * server-part.ts), `renderer.tsx` (its form input, see renderer-part.ts), optionally `renderer-view.tsx` (its list
 * cell, detail display, query input) and `lint.ts`. Each part is registered by one line in the list of the side it
 * serves: index.ts, server.ts, renderers.ts, renderers-view.ts, lints.ts (docs/architecture.md).
 */
import type { FieldDef } from '../src/contracts/entity.ts';
import type { GridCellType, GridStatistic } from '../src/contracts/grid.ts';
import type { JsonSchemaProperty } from '../src/contracts/validation/entity-json-schema.ts';

/** The part of every value schema the engine fills in: the label as title and a literal default. */
export type ValueSchemaBase = Pick<JsonSchemaProperty, 'title' | 'default'>;

/** Pattern given to required strings without one of their own: whitespace alone is no value. */
export const NOT_BLANK = '\\S';

/** The engine's message for a failed keyword of a (nested) field, for types that hold fields of their own. */
export type FieldMessageOf = (field: FieldDef | undefined, keyword: string, params: Record<string, unknown>) => string;

/** A field of the type as an editable grid's column (line items, rows fields, inline-edited lists). All optional. */
export interface FieldTypeGrid {
  /** The grid's cell kind (default `input`); a dict or popup field gets its picker whatever the type. */
  readonly cell?: GridCellType;
  /** Column width in pixels (default 160). */
  readonly width?: number;
  /** Footer figures of a line-item grid (money adds up). */
  readonly statistics?: readonly GridStatistic[];
  /** False when a cell cannot edit the value faithfully (uploads, hashes, HTML, pickers): shown, never edited inline. */
  readonly inline?: boolean;
  /** A cell's non-blank text as the wire carries it (numbers, booleans); absent: sent as it is. */
  wireValue?(text: string): unknown;
}

export interface FieldTypeContract<Name extends string = string> {
  readonly name: Name;
  /**
   * The JSON Schema of one value of a field of this type (`base` holds its title and default; `nested` is the
   * engine's schema of a field the type holds, such as a row's sub-field).
   */
  valueSchema(field: FieldDef, base: ValueSchemaBase, nested: (field: FieldDef) => JsonSchemaProperty): JsonSchemaProperty;
  /** ajv formats the value schema names (`cn-coordinates`), as string predicates, registered on both sides. */
  readonly formats?: Readonly<Record<string, (value: string) => boolean>>;
  /** A message for a failed keyword particular to this type, or undefined for the generic one. */
  message?(field: FieldDef, keyword: string, params: Record<string, unknown>): string | undefined;
  /**
   * A message for an error below the value (`parts`: the path after the field's name, possibly empty), when the
   * type has one; its messages then name the field themselves (see `labelledMessages`).
   */
  pathMessage?(field: FieldDef, parts: readonly string[], keyword: string, params: Record<string, unknown>, messageOf: FieldMessageOf): string | undefined;
  /** True when every message of the type already names the field, so the server does not prefix its label. */
  readonly labelledMessages?: boolean;
  /**
   * Never sent back by the server (lists, queryById, export, reports) nor filtered on; an edit that leaves it blank
   * keeps the stored value (passwords).
   */
  readonly secret?: boolean;
  /** A non-string value as the record keeps it (strings are trimmed by the engine for every type). */
  normalise?(field: FieldDef, value: unknown): unknown;
  /**
   * The field as a column of the editable grid (line items, rows fields, inline-edited lists). Here rather than in
   * the renderer part because the rows type's renderer part is itself built on the grid: the grid asking the
   * renderer registry would close an import cycle.
   */
  readonly grid?: FieldTypeGrid;
}

/**
 * The part a registry (contracts, server parts, renderer parts, views) holds for a type, asked by the engines; a
 * name no type registered is a programming error, since the meta-schema admits registered names only.
 */
export function partOf<Part>(registry: Readonly<Record<string, Part>>, name: string): Part {
  if (!Object.hasOwn(registry, name)) throw new Error(`unknown field type ${name}`);
  return registry[name];
}

/** Keeps the literal type name, so the registry can spell the FieldType union. */
export function defineFieldType<const Name extends string>(contract: FieldTypeContract<Name>): FieldTypeContract<Name> {
  return contract;
}
