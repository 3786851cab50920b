/** `string`: a line of text, stored as varchar(maxLength); may carry a named `format` or a `pattern`. */
import { JSON_SCHEMA_FORMAT } from '../../src/contracts/validation/formats.ts';
import type { FieldDef } from '../../src/contracts/entity.ts';
import type { JsonSchemaProperty } from '../../src/contracts/validation/entity-json-schema.ts';
import { defineFieldType, NOT_BLANK, type ValueSchemaBase } from '../contract.ts';

export const DEFAULT_STRING_MAX = 255;

/** The value schema of typed text up to `max` characters (string and text fields). */
export function typedTextSchema(field: FieldDef, base: ValueSchemaBase, max: number): JsonSchemaProperty {
  return {
    ...base,
    type: 'string',
    minLength: field.required ? Math.max(1, field.minLength ?? 1) : field.minLength,
    maxLength: field.maxLength ?? max,
    // Whitespace alone is "no value": the server trims before validating, so the browser must refuse it too.
    pattern: field.pattern ?? (field.required ? NOT_BLANK : undefined),
    format: field.format ? JSON_SCHEMA_FORMAT[field.format] : undefined,
  };
}

export const stringType = defineFieldType({
  name: 'string',
  valueSchema: (field, base) => typedTextSchema(field, base, DEFAULT_STRING_MAX),
});
