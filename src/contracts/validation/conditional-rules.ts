/**
 * Conditional field rules (`requiredWhen`, `formatWhen`) compiled to JSON Schema `if`/`then` pairs inside the
 * write schema's `allOf`: ajv on the server and rjsf in the browser evaluate the same object, and rjsf resolves the
 * pairs against the typed values, so a field required under the current condition shows its asterisk.
 */
import type { EntitySchema, FieldCondition } from '../entity.ts';
import { JSON_SCHEMA_FORMAT } from './formats.ts';

export interface JsonSchemaCondition {
  if: { properties: Record<string, { enum: Array<string | number | boolean> }>; required: string[] };
  then: { required?: string[]; properties?: Record<string, { format: string }> };
}

/** The `if` half: every named field is present and holds one of its values. */
function conditionSchema(condition: FieldCondition): JsonSchemaCondition['if'] {
  const fields = Object.keys(condition);
  return { properties: Object.fromEntries(fields.map((name) => [name, { enum: [...condition[name]] }])), required: fields };
}

/** One pair per rule of the writable fields; empty when the entity declares none. */
export function conditionalRules(entity: EntitySchema, writable: string[]): JsonSchemaCondition[] {
  const rules: JsonSchemaCondition[] = [];
  for (const name of writable) {
    const field = entity.fields[name];
    if (field.requiredWhen && Object.keys(field.requiredWhen).length > 0) {
      rules.push({ if: conditionSchema(field.requiredWhen), then: { required: [name] } });
    }
    if (field.formatWhen) {
      for (const [value, format] of Object.entries(field.formatWhen.cases)) {
        rules.push({
          if: conditionSchema({ [field.formatWhen.field]: [value] }),
          then: { properties: { [name]: { format: JSON_SCHEMA_FORMAT[format] } } },
        });
      }
    }
  }
  return rules;
}

/**
 * ajv also reports the `if` wrapper of a failed `then` ("must match then schema") at the record's root; the failing
 * rule inside is reported on its own with the field's path, so the wrapper carries nothing a person needs.
 */
export function isConditionWrapper(keyword: string): boolean {
  return keyword === 'if';
}
