/**
 * The shared part of a field type, seen by the browser and the server alike: its value's JSON Schema (the one
 * validation source both ajv instances compile), the formats that schema names and the messages for its failures.
 *
 * A field type is one folder, `field-types/<type>/`: `meta.json` (its meta-schema fragment: the description and the
 * field properties only it uses), `contract.ts` (this part), `server.ts` (its column and write rules, see
 * server-part.ts), `renderer.tsx` (its form input, see renderer-part.ts) and optionally `lint.ts`. Each part is
 * registered by one line in the list of the side it serves: index.ts, server.ts, renderers.ts (docs/architecture.md).
 */
import type { FieldDef } from '../src/contracts/entity.ts';
import type { JsonSchemaProperty } from '../src/contracts/validation/entity-json-schema.ts';

/** The part of every value schema the engine fills in: the label as title and a literal default. */
export type ValueSchemaBase = Pick<JsonSchemaProperty, 'title' | 'default'>;

export interface FieldTypeContract<Name extends string = string> {
  readonly name: Name;
  /** The JSON Schema of one value of a field of this type (`base` holds its title and default). */
  valueSchema(field: FieldDef, base: ValueSchemaBase): JsonSchemaProperty;
  /** ajv formats the value schema names (`cn-coordinates`), as string predicates, registered on both sides. */
  readonly formats?: Readonly<Record<string, (value: string) => boolean>>;
  /** A message for a failed keyword particular to this type, or undefined for the generic one. */
  message?(field: FieldDef, keyword: string, params: Record<string, unknown>): string | undefined;
}

/** Keeps the literal type name, so the registry can spell the FieldType union. */
export function defineFieldType<const Name extends string>(contract: FieldTypeContract<Name>): FieldTypeContract<Name> {
  return contract;
}
