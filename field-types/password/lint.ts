/** `password` lint: a list cannot search by a password (its hash is never filtered on). */
import { asArray, isObject } from '../../scripts/lib/schema-json.ts';
import type { FieldLintContext } from '../lints.ts';

export function lintPasswordField({ entity, name, atFile }: FieldLintContext): void {
  const list = isObject(entity.list) ? entity.list : {};
  asArray(list.query).forEach((query, i) => {
    const isString = typeof query === 'string';
    const field = isString ? query : isObject(query) ? query.field : undefined;
    if (field === name) atFile(isString ? `/list/query/${i}` : `/list/query/${i}/field`, `"${name}" is a password field; passwords cannot be searched`);
  });
}
