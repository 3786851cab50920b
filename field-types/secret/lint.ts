/** `secret` lint: a list cannot search by a secret (its ciphertext is never filtered on). */
import { asArray, isObject } from '../../scripts/lib/schema-json.ts';
import type { FieldLintContext } from '../lints.ts';

export function lintSecretField({ entity, name, atFile }: FieldLintContext): void {
  const list = isObject(entity.list) ? entity.list : {};
  asArray(list.query).forEach((query, i) => {
    const isString = typeof query === 'string';
    const field = isString ? query : isObject(query) ? query.field : undefined;
    if (field === name) atFile(isString ? `/list/query/${i}` : `/list/query/${i}/field`, `"${name}" is a secret field; secrets cannot be searched`);
  });
}
